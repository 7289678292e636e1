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
import type { AuthorizationPrompt, AuthorizationQuery } from '@/api/gen/playtrack.schemas';
import { withNext } from '@/lib/safe-next-path';
import type { SessionUser } from '@/lib/session';
import { useAuthorizationDecision } from '../api/authorization';
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

interface ConsentCardProps {
  prompt: AuthorizationPrompt;
  /** The request as the game sent it: the answer repeats it. */
  query: AuthorizationQuery;
  user: SessionUser;
  /** This page's path and query: where signing in as someone else comes back to. */
  here: string;
}

export function ConsentCard({ prompt, query, user, here }: ConsentCardProps) {
  const { t } = useTranslation('auth');
  const { problemMessage } = useProblemMessage();
  const decide = useAuthorizationDecision();
  const app = prompt.app_name;

  const answer = (approve: boolean) => {
    decide.mutate({ data: { ...query, approve } }, {
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
        {prompt.scopes.length > 0 && (
          <>
            <Typography>{t('gameSignIn.mayIntro')}</Typography>
            <List dense>
              {prompt.scopes.map((scope) => (
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
          loading={pending && !decide.variables.data.approve}
        >
          {t('gameSignIn.deny')}
        </Button>
        <Button
          variant="contained"
          onClick={() => answer(true)}
          disabled={pending}
          loading={pending && decide.variables.data.approve}
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
