// Placeholder for changing a password from an e-mailed link; a later issue brings the form.
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/page-placeholder';
import { BackToSignIn } from './back-to-sign-in';

export function ChangePasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <PagePlaceholder
      title={t('changePassword.title')}
      body={t('common:comingSoon')}
      actions={<BackToSignIn />}
    />
  );
}
