// The level catalogue's screens: the super admin's alone, so they exist only under /main. A
// level is edited at `edit?id=`, as the other features' records are.
import type { RouteObject } from 'react-router';
import { lazyNamed } from '@/lib/lazy-named';

const CataloguePage = lazyNamed(() => import('./components/catalogue-page'), 'CataloguePage');
const LevelFormPage = lazyNamed(() => import('./components/level-form'), 'LevelFormPage');

export function catalogueRoutes(): RouteObject[] {
  return [
    { path: 'main/levelData', element: <CataloguePage /> },
    { path: 'main/levelData/add', element: <LevelFormPage /> },
    { path: 'main/levelData/edit', element: <LevelFormPage /> },
  ];
}
