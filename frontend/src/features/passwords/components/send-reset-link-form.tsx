// An admin mails a password reset link to a user of their scope. Someone who never accepted
// their invitation has no password to reset: the form offers to send the invitation again.
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSendInvitation, useSendPasswordReset } from '../api/passwords';
import { SubmitButton } from '@/components/submit-button';
import { ApiError, problemCode, problemUserStatus } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/form-errors';
import { useProblemMessage } from '@/lib/problem-message';
import { isUserEmailMessage, userEmailSchema } from './user-email-field';

export function SendResetLinkForm() {
  const { t } = useTranslation('passwords');
  const { problemMessage, fieldMessage } = useProblemMessage();
  const send = useSendPasswordReset();
  const invite = useSendInvitation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(userEmailSchema), defaultValues: { email: '' } });

  const messageOf = (message: string | undefined) =>
    message !== undefined && isUserEmailMessage(message) ? t(message) : message;

  const onSubmit = handleSubmit(({ email }) => {
    invite.reset();
    send.mutate(
      { data: { email } },
      {
        onError: (error) => {
          if (problemCode(error) === 'NOT_FOUND') {
            setError('email', { type: 'server', message: t('admin.notFound') }, { shouldFocus: true });
            return;
          }
          applyFieldErrors(error, setError, ['email'], fieldMessage);
        },
      },
    );
  });

  const email = send.variables?.data.email ?? '';
  const code = problemCode(send.error);
  const userStatus = problemUserStatus(send.error);
  const notAccepted = code === 'USER_STATE' && userStatus === 'invited';
  const disabled = code === 'USER_STATE' && userStatus === 'disabled';
  const failure =
    send.isError &&
    code !== 'NOT_FOUND' &&
    !notAccepted &&
    !disabled &&
    !(send.error instanceof ApiError && send.error.fieldErrors.length > 0);
  const inviteCode = problemCode(invite.error);

  return (
    <>
      <Typography color="text.secondary">{t('admin.resetIntro')}</Typography>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          {...register('email')}
          type="email"
          label={t('admin.email')}
          autoComplete="off"
          error={errors.email !== undefined}
          helperText={messageOf(errors.email?.message)}
        />
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
              ? t(problemUserStatus(invite.error) === 'disabled' ? 'admin.userDisabled' : 'admin.alreadyAccepted')
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
        <SubmitButton pending={send.isPending}>
          {t('admin.resetSubmit')}
        </SubmitButton>
      </form>
    </>
  );
}
