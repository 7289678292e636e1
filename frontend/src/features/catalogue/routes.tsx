// The level catalogue's screens: the super admin's alone, so they exist only under /main. A
// level is edited at `edit?id=`, as the other features' records are.
import type { RouteObject } from 'react-router';
import { lazyNamed } from '@/lib/lazy-named';

const CataloguePage = lazyNamed(() => import('./components/catalogue-page'), 'CataloguePage');
const levelForms = () => import('./components/level-form');
const LevelAddPage = lazyNamed(levelForms, 'LevelAddPage');
const LevelEditPage = lazyNamed(levelForms, 'LevelEditPage');

export function catalogueRoutes(): RouteObject[] {
  return [
    { path: 'main/levelData', element: <CataloguePage /> },
    { path: 'main/levelData/add', element: <LevelAddPage /> },
    { path: 'main/levelData/edit', element: <LevelEditPage /> },
  ];
}
