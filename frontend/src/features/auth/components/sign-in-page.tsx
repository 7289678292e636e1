// Sign-in form for /login and /signin. Validation is client-side only for now: the call to the
// server (and OTP, EULA, SSO, game hand-off) comes with the next issue.
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';

// Messages are `auth` keys, translated where they are shown.
const signInSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { error: 'signIn.emailRequired' })
    .pipe(z.email({ error: 'signIn.emailInvalid' })),
  password: z.string().min(1, { error: 'signIn.passwordRequired' }),
});

type SignInMessageKey = 'signIn.emailRequired' | 'signIn.emailInvalid' | 'signIn.passwordRequired';

export function SignInPage() {
  const { t } = useTranslation('auth');
  const [attempted, setAttempted] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } });

  const messageOf = (message: string | undefined) =>
    message === undefined ? undefined : t(message as SignInMessageKey);

  return (
    <Card component="section" sx={{ maxWidth: 420, mx: 'auto' }}>
      <CardContent>
        <Typography component="h1" variant="h5" gutterBottom>
          {t('signIn.title')}
        </Typography>
        <form
          noValidate
          onSubmit={(event) => void handleSubmit(() => setAttempted(true))(event)}
        >
          <TextField
            {...register('email')}
            type="email"
            label={t('signIn.email')}
            autoComplete="username"
            error={errors.email !== undefined}
            helperText={messageOf(errors.email?.message)}
          />
          <TextField
            {...register('password')}
            type="password"
            label={t('signIn.password')}
            autoComplete="current-password"
            error={errors.password !== undefined}
            helperText={messageOf(errors.password?.message)}
          />
          {attempted && (
            <Alert severity="info" sx={{ mt: 1 }}>
              {t('signIn.notYetAvailable')}
            </Alert>
          )}
          <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 2 }}>
            {t('signIn.submit')}
          </Button>
        </form>
        <Link component={RouterLink} to="/reset-password" sx={{ display: 'inline-block', mt: 2 }}>
          {t('signIn.forgotPassword')}
        </Link>
      </CardContent>
    </Card>
  );
}
