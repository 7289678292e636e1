// i18next set-up: bundled resources, language detection (stored choice → browser → en),
// and the <html lang/dir> attributes that switch the whole page to right-to-left for Arabic.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type Language, resources } from '@/locales/resources';

export const LANGUAGE_STORAGE_KEY = 'playtrack.lang';
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGES = Object.keys(resources) as Language[];

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

/** The language's own name in its own script, so a reader can find theirs whatever the UI language. */
export function languageEndonym(language: Language): string {
  const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
}

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
  document.documentElement.dir = i18n.dir(language);
});

/** A language the user picked: remembered for the next visit, unlike a detected one. */
export async function chooseLanguage(language: Language): Promise<void> {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  await i18n.changeLanguage(language);
}

void i18n.use(initReactI18next).init({
  resources,
  lng: detectLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES,
  ns: ['common', 'auth', 'shell', 'errors', 'passwords', 'organisation', 'people', 'licences', 'apiClients', 'catalogue', 'gameApps', 'reports'],
  defaultNS: 'common',
  // Resources are bundled, so initialise synchronously: the first render is already translated.
  initAsync: false,
  // React escapes interpolated values itself.
  interpolation: { escapeValue: false },
});

export { i18n };
