// Shown when another tab has signed someone else in: this tab was showing another user's data.
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/page-placeholder';
import { BackToSignIn } from './back-to-sign-in';

export function SessionWrongPage() {
  const { t } = useTranslation('auth');
  return (
    <PagePlaceholder
      title={t('sessionWrong.title')}
      body={t('sessionWrong.body')}
      actions={<BackToSignIn />}
    />
  );
}
