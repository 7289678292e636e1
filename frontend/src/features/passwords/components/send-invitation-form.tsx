// An admin sends an invitation again to a user of their scope who has not chosen a password
// yet (the earlier links stop working).
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useSendInvitation } from '../api/passwords';
import { SubmitButton } from '@/components/submit-button';
import { problemCode } from '@/lib/api-client';
import { isFormFailure } from '@/lib/form-errors';
import { useProblemMessage } from '@/lib/problem-message';
import { USER_EMAIL_FIELD_CODES, UserEmailForm, userStateRefusal } from './user-email-form';

export function SendInvitationForm() {
  const { t } = useTranslation('passwords');
  const { problemMessage } = useProblemMessage();
  const invite = useSendInvitation();

  const code = problemCode(invite.error);
  const failure = invite.isError && isFormFailure(invite.error, USER_EMAIL_FIELD_CODES);

  return (
    <UserEmailForm intro={t('admin.invitationIntro')} send={(email, onError) => invite.mutate({ data: { email } }, { onError })}>
      {invite.isSuccess && (
        <Alert severity="success" sx={{ mt: 1 }}>
          {t('admin.invitationSent', { email: invite.variables.data.email })}
        </Alert>
      )}
      {failure && (
        <Alert severity={code === 'USER_STATE' ? 'warning' : 'error'} sx={{ mt: 1 }}>
          {code === 'USER_STATE'
            ? t(userStateRefusal(invite.error))
            : problemMessage(invite.error)}
        </Alert>
      )}
      <SubmitButton pending={invite.isPending}>{t('admin.invitationSubmit')}</SubmitButton>
    </UserEmailForm>
  );
}
