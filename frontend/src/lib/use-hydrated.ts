// Whether the app has taken the page over: false in the build's prerender and while the browser
// hydrates it (React reads the server snapshot then), true in every render after.
import { useSyncExternalStore } from 'react';

/** Nothing to listen to: the answer changes once, when hydration ends, and React knows when. */
const unchanging = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
}
