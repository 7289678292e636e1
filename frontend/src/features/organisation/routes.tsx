// The organisation screens' routes under a role's prefix: reference data, companies, batches.
import type { RouteObject } from 'react-router';

export function organisationRoutes(_prefix: 'main' | 'companyadmin'): RouteObject[] {
  return [];
}
