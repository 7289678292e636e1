// The form an admin fills in to act for a user of their scope (mail a reset link, send the
// invitation again): the user's e-mail, required and an address (the seed's messages), checked
// before `send`; an unknown user and the server's field errors show on the field.
import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { problemCode, problemUserStatus } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/form-errors';
import { useProblemMessage } from '@/lib/problem-message';
import { emailField } from '@/lib/email-field';

// Messages are `passwords` keys, translated where they are shown.
const userEmailSchema = z.object({
  email: emailField('admin.emailRequired', 'admin.emailInvalid'),
});

type UserEmailMessage = 'admin.emailRequired' | 'admin.emailInvalid';

function isUserEmailMessage(message: string): message is UserEmailMessage {
  return message === 'admin.emailRequired' || message === 'admin.emailInvalid';
}

/** The codes the form shows on its field rather than above the button (see isFormFailure). */
export const USER_EMAIL_FIELD_CODES = ['NOT_FOUND'];

/** Why an invitation is refused for the user's state (USER_STATE): they are disabled, or have
 * accepted it already. */
export function userStateRefusal(error: unknown) {
  return problemUserStatus(error) === 'disabled' ? 'admin.userDisabled' : 'admin.alreadyAccepted';
}

interface UserEmailFormProps {
  intro: string;
  /** Sends the request for `email`, handing its failure to `onError`. */
  send: (email: string, onError: (error: unknown) => void) => void;
  /** The answers and the submit button, under the field. */
  children: ReactNode;
}

export function UserEmailForm({ intro, send, children }: UserEmailFormProps) {
  const { t } = useTranslation('passwords');
  const { fieldMessage } = useProblemMessage();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(userEmailSchema), defaultValues: { email: '' } });

  const onError = (error: unknown) => {
    if (problemCode(error) === 'NOT_FOUND') {
      setError('email', { type: 'server', message: t('admin.notFound') }, { shouldFocus: true });
      return;
    }
    applyFieldErrors(error, setError, ['email'], fieldMessage);
  };
  const onSubmit = handleSubmit(({ email }) => send(email, onError));
  const message = errors.email?.message;

  return (
    <>
      <Typography color="text.secondary">{intro}</Typography>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          {...register('email')}
          type="email"
          label={t('admin.email')}
          autoComplete="off"
          error={errors.email !== undefined}
          helperText={message !== undefined && isUserEmailMessage(message) ? t(message) : message}
        />
        {children}
      </form>
    </>
  );
}
