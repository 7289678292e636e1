// The appearance the user chose (theme type, colour theme, navigation style, layout): one state
// for the whole app, read with useAppearance(); change() is the one way to alter it. A choice is
// kept in this browser for the next page load and, for a signed-in person, on the server, so
// that it follows them to any browser: there, the saved choice replaces the browser's own once
// they sign in, unless the page's address chose (its query parameters win and are saved).
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { saveAppearance } from '@/api/gen/account/account';
import type { Appearance as SavedAppearance } from '@/api/gen/playtrack.schemas';
import { usePreferences } from '@/lib/preferences';
import { chosenInQuery, loadThemeSettings, saveThemeSettings, type ThemeSettings } from './theme-settings';

interface Appearance {
  settings: ThemeSettings;
  change: (changes: Partial<ThemeSettings>) => void;
}

const AppearanceContext = createContext<Appearance | null>(null);

const toServer = (s: ThemeSettings): SavedAppearance => ({
  theme_type: s.themeType,
  colour_theme: s.colourTheme,
  nav_style: s.navStyle,
  layout_type: s.layoutType,
});

const fromServer = (a: SavedAppearance): ThemeSettings => ({
  themeType: a.theme_type,
  colourTheme: a.colour_theme,
  navStyle: a.nav_style,
  layoutType: a.layout_type,
});

/** A save that fails leaves this browser's choice in place; the next change tries again. */
function save(settings: ThemeSettings): void {
  saveAppearance(toServer(settings)).catch((error: unknown) => {
    console.warn('the appearance was not saved', error);
  });
}

export function AppearanceProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState(() => loadThemeSettings(window.location.search));
  const [chosenOnLoad] = useState(() => chosenInQuery(window.location.search));
  const { userId, ...saved } = usePreferences();
  // The person whose saved appearance this page has settled on (taken up, or kept its own).
  const [settledFor, setSettledFor] = useState<string | undefined>(undefined);
  if (userId !== undefined && settledFor !== userId && saved.data !== undefined) {
    setSettledFor(userId);
    const chosen = saved.data.appearance;
    if (!chosenOnLoad && chosen) setSettings(fromServer(chosen));
  }
  // This browser remembers what it shows, for its next page load.
  useEffect(() => saveThemeSettings(settings), [settings]);
  // The address's choice follows the person signed in on this page, once.
  const savedFor = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!chosenOnLoad || settledFor === undefined || savedFor.current === settledFor) return;
    savedFor.current = settledFor;
    save(settings);
  }, [chosenOnLoad, settledFor, settings]);

  const appearance = useMemo<Appearance>(
    () => ({
      settings,
      change: (changes) => {
        const next = { ...settings, ...changes };
        setSettings(next);
        if (userId !== undefined) save(next);
      },
    }),
    [settings, userId],
  );
  return <AppearanceContext value={appearance}>{children}</AppearanceContext>;
}

export function useAppearance(): Appearance {
  const appearance = useContext(AppearanceContext);
  if (!appearance) throw new Error('useAppearance() needs an <AppearanceProvider> above it');
  return appearance;
}
