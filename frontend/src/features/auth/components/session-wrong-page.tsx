// Shown when this tab's session storage belongs to another user than the one signed in.
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
