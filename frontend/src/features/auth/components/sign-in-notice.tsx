// Why the sign-in page is shown again: a declined EULA, an expired or spent challenge, a logout,
// a password link sent, spent or used.
import Alert, { type AlertColor } from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import type { SignInNotice } from '../hooks/use-sign-in-steps';

const SEVERITY: Record<SignInNotice, AlertColor> = {
  eulaDeclined: 'info',
  challengeExpired: 'warning',
  tooManyTries: 'warning',
  noChallenge: 'info',
  signedOut: 'success',
  idleSignedOut: 'info',
  resetLinkSent: 'info',
  linkExpired: 'warning',
  passwordChanged: 'success',
};

export function SignInNoticeAlert({ notice }: { notice: SignInNotice }) {
  const { t } = useTranslation('auth');
  return (
    <Alert severity={SEVERITY[notice]} sx={{ mb: 1 }}>
      {t(`notice.${notice}`)}
    </Alert>
  );
}
