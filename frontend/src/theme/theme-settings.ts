// Appearance settings chosen by the `theme`, `nav-style` and `layout-type` query parameters
// on load (the seed's deep links) and remembered in localStorage until they are saved per user.

export const THEME_TYPES = ['lite', 'semidark', 'dark'] as const;
export const NAV_STYLES = ['vertical', 'horizontal', 'fixed', 'drawer', 'mini', 'below-header'] as const;
export const LAYOUT_TYPES = ['full', 'boxed', 'framed'] as const;

export type ThemeType = (typeof THEME_TYPES)[number];
export type NavStyle = (typeof NAV_STYLES)[number];
export type LayoutType = (typeof LAYOUT_TYPES)[number];

export interface ThemeSettings {
  themeType: ThemeType;
  navStyle: NavStyle;
  layoutType: LayoutType;
}

export const DEFAULT_THEME_SETTINGS: ThemeSettings = {
  themeType: 'lite',
  navStyle: 'vertical',
  layoutType: 'full',
};

interface Setting<T extends string> {
  param: string;
  storageKey: string;
  values: readonly T[];
  fallback: T;
  /** Other spellings accepted in the query string. */
  aliases?: Readonly<Record<string, T>>;
}

const THEME_TYPE: Setting<ThemeType> = {
  param: 'theme',
  storageKey: 'playtrack.theme',
  values: THEME_TYPES,
  fallback: DEFAULT_THEME_SETTINGS.themeType,
  aliases: { light: 'lite' },
};
const NAV_STYLE: Setting<NavStyle> = {
  param: 'nav-style',
  storageKey: 'playtrack.navStyle',
  values: NAV_STYLES,
  fallback: DEFAULT_THEME_SETTINGS.navStyle,
};
const LAYOUT_TYPE: Setting<LayoutType> = {
  param: 'layout-type',
  storageKey: 'playtrack.layoutType',
  values: LAYOUT_TYPES,
  fallback: DEFAULT_THEME_SETTINGS.layoutType,
};

function asValue<T extends string>(setting: Setting<T>, raw: string | null): T | undefined {
  if (raw === null) return undefined;
  const value = setting.aliases?.[raw] ?? raw;
  return setting.values.find((allowed) => allowed === value);
}

function readSetting<T extends string>(setting: Setting<T>, query: URLSearchParams): T {
  const fromQuery = asValue(setting, query.get(setting.param));
  if (fromQuery) {
    localStorage.setItem(setting.storageKey, fromQuery);
    return fromQuery;
  }
  return asValue(setting, localStorage.getItem(setting.storageKey)) ?? setting.fallback;
}

/** Settings for this page load: a valid query parameter wins and is stored, else the stored value. */
export function loadThemeSettings(search: string): ThemeSettings {
  const query = new URLSearchParams(search);
  return {
    themeType: readSetting(THEME_TYPE, query),
    navStyle: readSetting(NAV_STYLE, query),
    layoutType: readSetting(LAYOUT_TYPE, query),
  };
}
