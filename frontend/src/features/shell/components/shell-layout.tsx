// Frame of the signed-in area: a header (navigation button, appearance settings, language switch,
// the user's popover with Logout), the role's navigation as the chosen style arranges it, and the
// lazily loaded screen, all in the chosen layout.
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguageSelect } from '@/components/language-select';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/skip-link';
import { TopProgressBar } from '@/components/top-progress-bar';
import { SIDEBAR_BREAKPOINT_PX } from '@/lib/constants';
import { useSessionUser } from '@/lib/session';
import { ChromeTheme } from '@/theme/app-theme-provider';
import { useAppearance } from '@/theme/appearance';
import { shellArrangement } from '../shell-arrangement';
import { AppearanceButton, AppearancePanel } from './appearance-panel';
import { HorizontalNav } from './horizontal-nav';
import { LayoutFrame } from './layout-frame';
import { Sidebar } from './sidebar';
import { BrandLogo } from './brand-logo';
import { UserMenu } from './user-menu';

export function ShellLayout() {
  const { t } = useTranslation(['shell', 'common']);
  const user = useSessionUser();
  const wide = useMediaQuery(`(min-width:${SIDEBAR_BREAKPOINT_PX}px)`, { noSsr: true });
  const { settings } = useAppearance();
  const arrangement = shellArrangement(settings.navStyle, wide);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [miniExpanded, setMiniExpanded] = useState(false);
  const [panelOpen, setPanelOpen] = useState(false);

  const header = (
    <ChromeTheme>
      <AppBar position={arrangement.stickyHeader ? 'sticky' : 'static'}>
        <Toolbar sx={{ gap: 1 }}>
          {arrangement.sidebar === 'drawer' && (
            <IconButton
              color="inherit"
              edge="start"
              aria-label={t('openNavigation')}
              aria-expanded={drawerOpen}
              onClick={() => setDrawerOpen(true)}
            >
              <MenuIcon />
            </IconButton>
          )}
          {arrangement.sidebar === 'mini' && (
            <IconButton
              color="inherit"
              edge="start"
              aria-label={t(miniExpanded ? 'collapseNavigation' : 'expandNavigation')}
              onClick={() => setMiniExpanded((was) => !was)}
            >
              <MenuIcon />
            </IconButton>
          )}
          <BrandLogo user={user} />
          <AppearanceButton open={panelOpen} onOpen={() => setPanelOpen(true)} />
          <LanguageSelect />
          {user && <UserMenu user={user} />}
        </Toolbar>
        {arrangement.topNavigation && user && <HorizontalNav role={user.role} />}
      </AppBar>
    </ChromeTheme>
  );

  return (
    <>
      <SkipLink />
      <LayoutFrame layout={settings.layoutType}>
        {arrangement.headerSpan === 'page' && header}
        <Box sx={{ display: 'flex', flexGrow: 1 }}>
          {user && arrangement.sidebar !== 'none' && (
            <ChromeTheme>
              <Sidebar
                role={user.role}
                permanent={arrangement.sidebar !== 'drawer'}
                collapsed={arrangement.sidebar === 'mini' && !miniExpanded}
                belowHeader={arrangement.headerSpan === 'page'}
                open={drawerOpen}
                onClose={() => setDrawerOpen(false)}
              />
            </ChromeTheme>
          )}
          <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 }}>
            {arrangement.headerSpan === 'content' && header}
            <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flexGrow: 1, p: { xs: 2, sm: 3 } }}>
              <Suspense fallback={<TopProgressBar />}>
                <Outlet />
              </Suspense>
            </Box>
          </Box>
        </Box>
      </LayoutFrame>
      {/* Outside the frame and the header: in the page's own theme, and kept open while a choice
          rearranges them. */}
      <AppearancePanel open={panelOpen} onClose={() => setPanelOpen(false)} />
    </>
  );
}
