// Placeholder for the forgot-password e-mail form; a later issue brings the form.
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/page-placeholder';
import { BackToSignIn } from './back-to-sign-in';

export function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <PagePlaceholder
      title={t('resetPassword.title')}
      body={t('common:comingSoon')}
      actions={<BackToSignIn />}
    />
  );
}
