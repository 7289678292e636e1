// What the build's prerendered sign-in page (src/prerender.tsx, one per language, served for
// /login and /signin) assumes of its reader. boot.tsx hydrates it only when this reader's first
// render would be the same markup, and renders afresh otherwise: hydration keeps mismatched
// attributes as they came.
import type { Language } from '@/locales/resources';
import { DEFAULT_THEME_SETTINGS, loadThemeSettings } from '@/theme/theme-settings';

/** The attribute the build puts on the root it filled, naming the page's language. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

export function canHydrate(container: HTMLElement, language: Language): boolean {
  const { themeType, colourTheme } = loadThemeSettings(window.location.search);
  return (
    container.getAttribute(PRERENDERED_ATTRIBUTE) === language &&
    themeType === DEFAULT_THEME_SETTINGS.themeType &&
    colourTheme === DEFAULT_THEME_SETTINGS.colourTheme &&
    // A game's sign-in link and a notice carried in the history both change the page.
    !new URLSearchParams(window.location.search).has('token') &&
    (window.history.state as { usr?: unknown } | null)?.usr == null
  );
}
