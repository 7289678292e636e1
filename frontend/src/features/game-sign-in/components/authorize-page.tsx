// /oauth/authorize?response_type=code&client_id=…&redirect_uri=…&code_challenge=…&state=…:
// where a game opens the browser to sign a trainee in. The server checks the request first; one
// it cannot trust (unknown or disabled game, unregistered redirect URI) is shown as such and
// followed nowhere, while a faulty one from a known game goes back to the game with its error.
// A visitor not signed in signs in first and comes back here (`/login?next=`); a signed-in
// trainee is asked for consent, and an account that may not play is told why.
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { LOGIN_PATH } from '@/lib/paths';
import { withNext } from '@/lib/safe-next-path';
import { useSessionKnown, useSessionUser } from '@/lib/session';
import { authorizationQueryOf, useAuthorizationCheck } from '../api/authorization';
import { returnToGame } from '../return-to-game';
import { ConsentCard } from './consent-card';
import { InvalidRequestCard, ProgressCard, redirectToOf, RefusedCard } from './sign-in-outcomes';

/** The only role that plays; the server refuses the others too (FORBIDDEN). */
const PLAYER_ROLE = 'USER';

export function AuthorizePage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const search = searchParams.toString();
  const query = useMemo(() => authorizationQueryOf(new URLSearchParams(search)), [search]);
  const check = useAuthorizationCheck(query);
  const known = useSessionKnown();
  const user = useSessionUser();
  const here = `${location.pathname}${location.search}`;

  const backToGame = redirectToOf(check.error);
  useEffect(() => {
    if (backToGame !== undefined) returnToGame(backToGame);
  }, [backToGame]);

  if (backToGame !== undefined) return <ProgressCard message={t('gameSignIn.returning')} />;
  if (check.isError) return <InvalidRequestCard error={check.error} />;
  if (check.isPending || !known) return <ProgressCard message={t('gameSignIn.checking')} />;
  if (!user) return <Navigate to={withNext(LOGIN_PATH, here)} replace />;
  if (user.role !== PLAYER_ROLE) return <RefusedCard reason="FORBIDDEN" user={user} here={here} />;
  return <ConsentCard prompt={check.data} query={query} user={user} here={here} />;
}
