// React.lazy for a module's named export: the app's pages keep named exports, and each screen's
// code loads when its route is first shown, or earlier when `preload` asks for it.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export type Preloadable = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

export function lazyNamed<M>(load: () => Promise<M>, name: keyof M): Preloadable {
  let loading: Promise<M> | undefined;
  const preload = () => (loading ??= load());
  const component = lazy(async () => ({ default: (await preload())[name] as ComponentType }));
  return Object.assign(component, { preload });
}
