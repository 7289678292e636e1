import { resources } from '@/locales/resources';
import { detectLanguage, i18n, LANGUAGE_STORAGE_KEY, LANGUAGES, languageEndonym, needTexts, showLanguage } from './i18n';

describe('language detection', () => {
  it('prefers the language the user chose before', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    expect(detectLanguage()).toBe('fr');
  });

  it("falls back to the browser's first supported language", () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-CH', 'zh-CN', 'en']);
    expect(detectLanguage()).toBe('zh');
  });

  it('falls back to English when nothing matches', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'klingon');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    expect(detectLanguage()).toBe('en');
  });
});

describe('language names', () => {
  it('are each language’s own, as Intl names it', () => {
    for (const language of LANGUAGES) {
      const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? '';
      expect(languageEndonym(language)).toBe(name.charAt(0).toLocaleUpperCase(language) + name.slice(1));
    }
  });
});

describe('loading the texts', () => {
  afterEach(() => {
    for (const [namespace, texts] of Object.entries(resources.ar)) i18n.addResourceBundle('ar', namespace, texts);
  });

  it('loads a part a screen needs while a language is on its way in that language', async () => {
    // As a signed-in page opened in Arabic starts: the frame asks for its texts before Arabic is shown.
    for (const namespace of Object.keys(resources.ar)) i18n.removeResourceBundle('ar', namespace);
    const shown = showLanguage('ar');
    await needTexts('signed-in');
    await shown;
    expect(i18n.t('shell:dashboard.title')).toBe('لوحة المعلومات');
  });
});
