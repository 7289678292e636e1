// The people screens' routes under a role's prefix: company admins, trainees and their import.
import { type ComponentType, lazy } from 'react';
import type { RouteObject } from 'react-router';

/** React.lazy for a module's named export, so pages keep named exports like everything else. */
function lazyNamed<M>(load: () => Promise<M>, name: keyof M) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const pages = () => import('./components/people-pages');
const CompanyAdminListPage = lazyNamed(pages, 'CompanyAdminListPage');
const CompanyAdminFormPage = lazyNamed(pages, 'CompanyAdminFormPage');
const TraineeListPage = lazyNamed(pages, 'TraineeListPage');
const TraineeFormPage = lazyNamed(pages, 'TraineeFormPage');
const ImportUsersPage = lazyNamed(() => import('./components/import-page'), 'ImportUsersPage');

export function peopleRoutes(prefix: 'main' | 'companyadmin'): RouteObject[] {
  return [
    { path: `${prefix}/companyadmin`, element: <CompanyAdminListPage /> },
    { path: `${prefix}/companyadmin/add`, element: <CompanyAdminFormPage /> },
    { path: `${prefix}/companyadmin/edit`, element: <CompanyAdminFormPage /> },
    { path: `${prefix}/user`, element: <TraineeListPage /> },
    { path: `${prefix}/user/add`, element: <TraineeFormPage /> },
    { path: `${prefix}/user/edit`, element: <TraineeFormPage /> },
    { path: `${prefix}/user/import`, element: <ImportUsersPage /> },
  ];
}
