import type { RouteObject } from 'react-router';
import { routes } from './router';
import sections from './route-sections.json';

/** The first path segment of every route the app defines. */
function firstSegments(tree: RouteObject[]): Set<string> {
  const found = new Set<string>();
  for (const route of tree) {
    const first = route.path?.split('/')[0];
    if (first && first !== '*') found.add(first);
    if (route.children) for (const segment of firstSegments(route.children)) found.add(segment);
  }
  return found;
}

// The server answers the app's page only under these sections and 404 elsewhere (a probe of
// `/healthz` or `/metrics` must not see a page): a section added here and not there would 404.
it('lists every section of the app that the server answers with its page', () => {
  expect([...firstSegments(routes)].sort()).toEqual(sections);
});
