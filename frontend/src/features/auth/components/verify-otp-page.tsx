// /verify-otp: the six digits from the sign-in mail, with a resend after the cool-down and a
// Cancel back to sign-in. Needs the challenge the password step left in session storage; the
// sign-in's `next` path arrives in the navigation state and goes on from here.
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { z } from 'zod';
import { SubmitButton } from '@/components/submit-button';
import { ApiError, problemCode } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/form-errors';
import { LOGIN_PATH } from '@/lib/paths';
import { useProblemMessage } from '@/lib/problem-message';
import { safeNextPath, withNext } from '@/lib/safe-next-path';
import { getChallenge, setChallenge } from '@/lib/session';
import { useResendOtpStep, useVerifyOtpStep } from '../api/sign-in';
import {
  type SignInPageState,
  useBackToSignIn,
  useSignInSteps,
  type VerifyOtpPageState,
} from '../hooks/use-sign-in-steps';
import { EulaChallengeDialog } from './eula-challenge-dialog';

export const OTP_LENGTH = 6;

// Messages are `auth` keys, translated where they are shown.
const otpSchema = z.object({
  otp: z
    .string()
    .trim()
    .min(1, { error: 'verifyOtp.otpRequired' })
    .regex(/^\d{6}$/, { error: 'verifyOtp.otpInvalid' }),
});

const MS_PER_SECOND = 1_000;

/** Whole seconds until `until` (epoch ms), ticking once a second; 0 once it has passed. */
function useSecondsUntil(until: number): number {
  const left = () => Math.max(0, Math.ceil((until - Date.now()) / MS_PER_SECOND));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    const tick = () => setSeconds(Math.max(0, Math.ceil((until - Date.now()) / MS_PER_SECOND)));
    tick();
    const timer = window.setInterval(tick, MS_PER_SECOND);
    return () => window.clearInterval(timer);
  }, [until]);
  return seconds;
}

/** Failures shown on the field (a wrong or malformed code) or by leaving the page (an expired
 * challenge) rather than in the alert above the buttons. */
function isShownElsewhere(error: unknown): boolean {
  const code = problemCode(error);
  return (
    code === 'OTP_INVALID' ||
    code === 'CHALLENGE_EXPIRED' ||
    (error instanceof ApiError && error.fieldErrors.some(({ field }) => field === 'otp'))
  );
}

export function VerifyOtpPage() {
  const location = useLocation();
  // Read once: finishing the sign-in removes it from storage while this page still shows.
  const [challenge] = useState(getChallenge);
  const { resendAfterSeconds = 0, next: stateNext } = (location.state ?? {}) as VerifyOtpPageState;
  const next = safeNextPath(stateNext);
  if (challenge === null) {
    const state: SignInPageState = { notice: 'noChallenge' };
    return <Navigate to={withNext(LOGIN_PATH, next)} replace state={state} />;
  }
  return <OtpForm initialChallenge={challenge} resendAfterSeconds={resendAfterSeconds} next={next} />;
}

