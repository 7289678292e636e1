// Stands in for every /main, /companyadmin and /user screen until its issue lands: it names the
// screen (from the sidebar) and says it is coming, rather than looking like an error.
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { DEFAULT_SIGNED_IN_PATH } from '@/lib/paths';
import { useSessionUser } from '@/lib/session';
import { navTrail } from '../navigation';

export function UpcomingScreenPage() {
  const { t } = useTranslation(['shell', 'common']);
  const { pathname } = useLocation();
  const user = useSessionUser();
  const trail = user ? navTrail(user.role, pathname) : [];

  return (
    <Card component="section" sx={{ maxWidth: 560, mx: 'auto', mt: { xs: 2, sm: 6 } }}>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
          <ConstructionOutlined color="primary" fontSize="large" aria-hidden />
          <div>
            {trail.length > 0 && (
              <Typography variant="overline" color="text.secondary" component="p">
                {trail.map((label) => t(`nav.${label}`)).join(' / ')}
              </Typography>
            )}
            <Typography component="h1" variant="h5">
              {t('upcomingScreen.title')}
            </Typography>
          </div>
        </Stack>
        <Typography color="text.secondary">{t('common:comingSoon')}</Typography>
      </CardContent>
      <CardActions>
        <Button component={RouterLink} to={DEFAULT_SIGNED_IN_PATH}>
          {t('common:goToDashboard')}
        </Button>
      </CardActions>
    </Card>
  );
}
