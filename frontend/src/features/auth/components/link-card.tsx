// The frame of a page opened from a link someone was given (an invitation, a sign-up link, the
// mail that confirms a sign-up): its title, then what the link names once the server has said,
// or why there is nothing to do here, with the way to sign in.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ProblemCode } from '@/api/gen/playtrack.schemas';
import { problemCode } from '@/lib/api-client';
import { LOGIN_PATH } from '@/lib/paths';
import { useProblemMessage } from '@/lib/problem-message';

interface LinkCardProps<T> {
  title: string;
  /** The link's token, from the address: without one the server is not asked. */
  token: string;
  /** What the link names, asked of the server once there is a token. */
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isError'>;
  /** Said of an address without its token. */
  missingMessage: string;
  loadingMessage: string;
  /** The code of a link that is over (used, expired or withdrawn), and what the page says then. */
  closedCode: ProblemCode;
  closedMessage: string;
  children: (data: T) => ReactNode;
}

export function LinkCard<T>({
  title,
  token,
  query,
  missingMessage,
  loadingMessage,
  closedCode,
  closedMessage,
  children,
}: LinkCardProps<T>) {
  const { t } = useTranslation('auth');
  const { problemMessage } = useProblemMessage();
  const closed = problemCode(query.error) === closedCode;

  return (
    <Card component="section" sx={{ maxWidth: 480, mx: 'auto' }}>
      <CardContent>
        <Typography component="h1" variant="h5" gutterBottom>
          {title}
        </Typography>
        {token === '' ? (
          <Alert severity="error">{missingMessage}</Alert>
        ) : query.isError ? (
          <Alert severity={closed ? 'warning' : 'error'}>{closed ? closedMessage : problemMessage(query.error)}</Alert>
        ) : query.data === undefined ? (
          <>
            <Typography color="text.secondary">{loadingMessage}</Typography>
            <LinearProgress sx={{ mt: 2 }} aria-label={loadingMessage} />
          </>
        ) : (
          children(query.data)
        )}
        {(token === '' || query.isError) && (
          <Button component={RouterLink} to={LOGIN_PATH} sx={{ mt: 2 }}>
            {t('goToSignIn')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
