// The licence agreement a trainee accepts before their first session. It can only be left by
// Accept or Decline: neither the backdrop nor Escape closes it (the seed's "mask" rule).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { EulaChallenge, SessionGrant } from '@/api/gen/playtrack.schemas';
import { problemCode } from '@/lib/api-client';
import { useProblemMessage } from '@/lib/problem-message';
import { useAcceptEulaStep, useDeclineEulaStep } from '../api/sign-in';
import { useFormats } from '@/lib/formats';

export interface EulaDialogProps {
  /** The `eula_required` answer; the dialog is open while it is set. */
  challenge: EulaChallenge | null;
  onAccepted: (grant: SessionGrant) => void;
  /** Declined, or the server no longer knows the challenge: either way nobody is signed in. */
  onDeclined: () => void;
  onExpired: () => void;
}

export function EulaDialog({ challenge, onAccepted, onDeclined, onExpired }: EulaDialogProps) {
  const { t } = useTranslation('auth');
  const { day } = useFormats();
  const { problemMessage } = useProblemMessage();
  const titleId = useId();
  const textId = useId();
  const accept = useAcceptEulaStep();
  const decline = useDeclineEulaStep();
  const busy = accept.isPending || decline.isPending || accept.isSuccess;

  const onAccept = () => {
    if (!challenge) return;
    accept.mutate(challenge.challenge, {
      onSuccess: onAccepted,
      onError: (error) => {
        if (problemCode(error) === 'CHALLENGE_EXPIRED') onExpired();
      },
    });
  };

  const onDecline = () => {
    if (!challenge) return;
    // Whatever the server answers, this attempt ends here without a session.
    decline.mutate(challenge.challenge, { onSettled: onDeclined });
  };

  const eula = challenge?.eula;
  const published = day(eula?.published_at);

  return (
    <Dialog
      open={challenge !== null}
      // No onClose: neither a click on the backdrop nor Escape may dismiss the agreement.
      scroll="paper"
      maxWidth="md"
      fullWidth
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <DialogTitle id={titleId}>{t('eula.title')}</DialogTitle>
      <DialogContent dividers>
        {eula && (
          <>
            <Typography variant="body2" color="text.secondary" gutterBottom>
              {t('eula.intro')} {t('eula.version', { version: eula.version, date: published })}
            </Typography>
            <Typography
              id={textId}
              lang={eula.locale}
              component="div"
              sx={{ whiteSpace: 'pre-wrap', mt: 2 }}
            >
              {eula.text}
            </Typography>
          </>
        )}
        {accept.isError && problemCode(accept.error) !== 'CHALLENGE_EXPIRED' && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {problemMessage(accept.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onDecline} disabled={busy} color="inherit">
          {t('eula.decline')}
        </Button>
        <Button onClick={onAccept} disabled={busy} variant="contained">
          {t('eula.accept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
