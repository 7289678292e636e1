// The people screens' routes under a role's prefix: company admins, trainees and their import.
import type { RouteObject } from 'react-router';
import { lazyNamed } from '@/lib/lazy-named';


const pages = () => import('./components/people-pages');
const CompanyAdminListPage = lazyNamed(pages, 'CompanyAdminListPage');
const CompanyAdminAddPage = lazyNamed(pages, 'CompanyAdminAddPage');
const CompanyAdminEditPage = lazyNamed(pages, 'CompanyAdminEditPage');
const TraineeListPage = lazyNamed(pages, 'TraineeListPage');
const TraineeAddPage = lazyNamed(pages, 'TraineeAddPage');
const TraineeEditPage = lazyNamed(pages, 'TraineeEditPage');
const ImportUsersPage = lazyNamed(() => import('./components/import-page'), 'ImportUsersPage');

export function peopleRoutes(prefix: 'main' | 'companyadmin'): RouteObject[] {
  return [
    { path: `${prefix}/companyadmin`, element: <CompanyAdminListPage /> },
    { path: `${prefix}/companyadmin/add`, element: <CompanyAdminAddPage /> },
    { path: `${prefix}/companyadmin/edit`, element: <CompanyAdminEditPage /> },
    { path: `${prefix}/user`, element: <TraineeListPage /> },
    { path: `${prefix}/user/add`, element: <TraineeAddPage /> },
    { path: `${prefix}/user/edit`, element: <TraineeEditPage /> },
    { path: `${prefix}/user/import`, element: <ImportUsersPage /> },
  ];
}
