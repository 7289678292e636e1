// Where a signed-in user lands on a screen their role may not open (and on a 403 later).
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PagePlaceholder } from '@/components/page-placeholder';
import { DEFAULT_SIGNED_IN_PATH } from '@/lib/paths';

export function AccessDeniedPage() {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <PagePlaceholder
      title={t('accessDenied.title')}
      body={t('accessDenied.body')}
      actions={
        <Button component={RouterLink} to={DEFAULT_SIGNED_IN_PATH}>
          {t('common:goToDashboard')}
        </Button>
      }
    />
  );
}
