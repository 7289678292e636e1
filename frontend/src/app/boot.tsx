// The app's first render, once the entry has fetched its code and the reader's translations:
// it takes over the prerendered sign-in page when it would render the same, else renders anew.
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { ME_URL, PREFERENCES_URL, takeEarlyAnswers } from '@/lib/early-reads';
import { showLanguage } from '@/lib/i18n';
import { preferencesKey } from '@/lib/preferences';
import type { KnownAnswers } from '@/lib/query-client';
import { learnSession, type SessionUser } from '@/lib/session';
import type { Language } from '@/locales/resources';
import { App } from './app';
import { canHydrate } from './prerendered';
import { preloadScreens } from './router';

/** The early answers under their hooks' query keys: a generated hook's read without parameters
 * is keyed by its address, the preferences by their person (lib/preferences). */
function knownAnswers(answers: Map<string, unknown>, me: SessionUser | undefined): KnownAnswers {
  return [...answers].flatMap(([url, data]): KnownAnswers => {
    if (url !== PREFERENCES_URL) return [[[url], data]];
    return me ? [[preferencesKey(me.id), data]] : [];
  });
}

export async function boot(container: HTMLElement, language: Language): Promise<void> {
  // The first render is already in the reader's language (the translations the entry started
  // loading), with the code of the screen the address names (preloaded here when the entry did
  // not know it) and the answers of the reads the entry started alongside: who is signed in and
  // what their landing screen shows. It is the whole screen, not a progress bar that each
  // answer then replaces with a little more.
  const [answers] = await Promise.all([
    takeEarlyAnswers(),
    showLanguage(language),
    preloadScreens(window.location.pathname),
  ]);
  const me = answers.get(ME_URL) as SessionUser | undefined;
  if (me) learnSession(me);
  const app = (
    <StrictMode>
      <App known={knownAnswers(answers, me)} />
    </StrictMode>
  );
  if (canHydrate(container, language)) {
    hydrateRoot(container, app);
  } else {
    container.replaceChildren();
    createRoot(container).render(app);
  }
  void import('@/theme/fonts');
}
