// The licence screens' routes under a role's prefix: allocations, the summary and seats.
// Allocations are the super admin's to add and edit.
import type { RouteObject } from 'react-router';
import { lazyNamed } from '@/lib/lazy-named';


const LicenceSummaryPage = lazyNamed(() => import('./components/licence-summary-page'), 'LicenceSummaryPage');
const LicenceSummaryViewPage = lazyNamed(
  () => import('./components/licence-summary-view-page'),
  'LicenceSummaryViewPage',
);
const allocationForms = () => import('./components/allocation-form-page');
const AllocationAddPage = lazyNamed(allocationForms, 'AllocationAddPage');
const AllocationEditPage = lazyNamed(allocationForms, 'AllocationEditPage');
const SeatsPage = lazyNamed(() => import('./components/seats-page'), 'SeatsPage');
const AssignSeatPage = lazyNamed(() => import('./components/assign-seat-page'), 'AssignSeatPage');

export function licenceRoutes(prefix: 'main' | 'companyadmin'): RouteObject[] {
  return [
    { path: `${prefix}/licencesummary`, element: <LicenceSummaryPage /> },
    { path: `${prefix}/licencesummaryview`, element: <LicenceSummaryViewPage /> },
    { path: `${prefix}/licencedetails`, element: <SeatsPage /> },
    { path: `${prefix}/licencedetails/add`, element: <AssignSeatPage /> },
    ...(prefix === 'main'
      ? [
          { path: 'main/licencesummary/add', element: <AllocationAddPage /> },
          { path: 'main/licencesummary/edit', element: <AllocationEditPage /> },
        ]
      : [{ path: 'companyadmin/licencedetails/edit', element: <AssignSeatPage /> }]),
  ];
}
