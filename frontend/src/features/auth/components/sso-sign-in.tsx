// "Login with SSO" on the sign-in page: asks for the work e-mail, whose domain names the
// company's identity provider, and sends the browser there. Whether an address has SSO is the
// server's to say; the page keeps only the sign-in's `next` for the way back.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useStartSso } from '../api/auth';
import { normaliseEmail } from '../api/sign-in';
import { emailRules, isSignInMessageKey } from '../sign-in-rules';
import { keepSsoNext } from '../sso-next';
import { SubmitButton } from '@/components/submit-button';
import { applyFieldErrors } from '@/lib/form-errors';
import { useProblemMessage } from '@/lib/problem-message';

export function SsoSignIn({ next, disabled }: { next?: string; disabled: boolean }) {
  const { t } = useTranslation('auth');
  const { problemMessage, fieldMessage } = useProblemMessage();
  const [open, setOpen] = useState(false);
  const start = useStartSso();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ defaultValues: { email: '' } });

  const onSubmit = handleSubmit(({ email }) => {
    start.mutate(
      { data: { email: normaliseEmail(email) } },
      {
        onSuccess: ({ authorization_url }) => {
          keepSsoNext(next);
          window.location.assign(authorization_url);
        },
        onError: (error) => applyFieldErrors(error, setError, ['email'], fieldMessage),
      },
    );
  });

  const message = errors.email?.message;
  const leaving = start.isSuccess;

  return (
    <>
      {!open && (
        <Button fullWidth variant="outlined" sx={{ mt: 1 }} disabled={disabled} onClick={() => setOpen(true)}>
          {t('sso.button')}
        </Button>
      )}
      <Collapse in={open} unmountOnExit>
        <form noValidate aria-label={t('sso.title')} onSubmit={(event) => void onSubmit(event)}>
          <TextField
            {...register('email', emailRules)}
            type="email"
            label={t('sso.email')}
            helperText={
              message === undefined ? t('sso.emailHelp') : isSignInMessageKey(message) ? t(message) : message
            }
            error={message !== undefined}
            autoComplete="email"
            disabled={disabled || leaving}
            autoFocus
          />
          {start.isError && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {problemMessage(start.error)}
            </Alert>
          )}
          {leaving && (
            <Alert severity="info" sx={{ mt: 1 }}>
              {t('sso.leaving')}
            </Alert>
          )}
          <SubmitButton fullWidth pending={start.isPending || leaving} disabled={disabled || leaving}>
            {t('sso.continue')}
          </SubmitButton>
        </form>
      </Collapse>
    </>
  );
}
