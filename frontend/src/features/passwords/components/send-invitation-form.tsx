// An admin sends an invitation again to a user of their scope who has not chosen a password
// yet (the earlier links stop working).
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSendInvitation } from '../api/passwords';
import { SubmitButton } from '@/components/submit-button';
import { ApiError, problemCode, problemUserStatus } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/form-errors';
import { useProblemMessage } from '@/lib/problem-message';
import { isUserEmailMessage, userEmailSchema } from './user-email-field';

export function SendInvitationForm() {
  const { t } = useTranslation('passwords');
  const { problemMessage, fieldMessage } = useProblemMessage();
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
    invite.mutate(
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

  const code = problemCode(invite.error);
  const failure =
    invite.isError &&
    code !== 'NOT_FOUND' &&
    !(invite.error instanceof ApiError && invite.error.fieldErrors.length > 0);

  return (
    <>
      <Typography color="text.secondary">{t('admin.invitationIntro')}</Typography>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          {...register('email')}
          type="email"
          label={t('admin.email')}
          autoComplete="off"
          error={errors.email !== undefined}
          helperText={messageOf(errors.email?.message)}
        />
        {invite.isSuccess && (
          <Alert severity="success" sx={{ mt: 1 }}>
            {t('admin.invitationSent', { email: invite.variables.data.email })}
          </Alert>
        )}
        {failure && (
          <Alert severity={code === 'USER_STATE' ? 'warning' : 'error'} sx={{ mt: 1 }}>
            {code === 'USER_STATE'
              ? t(problemUserStatus(invite.error) === 'disabled' ? 'admin.userDisabled' : 'admin.alreadyAccepted')
              : problemMessage(invite.error)}
          </Alert>
        )}
        <SubmitButton pending={invite.isPending}>
          {t('admin.invitationSubmit')}
        </SubmitButton>
      </form>
    </>
  );
}
