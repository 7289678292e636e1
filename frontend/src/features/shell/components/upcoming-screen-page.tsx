// Stands in for every /main, /companyadmin and /user screen until its issue lands.
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PagePlaceholder } from '@/components/page-placeholder';
import { DEFAULT_SIGNED_IN_PATH } from '@/lib/paths';

export function UpcomingScreenPage() {
  const { t } = useTranslation(['shell', 'common']);
  return (
    <PagePlaceholder
      title={t('upcomingScreen.title')}
      body={t('common:comingSoon')}
      actions={
        <Button component={RouterLink} to={DEFAULT_SIGNED_IN_PATH}>
          {t('common:goToDashboard')}
        </Button>
      }
    />
  );
}
