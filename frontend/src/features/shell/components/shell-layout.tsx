// Frame of the signed-in area: a header (navigation button on narrow screens, language switch,
// the user's popover with Logout), the role's sidebar, and the lazily loaded screen.
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguageSelect } from '@/components/language-select';
import { TopProgressBar } from '@/components/top-progress-bar';
import { SIDEBAR_BREAKPOINT_PX } from '@/lib/constants';
import { useSessionUser } from '@/lib/session';
import { Sidebar } from './sidebar';
import { UserMenu } from './user-menu';

export function ShellLayout() {
  const { t } = useTranslation(['shell', 'common']);
  const user = useSessionUser();
  const wide = useMediaQuery(`(min-width:${SIDEBAR_BREAKPOINT_PX}px)`, { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      {/* Above the permanent sidebar; below the narrow-screen drawer, which covers it. */}
      <AppBar position="fixed" sx={wide ? { zIndex: (theme) => theme.zIndex.drawer + 1 } : undefined}>
        <Toolbar sx={{ gap: 1 }}>
          {!wide && (
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
          <Typography variant="h6" component="span" sx={{ flexGrow: 1 }}>
            {t('common:appName')}
          </Typography>
          <LanguageSelect />
          {user && <UserMenu user={user} />}
        </Toolbar>
      </AppBar>
      {user && (
        <Sidebar
          role={user.role}
          permanent={wide}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
        />
      )}
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}>
        {/* Keeps the screen below the fixed header. */}
        <Toolbar />
        <Suspense fallback={<TopProgressBar />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
