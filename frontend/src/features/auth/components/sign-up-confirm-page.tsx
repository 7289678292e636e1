// /signup/confirm?token=…: the link mailed to someone who signed up through a batch's link. It
// says who is joining what; they choose their first password like an invitee and are signed
// in, with a seat of the batch's licence. Without a seat left, the link keeps working until an
// admin adds some.
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCompleteSignUp, useGetSignUpConfirmation } from '../api/sign-up';
import type { SignUpConfirmation } from '@/api/gen/playtrack.schemas';
import { FirstPasswordForm } from './first-password-form';
import { LinkCard } from './link-card';

export function SignUpConfirmPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const confirmation = useGetSignUpConfirmation({ token }, { query: { enabled: token !== '', retry: false } });
  const joining = confirmation.data?.joining;

  return (
    <LinkCard
      title={joining ? t('signUp.join', { batch: joining.batch, company: joining.company }) : t('signUpConfirm.title')}
      token={token}
      query={confirmation}
      missingMessage={t('signUpConfirm.missingToken')}
      loadingMessage={t('signUpConfirm.loading')}
      closedCode="LINK_EXPIRED"
      closedMessage={t('signUpConfirm.expired')}
    >
      {(found) => <ConfirmForm token={token} confirmation={found} />}
    </LinkCard>
  );
}

function ConfirmForm({ token, confirmation }: { token: string; confirmation: SignUpConfirmation }) {
  const { t } = useTranslation('auth');
  const complete = useCompleteSignUp();
  return (
    <FirstPasswordForm
      token={token}
      owner={confirmation}
      policy={confirmation.policy}
      intro={t('signUpConfirm.intro', { name: confirmation.name, email: confirmation.email })}
      submitLabel={t('signUpConfirm.submit')}
      mutation={complete}
      messages={{ LINK_EXPIRED: t('signUpConfirm.expired'), NO_SEAT_LEFT: t('signUpConfirm.noSeat') }}
      closedCodes={['LINK_EXPIRED', 'SIGN_UP_LINK_CLOSED']}
    />
  );
}
