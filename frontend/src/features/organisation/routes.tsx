// The organisation screens' routes under a role's prefix: reference data and companies (the
// super admin), a company admin's own company, and everyone's batches and audit log.
import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { lazyNamed } from '@/lib/lazy-named';

const referencePages = () => import('./components/reference-pages');
const companyForms = () => import('./components/company-form-pages');
const batchForms = () => import('./components/batch-form-pages');

// Industries and countries share their screens, told apart by a `kind` prop (and a key, so
// going from one list to the other mounts a fresh screen rather than reusing its state); a
// page with props is lazy on its own, as lazyNamed's pages take none.
const ReferenceListPage = lazy(async () => ({ default: (await referencePages()).ReferenceListPage }));
const ReferenceAddPage = lazy(async () => ({ default: (await referencePages()).ReferenceAddPage }));
const ReferenceEditPage = lazy(async () => ({ default: (await referencePages()).ReferenceEditPage }));
const CompanyListPage = lazyNamed(() => import('./components/company-list-page'), 'CompanyListPage');
const CompanyDetailsPage = lazyNamed(() => import('./components/company-details-page'), 'CompanyDetailsPage');
const CompanyAddPage = lazyNamed(companyForms, 'CompanyAddPage');
const CompanyEditPage = lazyNamed(companyForms, 'CompanyEditPage');
const BatchListPage = lazyNamed(() => import('./components/batch-list-page'), 'BatchListPage');
const BatchAddPage = lazyNamed(batchForms, 'BatchAddPage');
const BatchEditPage = lazyNamed(batchForms, 'BatchEditPage');
const AuditPage = lazyNamed(() => import('./components/audit-page'), 'AuditPage');

const SUPER_ADMIN_ONLY: RouteObject[] = [
  ...(['country', 'industry'] as const).flatMap((kind) => [
    { path: `main/${kind}`, element: <ReferenceListPage key={kind} kind={kind} /> },
    { path: `main/${kind}/add`, element: <ReferenceAddPage key={kind} kind={kind} /> },
    { path: `main/${kind}/edit`, element: <ReferenceEditPage key={kind} kind={kind} /> },
  ]),
  { path: 'main/company', element: <CompanyListPage /> },
  { path: 'main/company/add', element: <CompanyAddPage /> },
  { path: 'main/company/edit', element: <CompanyEditPage /> },
  { path: 'main/companydetails', element: <CompanyDetailsPage /> },
];

/** A company admin's Company item is their own company, not a list. */
const COMPANY_ADMIN_ONLY: RouteObject[] = [
  { path: 'companyadmin/company', element: <CompanyDetailsPage /> },
  { path: 'companyadmin/company/edit', element: <CompanyEditPage /> },
];

export function organisationRoutes(prefix: 'main' | 'companyadmin'): RouteObject[] {
  return [
    ...(prefix === 'main' ? SUPER_ADMIN_ONLY : COMPANY_ADMIN_ONLY),
    { path: `${prefix}/batch`, element: <BatchListPage /> },
    { path: `${prefix}/batch/add`, element: <BatchAddPage /> },
    { path: `${prefix}/batch/edit`, element: <BatchEditPage /> },
    { path: `${prefix}/audit`, element: <AuditPage /> },
  ];
}
