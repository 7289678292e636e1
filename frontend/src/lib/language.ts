// Which interface language a visitor gets (stored choice → browser → en). Kept apart from the
// i18next set-up so that the entry can pick the translations to fetch before i18next arrives.
import { LANGUAGES } from '@/locales/load';
import type { Language } from '@/locales/resources';

export { LANGUAGES };
export const LANGUAGE_STORAGE_KEY = 'playtrack.lang';
export const DEFAULT_LANGUAGE: Language = LANGUAGES[0];
/** The language shown last, for the server (crates/server/src/ui.rs). */
export const LANGUAGE_COOKIE = 'playtrack_lang';

export function isLanguage(value: string | null | undefined): value is Language {
  return LANGUAGES.includes(value as Language);
}

export function detectLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  for (const tag of navigator.languages) {
    const base = tag.split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}
