// /setup?token=…: the first super admin of an empty installation, from the one-time link the
// server prints at start. Success signs them in like any other sign-in.
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { useCompleteSetup } from '../api/setup';
import { SubmitButton } from '@/components/submit-button';
import { problemCode } from '@/lib/api-client';
import { applyFieldErrors, isFormFailure } from '@/lib/form-errors';
import { useProblemMessage } from '@/lib/problem-message';
import { normaliseEmail } from '../api/sign-in';
import { useFinishSignIn } from '../hooks/use-sign-in-steps';
import { emailField } from '@/lib/email-field';

/** The seed's rule for new passwords: 10–16 characters, no spaces, with an uppercase and a
 * lowercase letter, a digit and one of `! @ # $ % ^ & * ) ( + = . _ -`. The server checks it too. */
export const NEW_PASSWORD_PATTERN = /^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[!@#$%^&*)(+=._-])\S{10,16}$/;

// Messages are `auth` keys, translated where they are shown.
const setupSchema = z
  .object({
    email: emailField('signIn.emailRequired', 'signIn.emailInvalid'),
    name: z.string().trim().min(1, { error: 'setup.nameRequired' }),
    password: z
      .string()
      .min(1, { error: 'setup.passwordRequired' })
      .regex(NEW_PASSWORD_PATTERN, { error: 'setup.passwordRule' }),
    confirm: z.string().min(1, { error: 'setup.confirmRequired' }),
  })
  .refine(({ password, confirm }) => confirm === '' || password === confirm, {
    error: 'setup.confirmMismatch',
    path: ['confirm'],
  });

const MESSAGE_KEYS = [
  'signIn.emailRequired',
  'signIn.emailInvalid',
  'setup.nameRequired',
  'setup.passwordRequired',
  'setup.passwordRule',
  'setup.confirmRequired',
  'setup.confirmMismatch',
] as const;

type SetupMessageKey = (typeof MESSAGE_KEYS)[number];

function isMessageKey(message: string): message is SetupMessageKey {
  return (MESSAGE_KEYS as readonly string[]).includes(message);
}

export function SetupPage() {
  const { t } = useTranslation('auth');
  const { problemMessage, fieldMessage } = useProblemMessage();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const setup = useCompleteSetup();
  const { finish, finished } = useFinishSignIn();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(setupSchema),
    defaultValues: { email: '', name: '', password: '', confirm: '' },
  });

  // Client messages are keys; the server's field errors arrive already translated.
  const messageOf = (message: string | undefined) =>
    message === undefined ? undefined : isMessageKey(message) ? t(message) : message;

  const onSubmit = handleSubmit(({ email, name, password }) => {
    setup.mutate(
      { data: { token, email: normaliseEmail(email), name: name.trim(), password } },
      {
        onSuccess: finish,
        onError: (error) => {
          if (problemCode(error) === 'EMAIL_TAKEN') {
            setError('email', { type: 'server', message: problemMessage(error) });
            return;
          }
          applyFieldErrors(error, setError, ['email', 'name', 'password'], fieldMessage);
        },
      },
    );
  });

  // EMAIL_TAKEN and the field errors are shown on their fields; anything else above the button.
  const failure = setup.isError && isFormFailure(setup.error, ['EMAIL_TAKEN']);

  return (
    <Card component="section" sx={{ maxWidth: 480, mx: 'auto' }}>
      <CardContent>
        <Typography component="h1" variant="h5" gutterBottom>
          {t('setup.title')}
        </Typography>
        <Typography color="text.secondary">{t('setup.intro')}</Typography>
        {token === '' ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('setup.missingToken')}
          </Alert>
        ) : (
          <form noValidate onSubmit={(event) => void onSubmit(event)}>
            <TextField
              {...register('email')}
              type="email"
              label={t('signIn.email')}
              autoComplete="username"
              disabled={finished}
              error={errors.email !== undefined}
              helperText={messageOf(errors.email?.message)}
            />
            <TextField
              {...register('name')}
              label={t('setup.name')}
              autoComplete="name"
              disabled={finished}
              error={errors.name !== undefined}
              helperText={messageOf(errors.name?.message)}
            />
            <TextField
              {...register('password')}
              type="password"
              label={t('signIn.password')}
              autoComplete="new-password"
              disabled={finished}
              error={errors.password !== undefined}
              helperText={messageOf(errors.password?.message) ?? t('setup.passwordRule')}
            />
            <TextField
              {...register('confirm')}
              type="password"
              label={t('setup.confirmPassword')}
              autoComplete="new-password"
              disabled={finished}
              error={errors.confirm !== undefined}
              helperText={messageOf(errors.confirm?.message)}
            />
            {failure && (
              <Alert severity="error" sx={{ mt: 1 }}>
                {problemMessage(setup.error)}
              </Alert>
            )}
            {finished && (
              <Alert severity="success" sx={{ mt: 1 }}>
                {t('signIn.success')}
              </Alert>
            )}
            <SubmitButton size="large" fullWidth pending={setup.isPending} disabled={setup.isPending || finished}>
              {t('setup.submit')}
            </SubmitButton>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
