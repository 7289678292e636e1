// An admin mails a password reset link to a user of their scope. Someone who never accepted
// their invitation has no password to reset: the form offers to send the invitation again.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useSendInvitation, useSendPasswordReset } from '../api/passwords';
import { SubmitButton } from '@/components/submit-button';
import { problemCode, problemUserStatus } from '@/lib/api-client';
import { isFormFailure } from '@/lib/form-errors';
import { useProblemMessage } from '@/lib/problem-message';
import { USER_EMAIL_FIELD_CODES, UserEmailForm, userStateRefusal } from './user-email-form';

export function SendResetLinkForm() {
  const { t } = useTranslation('passwords');
  const { problemMessage } = useProblemMessage();
  const send = useSendPasswordReset();
  const invite = useSendInvitation();

  const email = send.variables?.data.email ?? '';
  const code = problemCode(send.error);
  const userStatus = problemUserStatus(send.error);
  const notAccepted = code === 'USER_STATE' && userStatus === 'invited';
  const disabled = code === 'USER_STATE' && userStatus === 'disabled';
  const failure = send.isError && !notAccepted && !disabled && isFormFailure(send.error, USER_EMAIL_FIELD_CODES);
  const inviteCode = problemCode(invite.error);

  return (
    <UserEmailForm
      intro={t('admin.resetIntro')}
      send={(address, onError) => {
        invite.reset();
        send.mutate({ data: { email: address } }, { onError });
      }}
    >
      {send.isSuccess && (
        <Alert severity="success" sx={{ mt: 1 }}>
          {t('admin.resetSent', { email })}
        </Alert>
      )}
      {disabled && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t('admin.userDisabled')}
        </Alert>
      )}
      {notAccepted && !invite.isSuccess && (
        <Alert
          severity="warning"
          sx={{ mt: 1 }}
          action={
            <Button
              color="inherit"
              size="small"
              loading={invite.isPending}
              disabled={invite.isPending}
              onClick={() => invite.mutate({ data: { email } })}
            >
              {t('admin.invitationSubmit')}
            </Button>
          }
        >
          {t('admin.notAccepted')}
        </Alert>
      )}
      {invite.isSuccess && (
        <Alert severity="success" sx={{ mt: 1 }}>
          {t('admin.invitationSent', { email: invite.variables.data.email })}
        </Alert>
      )}
      {invite.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {inviteCode === 'USER_STATE'
            ? t(userStateRefusal(invite.error))
            : inviteCode === 'NOT_FOUND'
              ? t('admin.notFound')
              : problemMessage(invite.error)}
        </Alert>
      )}
      {failure && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {problemMessage(send.error)}
        </Alert>
      )}
      <SubmitButton pending={send.isPending}>{t('admin.resetSubmit')}</SubmitButton>
    </UserEmailForm>
  );
}
