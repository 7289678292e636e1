// Where every company's identity provider sends the browser back (/auth/sso/callback): the
// provider's answer goes to the server once, leaves the address bar at once (it carries a
// one-time code), and the sign-in goes on as any other: the EULA, then the dashboard or the
// sign-in's `next`.
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { SsoFinishRequest } from '@/api/gen/playtrack.schemas';
import { useProblemMessage } from '@/lib/problem-message';
import { useFinishSso } from '../api/auth';
import { useBackToSignIn, useSignInSteps } from '../hooks/use-sign-in-steps';
import { forgetSsoNext, readSsoNext } from '../sso-next';
import { BackToSignIn } from './back-to-sign-in';
import { EulaChallengeDialog } from './eula-challenge-dialog';

/** The provider's answer, as the callback's query names it. */
function answerOf(params: URLSearchParams): SsoFinishRequest | undefined {
  const value = (name: string) => params.get(name) ?? undefined;
  const state = value('state');
  if (state === undefined) return undefined;
  return {
    state,
    code: value('code'),
    error: value('error'),
    error_description: value('error_description'),
    iss: value('iss'),
  };
}

export function SsoCallbackPage() {
  const { t } = useTranslation('auth');
  const { problemMessage } = useProblemMessage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Read once, before the address bar forgets them.
  const [answer] = useState(() => answerOf(params));
  const [next] = useState(readSsoNext);
  const steps = useSignInSteps(next);
  const backToSignIn = useBackToSignIn(next);
  const finish = useFinishSso();
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    forgetSsoNext();
    void navigate({ search: '' }, { replace: true });
    if (answer !== undefined) finish.mutate({ data: answer }, { onSuccess: steps.follow });
  }, [answer, finish, navigate, steps.follow]);

  return (
    <Card component="section" sx={{ maxWidth: 420, mx: 'auto' }}>
      <CardContent>
        <Typography component="h1" variant="h5" gutterBottom>
          {t('sso.title')}
        </Typography>
        {(finish.isPending || steps.eula !== null) && (
          <>
            <Typography>{t('sso.finishing')}</Typography>
            <LinearProgress sx={{ mt: 1 }} aria-label={t('sso.finishing')} />
          </>
        )}
        {steps.finished && <Alert severity="success">{t(next === undefined ? 'signIn.success' : 'signIn.successNext')}</Alert>}
        {(answer === undefined || finish.isError) && (
          <>
            <Alert severity="error" sx={{ mb: 2 }}>
              {answer === undefined ? t('sso.noAnswer') : problemMessage(finish.error)}
            </Alert>
            <BackToSignIn />
          </>
        )}
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
