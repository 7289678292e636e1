// Asks before deleting a chapter, a level, a skill or an approach. The server refuses with
// `IN_USE` what something refers to: the dialog then says what, and for a played level offers
// to retire it instead, which keeps its history.
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useNotify } from '@/components/notifications';
import { problemCode } from '@/lib/api-client';
import { useProblemMessage } from '@/lib/problem-message';
import { useDeleteApproach, useDeleteChapter, useDeleteLevel, useDeleteSkill } from '../api/catalogue';

export type EntryKind = 'chapter' | 'level' | 'skill' | 'approach';

/** What to delete, and how the dialog names it ("Chapter 2 – Onboarding"). */
export interface DeletedEntry {
  kind: EntryKind;
  id: string;
  label: string;
}

interface DeleteEntryDialogProps {
  /** The entry to delete; the dialog is closed without one. */
  entry: DeletedEntry | null;
  /** For a level in play that has been played: retire it instead. */
  onRetire?: (levelId: string) => void;
  onClose: () => void;
}

export function DeleteEntryDialog({ entry, onRetire, onClose }: DeleteEntryDialogProps) {
  const { t } = useTranslation('catalogue');
  const { problemMessage } = useProblemMessage();
  const notify = useNotify();
  // The delete call of each kind; the dialog runs one at a time.
  const calls = {
    chapter: useDeleteChapter(),
    level: useDeleteLevel(),
    skill: useDeleteSkill(),
    approach: useDeleteApproach(),
  };
  const call = entry ? calls[entry.kind] : undefined;

  const close = () => {
    for (const each of Object.values(calls)) each.reset();
    onClose();
  };

  const confirm = () => {
    if (!entry || !call) return;
    call.mutate(
      { id: entry.id },
      {
        onSuccess: () => {
          notify({ severity: 'success', message: t('delete.done', { name: entry.label }) });
          close();
        },
      },
    );
  };

  const inUse = call?.isError === true && problemCode(call.error) === 'IN_USE';
  const retire = entry?.kind === 'level' && inUse && onRetire !== undefined ? onRetire : undefined;
  let error: ReactNode;
  if (entry && inUse) {
    error = (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <span>{t(`delete.inUse.${entry.kind}`)}</span>
        {retire && (
          <Button
            size="small"
            variant="outlined"
            color="inherit"
            onClick={() => {
              retire(entry.id);
              close();
            }}
          >
            {t('actions.retire')}
          </Button>
        )}
      </Stack>
    );
  } else if (call?.isError) {
    error = problemMessage(call.error);
  }

  return (
    <ConfirmDialog
      open={entry !== null}
      title={t('delete.title', { name: entry?.label })}
      body={entry ? t(`delete.body.${entry.kind}`) : ''}
      confirmLabel={t('delete.confirm')}
      pending={call?.isPending}
      error={error}
      onConfirm={confirm}
      onClose={close}
    />
  );
}
