// React.lazy for a module's named export: the app's pages keep named exports, and each screen's
// code loads when its route is first shown.
import { type ComponentType, lazy } from 'react';

export function lazyNamed<M>(load: () => Promise<M>, name: keyof M) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
