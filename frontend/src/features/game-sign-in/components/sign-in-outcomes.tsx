// The cards of a game's sign-in besides the consent: waiting, going back to the game, a request
// that cannot go on (shown, never followed), and an account that may not play.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { TitledCard } from '@/components/titled-card';
import { ApiError } from '@/lib/api-client';
import { LOGOUT_PATH } from '@/lib/paths';
import { useProblemMessage } from '@/lib/problem-message';
import { withNext } from '@/lib/safe-next-path';
import type { SessionUser } from '@/lib/session';

const CARD_WIDTH = 480;

/** Why an account may not play (the answer's problem code). */
export type RefusalCode = 'NO_LICENCE' | 'LICENCE_EXPIRED' | 'FORBIDDEN';

const REFUSALS: readonly string[] = ['NO_LICENCE', 'LICENCE_EXPIRED', 'FORBIDDEN'] satisfies RefusalCode[];

export function refusalOf(error: unknown): RefusalCode | undefined {
  return error instanceof ApiError && error.status === 403 && REFUSALS.includes(error.code)
    ? (error.code as RefusalCode)
    : undefined;
}

/** A request the server will not take from this game: the page says so and goes nowhere. */
export function isInvalidRequest(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'OAUTH_CLIENT' || error.code === 'OAUTH_REDIRECT_URI');
}

/** The game's own address that an OAUTH_REQUEST answer reports the error to. */
export function redirectToOf(error: unknown): string | undefined {
  return error instanceof ApiError && error.code === 'OAUTH_REQUEST' ? error.redirectTo : undefined;
}

export function ProgressCard({ message }: { message: string }) {
  return (
    <Card component="section" sx={{ maxWidth: CARD_WIDTH, mx: 'auto' }}>
      <CardContent>
        <Typography color="text.secondary">{message}</Typography>
        <LinearProgress sx={{ mt: 2 }} aria-label={message} />
      </CardContent>
    </Card>
  );
}

/** Name and address on lines of their own, so either reads right in a right-to-left page. */
export function SignedInIdentity({ user }: { user: SessionUser }) {
  return (
    <Box sx={{ my: 2, px: 2, py: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
      <Typography sx={{ fontWeight: 500 }}>{user.name}</Typography>
      <Typography variant="body2" color="text.secondary" dir="ltr" sx={{ textAlign: 'start' }}>
        <bdi>{user.email}</bdi>
      </Typography>
    </Box>
  );
}

/** Signs out and comes back to the sign-in with this request as its `next`. */
export function SwitchAccountButton({ here }: { here: string }) {
  const { t } = useTranslation('auth');
  return (
    <Button component={RouterLink} to={withNext(LOGOUT_PATH, here)}>
      {t('gameSignIn.switchAccount')}
    </Button>
  );
}

/** OAUTH_CLIENT, OAUTH_REDIRECT_URI or anything else that ends the request here. */
export function InvalidRequestCard({ error }: { error: unknown }) {
  const { t } = useTranslation('auth');
  const { problemMessage } = useProblemMessage();
  return (
    <TitledCard title={t('gameSignIn.invalidTitle')} maxWidth={CARD_WIDTH}>
      <Alert severity="error" sx={{ mb: 2 }}>
        {problemMessage(error)}
      </Alert>
      <Typography color="text.secondary">{t('gameSignIn.invalidHint')}</Typography>
    </TitledCard>
  );
}

export function RefusedCard({ reason, user, here }: { reason: RefusalCode; user: SessionUser; here: string }) {
  const { t } = useTranslation('auth');
  return (
    <TitledCard
      title={t('gameSignIn.refusedTitle')}
      maxWidth={CARD_WIDTH}
      actions={<SwitchAccountButton here={here} />}
    >
      <Alert severity="warning">{t(`gameSignIn.refused.${reason}`)}</Alert>
      <SignedInIdentity user={user} />
    </TitledCard>
  );
}
