// The licence screens' routes under a role's prefix: allocations, the summary and seats.
import type { RouteObject } from 'react-router';

export function licenceRoutes(_prefix: 'main' | 'companyadmin'): RouteObject[] {
  return [];
}
