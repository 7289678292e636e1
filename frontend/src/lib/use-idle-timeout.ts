// Calls `onIdle` once the user has done nothing for `timeoutMs`: any mouse, key, scroll, click,
// touch or load activity starts the wait again. Runs only while the calling component is mounted.
import { useEffect, useRef } from 'react';

/** What counts as activity (the seed's list, plus touch and wheel for devices without a mouse). */
export const ACTIVITY_EVENTS = [
  'mousemove',
  'mousedown',
  'keydown',
  'scroll',
  'wheel',
  'click',
  'touchstart',
  'load',
] as const;

export function useIdleTimeout(timeoutMs: number, onIdle: () => void): void {
  const onIdleRef = useRef(onIdle);
  useEffect(() => {
    onIdleRef.current = onIdle;
  }, [onIdle]);

  useEffect(() => {
    let timer = window.setTimeout(() => onIdleRef.current(), timeoutMs);
    const restart = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => onIdleRef.current(), timeoutMs);
    };
    // Capture, so scrolling inside any element counts too (scroll events do not bubble).
    const options = { capture: true, passive: true } as const;
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, restart, options);
    return () => {
      window.clearTimeout(timer);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, restart, options);
    };
  }, [timeoutMs]);
}
