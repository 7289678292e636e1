// Asks before disabling a person (who can then no longer sign in) or enabling them again.
import { useTranslation } from 'react-i18next';
import { useDisableUser, useEnableUser } from '../api/users';
import type { User } from '@/api/gen/playtrack.schemas';
import { ConfirmDialog } from '@/components/confirm-dialog';
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
          close();
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open={person !== null}
      title={t(`toggle.${action}Title`, { name: person?.name })}
      body={t(`toggle.${action}Body`)}
      confirmLabel={t(`actions.${action}`)}
      confirmColor={enabling ? 'primary' : 'error'}
      pending={mutation.isPending}
      error={mutation.isError ? problemMessage(mutation.error) : undefined}
      onConfirm={confirm}
      onClose={close}
    />
  );
}
