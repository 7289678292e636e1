// The people screens' routes under a role's prefix: company admins, trainees and their import.
import type { RouteObject } from 'react-router';

export function peopleRoutes(_prefix: 'main' | 'companyadmin'): RouteObject[] {
  return [];
}
