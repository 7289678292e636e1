// Asks before disabling a person (who can then no longer sign in) or enabling them again.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getListUsersQueryKey, useDisableUser, useEnableUser } from '@/api/gen/users/users';
import type { User } from '@/api/gen/playtrack.schemas';
import { useNotify } from '@/components/notifications';
import { useProblemMessage } from '@/lib/problem-message';

interface ToggleStatusDialogProps {
  /** The person to disable (or enable, when disabled); the dialog is closed without one. */
  person: Pick<User, 'id' | 'name' | 'status'> | null;
  onClose: () => void;
}

export function ToggleStatusDialog({ person, onClose }: ToggleStatusDialogProps) {
  const { t } = useTranslation('people');
  const { problemMessage } = useProblemMessage();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const disable = useDisableUser();
  const enable = useEnableUser();
  const enabling = person?.status === 'disabled';
  const mutation = enabling ? enable : disable;
  const action = enabling ? 'enable' : 'disable';

  const close = () => {
    disable.reset();
    enable.reset();
    onClose();
  };

  const confirm = () => {
    if (!person) return;
    mutation.mutate(
      { id: person.id },
      {
        onSuccess: () => {
          notify({ severity: 'success', message: t(`toggle.${action}d`, { name: person.name }) });
          void queryClient.invalidateQueries({ queryKey: getListUsersQueryKey() });
          close();
        },
      },
    );
  };

  return (
    <Dialog open={person !== null} onClose={close} aria-labelledby="toggle-status-title">
      <DialogTitle id="toggle-status-title">{t(`toggle.${action}Title`, { name: person?.name })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t(`toggle.${action}Body`)}</DialogContentText>
        {mutation.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {problemMessage(mutation.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('form.cancel')}</Button>
        <Button
          variant="contained"
          color={enabling ? 'primary' : 'error'}
          loading={mutation.isPending}
          onClick={confirm}
        >
          {t(`actions.${action}`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
