// The way out of every public dead end.
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SIGN_IN_PATH } from '@/lib/paths';

export function BackToSignIn() {
  const { t } = useTranslation();
  return (
    <Button component={RouterLink} to={SIGN_IN_PATH}>
      {t('backToSignIn')}
    </Button>
  );
}
