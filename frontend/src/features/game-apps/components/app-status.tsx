// Disabling a game app (it signs nobody in until enabled again) after asking, and enabling it
// again at once: the app saved as it is but for `disabled`, and a toast saying so.
import { useTranslation } from 'react-i18next';
import type { GameApp, GameAppInput } from '@/api/gen/playtrack.schemas';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useNotify } from '@/components/notifications';
import { useProblemMessage } from '@/lib/problem-message';
import { useUpdateGameApp } from '../api/game-apps';

/** Saves `app` disabled or enabled, with a toast once saved; `done` then. */
function useSetDisabled() {
  const { t } = useTranslation('gameApps');
  const notify = useNotify();
  const update = useUpdateGameApp();
  const save = (app: GameApp, data: GameAppInput, options: { done?: () => void; failed?: (error: unknown) => void } = {}) => {
    update.mutate(
      { id: app.id, data },
      {
        onSuccess: () => {
          notify({ severity: 'success', message: t(data.disabled ? 'disable.done' : 'enable.done', { name: app.name }) });
          options.done?.();
        },
        onError: options.failed,
      },
    );
  };
  return { save, update };
}

/** Enables an app at once: a toast says it is done, or why it is not. */
export function useEnableApp() {
  const { problemMessage } = useProblemMessage();
  const notify = useNotify();
  const { save } = useSetDisabled();
  return (app: GameApp, data: GameAppInput) => {
    save(app, data, { failed: (error) => notify({ severity: 'error', message: problemMessage(error) }) });
  };
}

interface DisableAppDialogProps {
  /** The app to disable, with what saves it disabled; the dialog is closed without one. */
  disabling: { app: GameApp; data: GameAppInput } | null;
  onClose: () => void;
}

export function DisableAppDialog({ disabling, onClose }: DisableAppDialogProps) {
  const { t } = useTranslation('gameApps');
  const { problemMessage } = useProblemMessage();
  const { save, update } = useSetDisabled();

  const close = () => {
    update.reset();
    onClose();
  };

  return (
    <ConfirmDialog
      open={disabling !== null}
      title={t('disable.title', { name: disabling?.app.name })}
      body={t('disable.body')}
      confirmLabel={t('disable.confirm')}
      pending={update.isPending}
      error={update.isError ? problemMessage(update.error) : undefined}
      onConfirm={() => {
        if (disabling) save(disabling.app, disabling.data, { done: close });
      }}
      onClose={close}
    />
  );
}
