// i18next set-up: each language's translations loaded before it is shown (which language, from
// ./language.ts), the <html lang/dir> attributes that switch the whole page to right-to-left for
// Arabic, and the cookie that tells the server which prerendered sign-in page to send.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadTranslations, type TextsPart } from '@/locales/load';
import type { Language, Namespace } from '@/locales/resources';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, LANGUAGE_STORAGE_KEY } from './language';

export { DEFAULT_LANGUAGE, detectLanguage, isLanguage, LANGUAGE_STORAGE_KEY, LANGUAGES } from './language';

/** Each language's own name in its own script, so a reader can find theirs whatever the UI
 * language: Intl.DisplayNames' names, capitalised as a menu item starts. Written out, as asking
 * Intl for them took 90 ms of a slow phone's first load (i18n.test.ts checks they still agree). */
const ENDONYMS: Record<Language, string> = {
  en: 'English',
  zh: '中文',
  ar: 'العربية',
  it: 'Italiano',
  es: 'Español',
  fr: 'Français',
};

export function languageEndonym(language: Language): string {
  return ENDONYMS[language];
}

/** Every language under its own name, as a select offers them. */
export const LANGUAGE_OPTIONS = LANGUAGES.map((language) => ({ id: language, name: languageEndonym(language) }));

i18n.on('languageChanged', (language) => {
  // No page yet where the build prerenders one (scripts/prerender.mjs): i18next starts first.
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.documentElement.dir = i18n.dir(language);
  // The server sends the prerendered sign-in page in the language this browser shows.
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
});

/** Whether `key` names a text of `namespace`; every language has every key (locales.test.ts). */
export function hasText(namespace: Namespace, key: string): boolean {
  return typeof i18n.getResource(i18n.language, namespace, key) === 'string';
}

/** The parts of the translations the screens shown so far need: a language shown later loads
 * them too. The public part is always needed. */
const neededParts = new Set<TextsPart>(['public']);

async function addTexts(language: Language, parts: readonly TextsPart[]): Promise<void> {
  // Loaded once per language and part (the entry's own fetch included): a second call is free.
  for (const [namespace, texts] of Object.entries(await loadTranslations(language, parts))) {
    if (!i18n.hasResourceBundle(language, namespace)) i18n.addResourceBundle(language, namespace, texts);
  }
}

/** The language shown or about to be: i18next names it only once its texts have arrived, and a
 * part needed meanwhile must load in it, not in the one it replaces. */
let shownLanguage: Language | undefined;

/** Switches to a language, with the parts of its translations the app needs so far. */
export async function showLanguage(language: Language): Promise<void> {
  shownLanguage = language;
  await addTexts(language, [...neededParts]);
  await i18n.changeLanguage(language);
}

/** Makes a part of the translations available in the language shown, before a screen that
 * needs it renders. */
export async function needTexts(part: TextsPart): Promise<void> {
  neededParts.add(part);
  await addTexts(shownLanguage ?? (i18n.language as Language), [part]);
}

/** A language the user picked: remembered for the next visit, unlike a detected one. */
export async function chooseLanguage(language: Language): Promise<void> {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  await showLanguage(language);
}

// No language yet: main.tsx shows the detected one (showLanguage) before the first render.
void i18n.use(initReactI18next).init({
  resources: {},
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: ['common', 'auth', 'shell', 'errors', 'passwords', 'organisation', 'people', 'licences', 'apiClients', 'catalogue', 'gameApps', 'reports', 'profile'],
  defaultNS: 'common',
  initAsync: false,
  // React escapes interpolated values itself.
  interpolation: { escapeValue: false },
  // A text no language has shows its key: said on the console, where the browser tests look.
  saveMissing: true,
  missingKeyHandler: (languages, namespace, key) => {
    console.error(`missing translation ${namespace}:${key} (${languages.join(', ')})`);
  },
});

export { i18n };
