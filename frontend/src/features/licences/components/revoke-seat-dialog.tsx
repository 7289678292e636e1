// Asks before taking back a seat its trainee has not used yet; a seat whose game was started
// stays (SEAT_IN_USE).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useRevokeSeat } from '@/api/gen/licences/licences';
import type { Seat } from '@/api/gen/playtrack.schemas';
import { useNotify } from '@/components/notifications';
import { problemCode } from '@/lib/api-client';
import { useProblemMessage } from '@/lib/problem-message';

interface RevokeSeatDialogProps {
  /** The seat to revoke; the dialog is closed without one. */
  seat: Pick<Seat, 'id' | 'user_name'> | null;
  onClose: () => void;
}

export function RevokeSeatDialog({ seat, onClose }: RevokeSeatDialogProps) {
  const { t } = useTranslation('licences');
  const { problemMessage } = useProblemMessage();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const revoke = useRevokeSeat();

  const close = () => {
    revoke.reset();
    onClose();
  };

  const confirm = () => {
    if (!seat) return;
    revoke.mutate(
      { id: seat.id },
      {
        onSuccess: () => {
          notify({ severity: 'success', message: t('revoke.done', { name: seat.user_name }) });
          // Seats, the summary and the allocations' counts all change.
          void queryClient.invalidateQueries();
          close();
        },
      },
    );
  };

  return (
    <Dialog open={seat !== null} onClose={close} aria-labelledby="revoke-seat-title">
      <DialogTitle id="revoke-seat-title">{t('revoke.title', { name: seat?.user_name })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('revoke.body')}</DialogContentText>
        {revoke.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {problemCode(revoke.error) === 'SEAT_IN_USE' ? t('revoke.inUse') : problemMessage(revoke.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('form.cancel')}</Button>
        <Button variant="contained" color="error" loading={revoke.isPending} onClick={confirm}>
          {t('actions.revoke')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
