// Runs before every test file: DOM matchers, the fake API, and a clean browser state per test.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { i18n } from '@/lib/i18n';
import { resources } from '@/locales/resources';
import { forgetSession } from '@/lib/session';
import { apiServer } from './api-server';

// One bound for every wait, in this one place: a lazy screen's chunk (the data grid's, the
// charts') can take many seconds to load on a busy 2-core CI machine, and per-call timeouts
// of 5-8 s failed there. A wait that succeeds ends as soon as it can, so only failures wait long.
configure({ asyncUtilTimeout: 20_000 });

const DEFAULT_WINDOW_WIDTH = 1024;

/** jsdom has no media queries: answer `min-width`/`max-width` against the window's width
 * (1024 px unless a test changes `window.innerWidth`), so the wide layout is the default. */
function matchMedia(query: string): MediaQueryList {
  const min = /min-width:\s*([\d.]+)px/.exec(query);
  const max = /max-width:\s*([\d.]+)px/.exec(query);
  const matches =
    (min === null || window.innerWidth >= Number(min[1])) &&
    (max === null || window.innerWidth <= Number(max[1]));
  // The width never changes during a test, so no listener is ever called (nor needs the
  // deprecated addListener).
  const list: Omit<MediaQueryList, 'addListener' | 'removeListener'> = {
    matches,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  };
  return list as MediaQueryList;
}

// Every language at hand, as the browser has each once it has been shown.
for (const [language, namespaces] of Object.entries(resources)) {
  for (const [namespace, texts] of Object.entries(namespaces)) i18n.addResourceBundle(language, namespace, texts);
}

beforeAll(() => {
  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: matchMedia });
  apiServer.listen({ onUnhandledRequest: 'error' });
});

beforeEach(async () => {
  sessionStorage.clear();
  localStorage.clear();
  for (const pair of document.cookie.split(';')) {
    document.cookie = `${pair.split('=')[0]?.trim() ?? ''}=; path=/; max-age=0`;
  }
  forgetSession();
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  apiServer.resetHandlers();
  vi.useRealTimers();
  window.innerWidth = DEFAULT_WINDOW_WIDTH;
});

afterAll(() => apiServer.close());
