// The app's first render, once the entry has fetched its code and the reader's translations:
// it takes over the prerendered sign-in page when it would render the same, else renders anew.
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { showLanguage } from '@/lib/i18n';
import type { Language } from '@/locales/resources';
import { App } from './app';
import { canHydrate } from './prerendered';
import { preloadScreens } from './router';

export async function boot(container: HTMLElement, language: Language): Promise<void> {
  // The first render is already in the reader's language (the translations the entry started
  // loading), with the code of the screen the address names (preloaded here when the entry did
  // not know it).
  await Promise.all([showLanguage(language), preloadScreens(window.location.pathname)]);
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (canHydrate(container, language)) {
    hydrateRoot(container, app);
  } else {
    container.replaceChildren();
    createRoot(container).render(app);
  }
}
