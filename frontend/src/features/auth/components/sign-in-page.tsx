// Sign-in form for /login and /signin: e-mail and password, then whatever the server asks next
// (OTP page, EULA dialog) or the session and, after the seed's pause, the dashboard — or the
// `?next=` path when it is one of this site's (a game's consent page sends its visitor here so).
// A game's link (`?token=…`) is exchanged first, and the token leaves the address bar at once.
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useGameLogin, useLogin } from '../api/auth';
import { SubmitButton } from '@/components/submit-button';
import { applyFieldErrors } from '@/lib/form-errors';
import { useHydrated } from '@/lib/use-hydrated';
import { RESET_PASSWORD_PATH } from '@/lib/paths';
import { useProblemMessage } from '@/lib/problem-message';
import { safeNextPath } from '@/lib/safe-next-path';
import { normaliseEmail } from '../api/sign-in';
import { emailRules, isSignInMessageKey, passwordRules } from '../sign-in-rules';
import { type SignInNotice, type SignInPageState, useSignInSteps } from '../hooks/use-sign-in-steps';
import { EulaChallengeDialog } from './eula-challenge-dialog';
import { SignInNoticeAlert } from './sign-in-notice';
import { SsoSignIn } from './sso-sign-in';

export function SignInPage() {
  const { t } = useTranslation('auth');
  const { problemMessage, fieldMessage } = useProblemMessage();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const [notice, setNotice] = useState<SignInNotice | undefined>(
    () => (location.state as SignInPageState | null)?.notice,
  );
  // Read once: the address bar loses it as soon as the page opens.
  const [gameToken] = useState(() => params.get('token')?.trim() ?? '');
  const steps = useSignInSteps(next);
  const login = useLogin();
  const gameLogin = useGameLogin();
  const exchanged = useRef(false);
  // From the first render on, until the server has answered the game's link.
  const [exchanging, setExchanging] = useState(gameToken !== '');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ defaultValues: { email: '', password: '' } });

  useEffect(() => {
    if (gameToken === '' || exchanged.current) return;
    exchanged.current = true;
    // A sign-in link must not stay in the address bar nor in the history; the rest stays.
    const rest = new URLSearchParams(params);
    rest.delete('token');
    const search = rest.toString();
    void navigate(
      { pathname: location.pathname, search: search === '' ? '' : `?${search}` },
      { replace: true, state: location.state as unknown },
    );
    gameLogin.mutate(
      { data: { token: gameToken } },
      { onSuccess: steps.follow, onSettled: () => setExchanging(false) },
    );
  }, [gameLogin, gameToken, location.pathname, location.state, navigate, params, steps.follow]);

  // Client messages are keys; the server's field errors arrive already translated.
  const messageOf = (message: string | undefined) =>
    message === undefined ? undefined : isSignInMessageKey(message) ? t(message) : message;

  const onSubmit = handleSubmit(({ email, password }) => {
    setNotice(undefined);
    gameLogin.reset();
    login.mutate(
      { data: { email: normaliseEmail(email), password } },
      {
        onSuccess: steps.follow,
        onError: (error) => applyFieldErrors(error, setError, ['email', 'password'], fieldMessage),
      },
    );
  });

  // The prerendered form takes no input before the app has taken it over: typed text would not
  // reach the form's state, and a native submit would put the password in the address.
  const hydrated = useHydrated();
  const readOnlyUntilHydrated = { htmlInput: { readOnly: !hydrated } };
  const busy = !hydrated || login.isPending || exchanging || steps.finished || steps.eula !== null;

  return (
    <Card component="section" sx={{ maxWidth: 420, mx: 'auto' }}>
      <CardContent>
        <Typography component="h1" variant="h5" gutterBottom>
          {t('signIn.title')}
        </Typography>
        {notice && <SignInNoticeAlert notice={notice} />}
        {exchanging && (
          <Alert severity="info" sx={{ mb: 1 }}>
            {t('signIn.gameToken')}
            <LinearProgress sx={{ mt: 1 }} aria-label={t('signIn.gameToken')} />
          </Alert>
        )}
        {gameLogin.isError && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {problemMessage(gameLogin.error)}
          </Alert>
        )}
        <form noValidate onSubmit={(event) => void onSubmit(event)}>
          <TextField
            {...register('email', emailRules)}
            type="email"
            label={t('signIn.email')}
            autoComplete="username"
            disabled={steps.finished || exchanging}
            slotProps={readOnlyUntilHydrated}
            error={errors.email !== undefined}
            helperText={messageOf(errors.email?.message)}
          />
          <TextField
            {...register('password', passwordRules)}
            type="password"
            label={t('signIn.password')}
            autoComplete="current-password"
            disabled={steps.finished || exchanging}
            slotProps={readOnlyUntilHydrated}
            error={errors.password !== undefined}
            helperText={messageOf(errors.password?.message)}
          />
          {login.isError && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {problemMessage(login.error)}
            </Alert>
          )}
          {steps.finished && (
            <Alert severity="success" sx={{ mt: 1 }}>
              {t(next === undefined ? 'signIn.success' : 'signIn.successNext')}
            </Alert>
          )}
          <SubmitButton size="large" fullWidth pending={login.isPending} disabled={busy}>
            {t('signIn.submit')}
          </SubmitButton>
        </form>
        <SsoSignIn next={next} disabled={busy} />
        <Link component={RouterLink} to={RESET_PASSWORD_PATH} sx={{ display: 'inline-block', mt: 2 }}>
          {t('signIn.forgotPassword')}
        </Link>
      </CardContent>
      <EulaChallengeDialog
        challenge={steps.eula}
        onAccepted={steps.complete}
        onDeclined={() => {
          steps.closeEula();
          login.reset();
          gameLogin.reset();
          setNotice('eulaDeclined');
        }}
        onExpired={() => {
          steps.closeEula();
          login.reset();
          gameLogin.reset();
          setNotice('challengeExpired');
        }}
      />
    </Card>
  );
}
