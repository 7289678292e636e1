// /invitation/confirm-email?value=…&name=…: an invitee greeted by name chooses their first
// password against the invitation's policy, with live hints, then signs in like any sign-in
// (the EULA for trainees, the OTP where their company asks for one).
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAcceptInvitation, useGetInvitation } from '../api/passwords';
import type { Invitation } from '@/api/gen/playtrack.schemas';
import { FirstPasswordForm } from './first-password-form';
import { LinkCard } from './link-card';

export function ConfirmEmailPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('value')?.trim() ?? '';
  const name = params.get('name')?.trim();
  const invitation = useGetInvitation({ token }, { query: { enabled: token !== '', retry: false } });

  return (
    <LinkCard
      title={name ? t('confirmEmail.titleWithName', { name }) : t('confirmEmail.title')}
      token={token}
      query={invitation}
      missingMessage={t('confirmEmail.missingToken')}
      loadingMessage={t('confirmEmail.loading')}
      closedCode="LINK_EXPIRED"
      closedMessage={t('confirmEmail.expired')}
    >
      {(found) => <InvitationForm token={token} invitation={found} />}
    </LinkCard>
  );
}

function InvitationForm({ token, invitation }: { token: string; invitation: Invitation }) {
  const { t } = useTranslation('auth');
  const accept = useAcceptInvitation();
  return (
    <FirstPasswordForm
      token={token}
      owner={invitation}
      policy={invitation.policy}
      intro={t('confirmEmail.intro', { email: invitation.email })}
      submitLabel={t('confirmEmail.submit')}
      mutation={accept}
      messages={{ LINK_EXPIRED: t('confirmEmail.expired') }}
      closedCodes={['LINK_EXPIRED']}
    />
  );
}
