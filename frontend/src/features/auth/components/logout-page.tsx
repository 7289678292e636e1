// /logout: forgets the session in this tab (revoking it on the server comes with sign-in).
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/page-placeholder';
import { clearSession } from '@/lib/session';
import { BackToSignIn } from './back-to-sign-in';

export function LogoutPage() {
  const { t } = useTranslation('auth');
  useEffect(clearSession, []);
  return (
    <PagePlaceholder title={t('logout.title')} body={t('logout.body')} actions={<BackToSignIn />} />
  );
}
