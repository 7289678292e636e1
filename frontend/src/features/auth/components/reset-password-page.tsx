// /reset-password (the seed's forgot-password page): mails a reset link. The answer is the
// same whether or not the address has an account, so the page cannot be used to find one.
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { useForgotPassword } from '../api/passwords';
import { SubmitButton } from '@/components/submit-button';
import { applyFieldErrors, isFormFailure } from '@/lib/form-errors';
import { LOGIN_PATH } from '@/lib/paths';
import { useProblemMessage } from '@/lib/problem-message';
import { normaliseEmail } from '../api/sign-in';
import { useBackToSignIn } from '../hooks/use-sign-in-steps';
import { emailField } from '@/lib/email-field';

// Messages are `auth` keys, translated where they are shown.
const forgotSchema = z.object({
  email: emailField('signIn.emailRequired', 'signIn.emailInvalid'),
});

export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const { problemMessage, fieldMessage } = useProblemMessage();
  const backToSignIn = useBackToSignIn();
  const forgot = useForgotPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(forgotSchema), defaultValues: { email: '' } });

  const messageOf = (message: string | undefined) =>
    message === 'signIn.emailRequired' || message === 'signIn.emailInvalid' ? t(message) : message;

  const onSubmit = handleSubmit(({ email }) => {
    forgot.mutate(
      { data: { email: normaliseEmail(email) } },
      {
        onSuccess: () => backToSignIn('resetLinkSent'),
        onError: (error) => applyFieldErrors(error, setError, ['email'], fieldMessage),
      },
    );
  });

  // Field errors show on the field; anything else (such as when to try again) above the buttons.
  const failure = forgot.isError && isFormFailure(forgot.error, []);

  return (
    <Card component="section" sx={{ maxWidth: 420, mx: 'auto' }}>
      <CardContent>
        <Typography component="h1" variant="h5" gutterBottom>
          {t('resetPassword.title')}
        </Typography>
        <Typography color="text.secondary">{t('resetPassword.intro')}</Typography>
        <form noValidate onSubmit={(event) => void onSubmit(event)}>
          <TextField
            {...register('email')}
            type="email"
            label={t('signIn.email')}
            autoComplete="username"
            autoFocus
            error={errors.email !== undefined}
            helperText={messageOf(errors.email?.message)}
          />
          {failure && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {problemMessage(forgot.error)}
            </Alert>
          )}
          <SubmitButton size="large" fullWidth pending={forgot.isPending} disabled={forgot.isPending || forgot.isSuccess}>
            {t('resetPassword.submit')}
          </SubmitButton>
          <Stack direction="row" sx={{ mt: 1 }}>
            <Button component={RouterLink} to={LOGIN_PATH} color="inherit">
              {t('resetPassword.cancel')}
            </Button>
          </Stack>
        </form>
      </CardContent>
    </Card>
  );
}
