// Adds or renames a skill or an approach: a name in the six languages, the English one unique
// in its list. The server's field problems show on their fields.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Named, NamedInput } from '@/api/gen/playtrack.schemas';
import { FormDialog } from '@/components/form-dialog';
import { useNotify } from '@/components/notifications';
import { unsavedChanges } from '@/lib/unsaved-changes';
import { useServerErrors } from '@/lib/use-server-errors';
import {
  useCreateApproach,
  useCreateSkill,
  useUpdateApproach,
  useUpdateSkill,
} from '../api/catalogue';
import { TitleFields } from './title-fields';
import { titleInput, titlePaths, titleValues, type TitleValues, useTitleSchema } from './titles';

export type NamedKind = 'skill' | 'approach';

const FIELDS = titlePaths('name');

/** The calls of one kind's list. */
function useNamedCalls(kind: NamedKind) {
  const calls = {
    skill: { create: useCreateSkill(), update: useUpdateSkill() },
    approach: { create: useCreateApproach(), update: useUpdateApproach() },
  };
  return calls[kind];
}

interface NamedDialogProps {
  kind: NamedKind;
  /** The entry renamed; a new one is added without. */
  entry?: Named;
  onClose: () => void;
}

export function NamedDialog({ kind, entry, onClose }: NamedDialogProps) {
  const { t } = useTranslation('catalogue');
  const notify = useNotify();
  const title = useTitleSchema();
  const schema = useMemo(
    () => z.object({ name: title }).transform(({ name }): NamedInput => ({ name: titleInput(name) })),
    [title],
  );
  const form = useForm<{ name: TitleValues }, unknown, NamedInput>({
    resolver: zodResolver(schema),
    defaultValues: { name: titleValues(entry?.name) },
  });
  const { register, handleSubmit, setError, formState } = form;
  const { errors } = formState;
  const { failureMessage, onError, clear } = useServerErrors(setError, FIELDS);
  const { create, update } = useNamedCalls(kind);
  const pending = create.isPending || update.isPending;

  const onSubmit = handleSubmit((data) => {
    clear();
    const onSuccess = () => {
      notify({ severity: 'success', message: t(`${kind}.saved`, { name: data.name.en }) });
      onClose();
    };
    if (entry) update.mutate({ id: entry.id, data }, { onSuccess, onError });
    else create.mutate({ data }, { onSuccess, onError });
  });

  return (
    <FormDialog
      title={t(entry ? `${kind}.editTitle` : `${kind}.addTitle`)}
      submitLabel={t('form.save')}
      pending={pending}
      failureMessage={failureMessage}
      dirty={unsavedChanges(form)}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      <TitleFields
        label={t(`${kind}.name`)}
        autoFocus
        field={(language) => register(`name.${language}`)}
        error={(language) => errors.name?.[language]?.message}
      />
    </FormDialog>
  );
}
