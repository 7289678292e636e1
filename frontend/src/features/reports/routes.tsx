// The score report's screens under a role's prefix, one route per path the seed names (see
// report-screens.ts); they share one page, which the path tells what to show (and a key, so
// going from one screen to another mounts a fresh page).
import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { type Prefix, screensOf } from './report-screens';

// A page with props is lazy on its own, as lazyNamed's pages take none.
const ReportPage = lazy(async () => ({ default: (await import('./components/report-page')).ReportPage }));

export function reportRoutes(prefix: Prefix): RouteObject[] {
  return screensOf(prefix).map((screen) => ({
    path: `${prefix}/${screen.path}`,
    element: <ReportPage key={screen.path} prefix={prefix} screen={screen} />,
  }));
}
