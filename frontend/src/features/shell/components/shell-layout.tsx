// Frame of the signed-in area: header with the user's name, language switch and Logout, then the
// lazily loaded screen. The role sidebar comes with the first admin screens.
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet } from 'react-router';
import { LanguageSelect } from '@/components/language-select';
import { TopProgressBar } from '@/components/top-progress-bar';
import { getSessionUser } from '@/lib/session';

export function ShellLayout() {
  const { t } = useTranslation(['shell', 'common']);
  const user = getSessionUser();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="sticky">
        <Toolbar sx={{ gap: 1 }}>
          <Typography variant="h6" component="span" sx={{ flexGrow: 1 }}>
            {t('common:appName')}
          </Typography>
          {user && (
            <Typography variant="body2" component="span">
              {user.name}
            </Typography>
          )}
          <LanguageSelect />
          <Button color="inherit" component={RouterLink} to="/logout">
            {t('logout')}
          </Button>
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ flexGrow: 1, p: { xs: 2, sm: 4 } }}>
        <Suspense fallback={<TopProgressBar />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
