// Placeholder for the one-time code form (6 digits, Cancel back to sign-in); a later issue brings the form.
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/page-placeholder';
import { BackToSignIn } from './back-to-sign-in';

export function VerifyOtpPage() {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <PagePlaceholder
      title={t('verifyOtp.title')}
      body={t('common:comingSoon')}
      actions={<BackToSignIn />}
    />
  );
}
