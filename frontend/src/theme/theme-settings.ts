// Appearance settings chosen by the `theme`, `colour-theme`, `nav-style` and `layout-type` query
// parameters on load (the seed's deep links), remembered in localStorage for the next page load
// and saved per user on the server (appearance.tsx).

export const THEME_TYPES = ['lite', 'semidark', 'dark'] as const;
export const COLOUR_THEMES = ['light-purple', 'blue', 'dark-blue', 'orange', 'light-blue', 'deep-orange'] as const;
export const NAV_STYLES = ['vertical', 'horizontal', 'fixed', 'drawer', 'mini', 'below-header'] as const;
export const LAYOUT_TYPES = ['full', 'boxed', 'framed'] as const;

export type ThemeType = (typeof THEME_TYPES)[number];
export type ColourTheme = (typeof COLOUR_THEMES)[number];
export type NavStyle = (typeof NAV_STYLES)[number];
export type LayoutType = (typeof LAYOUT_TYPES)[number];

export interface ThemeSettings {
  themeType: ThemeType;
  colourTheme: ColourTheme;
  navStyle: NavStyle;
  layoutType: LayoutType;
}

export const DEFAULT_THEME_SETTINGS: ThemeSettings = {
  themeType: 'lite',
  // The portal's indigo brand colour.
  colourTheme: 'dark-blue',
  navStyle: 'vertical',
  layoutType: 'full',
};

interface Setting<T extends string> {
  param: string;
  storageKey: string;
  values: readonly T[];
  /** Other spellings accepted in the query string. */
  aliases?: Readonly<Record<string, T>>;
}

const SETTINGS: { [K in keyof ThemeSettings]: Setting<ThemeSettings[K]> } = {
  themeType: { param: 'theme', storageKey: 'playtrack.theme', values: THEME_TYPES, aliases: { light: 'lite' } },
  colourTheme: { param: 'colour-theme', storageKey: 'playtrack.colourTheme', values: COLOUR_THEMES },
  navStyle: { param: 'nav-style', storageKey: 'playtrack.navStyle', values: NAV_STYLES },
  layoutType: { param: 'layout-type', storageKey: 'playtrack.layoutType', values: LAYOUT_TYPES },
};

function asValue<T extends string>(setting: Setting<T>, raw: string | null): T | undefined {
  if (raw === null) return undefined;
  const value = setting.aliases?.[raw] ?? raw;
  return setting.values.find((allowed) => allowed === value);
}

function readSetting<T extends string>(setting: Setting<T>, query: URLSearchParams, fallback: T): T {
  const fromQuery = asValue(setting, query.get(setting.param));
  if (fromQuery) {
    localStorage.setItem(setting.storageKey, fromQuery);
    return fromQuery;
  }
  return asValue(setting, localStorage.getItem(setting.storageKey)) ?? fallback;
}

/** Whether this page load's address chooses any setting (a seed-style deep link). */
export function chosenInQuery(search: string): boolean {
  const query = new URLSearchParams(search);
  return Object.values(SETTINGS).some((setting) => asValue(setting, query.get(setting.param)) !== undefined);
}

/** Settings for this page load: a valid query parameter wins and is stored, else the stored value. */
export function loadThemeSettings(search: string): ThemeSettings {
  const query = new URLSearchParams(search);
  const read = <K extends keyof ThemeSettings>(key: K) =>
    readSetting<ThemeSettings[K]>(SETTINGS[key], query, DEFAULT_THEME_SETTINGS[key]);
  return {
    themeType: read('themeType'),
    colourTheme: read('colourTheme'),
    navStyle: read('navStyle'),
    layoutType: read('layoutType'),
  };
}

/** Remembers the settings for the next page load. */
export function saveThemeSettings(settings: ThemeSettings): void {
  for (const key of Object.keys(SETTINGS) as (keyof ThemeSettings)[]) {
    localStorage.setItem(SETTINGS[key].storageKey, settings[key]);
  }
}
