// Asks before taking back a seat its trainee has not used yet; a seat whose game was started
// stays (SEAT_IN_USE).
import { useTranslation } from 'react-i18next';
import { useRevokeSeat } from '../api/licences';
import type { Seat } from '@/api/gen/playtrack.schemas';
import { ConfirmDialog } from '@/components/confirm-dialog';
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
          close();
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open={seat !== null}
      title={t('revoke.title', { name: seat?.user_name })}
      body={t('revoke.body')}
      confirmLabel={t('actions.revoke')}
      pending={revoke.isPending}
      error={
        revoke.isError
          ? problemCode(revoke.error) === 'SEAT_IN_USE'
            ? t('revoke.inUse')
            : problemMessage(revoke.error)
          : undefined
      }
      onConfirm={confirm}
      onClose={close}
    />
  );
}
