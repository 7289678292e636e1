// The width an element is laid out at, followed as it changes (a window turned, a sidebar
// folded); undefined until it is first laid out, or where the browser cannot tell (tests' DOM).
import { useCallback, useEffect, useState } from 'react';

export function useElementWidth(): [(element: Element | null) => void, number | undefined] {
  const [element, setElement] = useState<Element | null>(null);
  const [width, setWidth] = useState<number>();
  useEffect(() => {
    if (element === null || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [useCallback((next: Element | null) => setElement(next), []), width];
}
