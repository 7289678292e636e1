// The sign-in page rendered at build time in each language (scripts/prerender.mjs), so that
// /login paints from its HTML before any script arrives; boot.tsx then hydrates it. The tree is
// the browser's (boot.tsx), with the static router in place of the browser one.
import { StrictMode } from 'react';
import { prerender as prerenderTree } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProvider } from './app/provider';
import { AppRoutes, preloadScreens } from './app/router';
import { showLanguage } from './lib/i18n';
import type { Language } from './locales/resources';

export { LANGUAGES } from './locales/load';

/** The HTML of the app's root at `url`, in `language` and the default look. */
export async function prerender(url: string, language: Language): Promise<string> {
  await Promise.all([showLanguage(language), preloadScreens(new URL(url).pathname)]);
  const { prelude } = await prerenderTree(
    <StrictMode>
      <AppProvider>
        <StaticRouter location={new URL(url).pathname}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </StrictMode>,
    // One document, every boundary in place: no script that moves parts (the CSP allows none).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