function OtpForm({
  initialChallenge,
  resendAfterSeconds,
  next,
}: {
  initialChallenge: string;
  resendAfterSeconds: number;
  next: string | undefined;
}) {
  const { t } = useTranslation('auth');
  const { problemMessage, fieldMessage } = useProblemMessage();
  const backToSignIn = useBackToSignIn(next);
  const steps = useSignInSteps(next);
  const verify = useVerifyOtpStep();
  const resend = useResendOtpStep();
  const [challenge, setCurrentChallenge] = useState(initialChallenge);
  const [resendAt, setResendAt] = useState(() => Date.now() + resendAfterSeconds * MS_PER_SECOND);
  const secondsToResend = useSecondsUntil(resendAt);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(otpSchema), defaultValues: { otp: '' } });

  const messageOf = (message: string | undefined) => {
    if (message === undefined) return undefined;
    return message === 'verifyOtp.otpRequired' || message === 'verifyOtp.otpInvalid'
      ? t(message)
      : message;
  };

  /** Failures that end this challenge send the user back to sign in; others stay here. */
  const onStepError = (error: unknown): boolean => {
    if (problemCode(error) === 'CHALLENGE_EXPIRED') {
      backToSignIn('challengeExpired');
      return true;
    }
    if (error instanceof ApiError && error.code === 'OTP_INVALID' && error.remainingAttempts === 0) {
      backToSignIn('tooManyTries');
      return true;
    }
    return false;
  };

  const onSubmit = handleSubmit(({ otp }) => {
    resend.reset();
    verify.mutate(
      { challenge, otp: otp.trim() },
      {
        onSuccess: steps.follow,
        onError: (error) => {
          if (onStepError(error)) return;
          if (problemCode(error) === 'OTP_INVALID') {
            setError('otp', { type: 'server', message: problemMessage(error) }, { shouldFocus: true });
          } else {
            applyFieldErrors(error, setError, ['otp'], fieldMessage);
          }
        },
      },
    );
  });

  const onResend = () => {
    verify.reset();
    resend.mutate(challenge, {
      onSuccess: (next) => {
        setChallenge(next.challenge);
        setCurrentChallenge(next.challenge);
        setResendAt(Date.now() + next.resend_after_seconds * MS_PER_SECOND);
      },
      onError: (error) => {
        if (onStepError(error)) return;
        if (error instanceof ApiError && error.retryAfterSeconds !== undefined) {
          setResendAt(Date.now() + error.retryAfterSeconds * MS_PER_SECOND);
        }
      },
    });
  };

  const verifyFailure = verify.isError && !isShownElsewhere(verify.error);
  const busy = verify.isPending || steps.finished || steps.eula !== null;

  return (
    <Card component="section" sx={{ maxWidth: 420, mx: 'auto' }}>
      <CardContent>
        <Typography component="h1" variant="h5" gutterBottom>
          {t('verifyOtp.title')}
        </Typography>
        <Typography color="text.secondary">{t('verifyOtp.intro')}</Typography>
        <form noValidate onSubmit={(event) => void onSubmit(event)}>
          <TextField
            {...register('otp')}
            label={t('verifyOtp.otp')}
            autoComplete="one-time-code"
            autoFocus
            disabled={steps.finished}
            error={errors.otp !== undefined}
            helperText={messageOf(errors.otp?.message)}
            slotProps={{
              htmlInput: {
                inputMode: 'numeric',
                maxLength: OTP_LENGTH,
                dir: 'ltr',
                style: { letterSpacing: '0.4em', fontVariantNumeric: 'tabular-nums' },
              },
            }}
          />
          {verifyFailure && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {problemMessage(verify.error)}
            </Alert>
          )}
          {resend.isError && problemCode(resend.error) !== 'CHALLENGE_EXPIRED' && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {problemMessage(resend.error)}
            </Alert>
          )}
          {resend.isSuccess && (
            <Alert severity="info" sx={{ mt: 1 }}>
              {t('verifyOtp.resent')}
            </Alert>
          )}
          {steps.finished && (
            <Alert severity="success" sx={{ mt: 1 }}>
              {t(next === undefined ? 'signIn.success' : 'signIn.successNext')}
            </Alert>
          )}
          <SubmitButton size="large" fullWidth pending={verify.isPending} disabled={busy}>
            {t('verifyOtp.submit')}
          </SubmitButton>
          <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: 'space-between' }}>
            <Button onClick={() => backToSignIn()} disabled={steps.finished} color="inherit">
              {t('verifyOtp.cancel')}
            </Button>
            <Button
              onClick={onResend}
              disabled={secondsToResend > 0 || resend.isPending || busy}
              loading={resend.isPending}
            >
              {secondsToResend > 0
                ? t('verifyOtp.resendIn', { seconds: secondsToResend })
                : t('verifyOtp.resend')}
            </Button>
          </Stack>
        </form>
      </CardContent>
      <EulaChallengeDialog
        challenge={steps.eula}
        onAccepted={steps.complete}
        onDeclined={() => backToSignIn('eulaDeclined')}
        onExpired={() => backToSignIn('challengeExpired')}
      />
    </Card>
  );
}
