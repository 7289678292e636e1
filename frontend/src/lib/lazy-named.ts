// Screens whose code loads when first shown, or earlier when `preload` asks for it. Once the
// code has come, a screen renders at once: React.lazy would suspend on its first render even
// then, and the retry renders the whole screen in 5 ms slices with a frame painted between
// each, which doubled a dashboard's first render on a slow phone.
import { type ComponentType, createElement, lazy } from 'react';

export type Preloadable<P extends object = object> = ComponentType<P> & { preload: () => Promise<unknown> };

/** A screen whose code `load` fetches (once, however often it is asked). */
function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  const Lazy = lazy(async () => ({ default: await preload() }));
  const Screen = (props: P) => createElement(loaded ?? Lazy, props);
  return Object.assign(Screen, { preload });
}

/** A screen that is a module's named export. */
export function lazyNamed<M>(load: () => Promise<M>, name: keyof M): Preloadable {
  return lazyComponent(async () => (await load())[name] as ComponentType);
}
