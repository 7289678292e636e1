// The people screens' routes under a role's prefix: company admins, trainees and their import.
import type { RouteObject } from 'react-router';
import { lazyNamed } from '@/lib/lazy-named';


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
