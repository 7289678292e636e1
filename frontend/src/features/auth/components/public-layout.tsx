// Frame of the public (signed-out) pages: brand bar with the language switch, the page, and a
// footer with the server's version.
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AppVersion } from '@/components/app-version';
import { LanguageSelect } from '@/components/language-select';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/skip-link';
import { TopProgressBar } from '@/components/top-progress-bar';
import { ChromeTheme } from '@/theme/app-theme-provider';

export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <ChromeTheme>
        <AppBar position="static">
          <Toolbar>
            <Typography variant="h6" component="span" sx={{ flexGrow: 1 }}>
              {t('appName')}
            </Typography>
            <LanguageSelect />
          </Toolbar>
        </AppBar>
      </ChromeTheme>
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flexGrow: 1, py: { xs: 4, sm: 8 }, px: 2 }}>
        <Suspense fallback={<TopProgressBar />}>
          <Outlet />
        </Suspense>
      </Box>
      <Box component="footer" sx={{ py: 2, textAlign: 'center' }}>
        <AppVersion />
      </Box>
    </Box>
  );
}
