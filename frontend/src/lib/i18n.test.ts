import { detectLanguage, LANGUAGE_STORAGE_KEY } from './i18n';

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
