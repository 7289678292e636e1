// The trainee's consent to a game's sign-in. A native game is a public client, so it is never
// signed in silently (RFC 8252 §8.6): the trainee sees which game, as whom and for what, and
// answers Allow or Deny; either way the server's answer leads back to the game.
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LOGOUT_PATH } from '@/lib/paths';
import { useProblemMessage } from '@/lib/problem-message';
import { withNext } from '@/lib/safe-next-path';
import type { SessionUser } from '@/lib/session';
import {
  type AuthorizationDecision,
  type AuthorizationRequest,
  useAuthorizationDecision,
} from '../api/authorization';
import { returnToGame } from '../return-to-game';
import {
  InvalidRequestCard,
  isInvalidRequest,
  ProgressCard,
  redirectToOf,
  RefusedCard,
  refusalOf,
  SignedInIdentity,
} from './sign-in-outcomes';

const SCOPE_KEYS = {
  play: 'gameSignIn.scope.play',
  reports: 'gameSignIn.scope.reports',
} as const;

function isKnownScope(scope: string): scope is keyof typeof SCOPE_KEYS {
  return Object.hasOwn(SCOPE_KEYS, scope);
}

/** The answer to the request the page opened with, its parameters as the game sent them. */
function decisionOf(params: URLSearchParams, approve: boolean): AuthorizationDecision {
  const scope = params.get('scope');
  const state = params.get('state');
  return {
    client_id: params.get('client_id') ?? '',
    redirect_uri: params.get('redirect_uri') ?? '',
    response_type: params.get('response_type') ?? '',
    code_challenge: params.get('code_challenge') ?? '',
    code_challenge_method: params.get('code_challenge_method') ?? '',
    ...(scope !== null && { scope }),
    ...(state !== null && { state }),
    approve,
  };
}

interface ConsentCardProps {
  request: AuthorizationRequest;
  params: URLSearchParams;
  user: SessionUser;
  /** This page's path and query: where signing in as someone else comes back to. */
  here: string;
}

export function ConsentCard({ request, params, user, here }: ConsentCardProps) {
  const { t } = useTranslation('auth');
  const { problemMessage } = useProblemMessage();
  const decide = useAuthorizationDecision();
  const app = request.app_name;

  const answer = (approve: boolean) => {
    decide.mutate(decisionOf(params, approve), {
      onSuccess: ({ redirect_to }) => returnToGame(redirect_to),
      onError: (error) => {
        const to = redirectToOf(error);
        if (to !== undefined) returnToGame(to);
      },
    });
  };

  if (decide.isSuccess || redirectToOf(decide.error) !== undefined) {
    return <ProgressCard message={t('gameSignIn.returning')} />;
  }
  const refusal = refusalOf(decide.error);
  if (refusal) return <RefusedCard reason={refusal} user={user} here={here} />;
  if (isInvalidRequest(decide.error)) return <InvalidRequestCard error={decide.error} />;

  const pending = decide.isPending;
  return (
    <Card component="section" sx={{ maxWidth: 480, mx: 'auto' }}>
      <CardContent>
        <Typography component="h1" variant="h5" gutterBottom>
          {t('gameSignIn.title', { app })}
        </Typography>
        <Typography>{t('gameSignIn.intro', { app })}</Typography>
        <SignedInIdentity user={user} />
        {request.scopes.length > 0 && (
          <>
            <Typography>{t('gameSignIn.mayIntro')}</Typography>
            <List dense>
              {request.scopes.map((scope) => (
                <ListItem key={scope} disableGutters>
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <CheckCircleOutlined color="success" fontSize="small" />
                  </ListItemIcon>
                  <ListItemText
                    primary={
                      isKnownScope(scope)
                        ? t(SCOPE_KEYS[scope])
                        : t('gameSignIn.scope.other', { scope })
                    }
                  />
                </ListItem>
              ))}
            </List>
          </>
        )}
        {decide.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {problemMessage(decide.error)}
          </Alert>
        )}
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end', px: 2 }}>
        <Button
          color="inherit"
          onClick={() => answer(false)}
          disabled={pending}
          loading={pending && !decide.variables.approve}
        >
          {t('gameSignIn.deny')}
        </Button>
        <Button
          variant="contained"
          onClick={() => answer(true)}
          disabled={pending}
          loading={pending && decide.variables.approve}
        >
          {t('gameSignIn.allow')}
        </Button>
      </CardActions>
      <CardContent sx={{ pt: 0 }}>
        <Typography variant="body2" color="text.secondary">
          {t('gameSignIn.notYou')}{' '}
          <Link component={RouterLink} to={withNext(LOGOUT_PATH, here)}>
            {t('gameSignIn.switchAccount')}
          </Link>
        </Typography>
      </CardContent>
    </Card>
  );
}
