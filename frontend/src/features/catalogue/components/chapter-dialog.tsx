// Adds a chapter or edits one: its number (1–999, once in the catalogue) and its title. The
// server's field problems show on their fields.
import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Chapter, ChapterInput } from '@/api/gen/playtrack.schemas';
import { FormDialog } from '@/components/form-dialog';
import { useNotify } from '@/components/notifications';
import { unsavedChanges } from '@/lib/unsaved-changes';
import { useServerErrors } from '@/lib/use-server-errors';
import { useCreateChapter, useUpdateChapter } from '../api/catalogue';
import { TitleFields } from './title-fields';
import { NUMBER_MAX, wholeNumber } from './rules';
import { titleInput, titlePaths, titleValues, type TitleValues, useTitleSchema } from './titles';

const FIELDS = ['number', ...titlePaths('title')] as const;

interface ChapterFormValues {
  number: string;
  title: TitleValues;
}

function useChapterSchema() {
  const { t } = useTranslation('catalogue');
  const title = useTitleSchema();
  return useMemo(
    () =>
      z
        .object({ number: wholeNumber(1, NUMBER_MAX, t('form.numberRange', { max: NUMBER_MAX })), title })
        .transform(({ number, title: values }): ChapterInput => ({ number, title: titleInput(values) })),
    [t, title],
  );
}

interface ChapterDialogProps {
  /** The chapter edited; a new one is added without. */
  chapter?: Chapter;
  onClose: () => void;
}

export function ChapterDialog({ chapter, onClose }: ChapterDialogProps) {
  const { t } = useTranslation('catalogue');
  const notify = useNotify();
  const form = useForm<ChapterFormValues, unknown, ChapterInput>({
    resolver: zodResolver(useChapterSchema()),
    defaultValues: { number: chapter ? String(chapter.number) : '', title: titleValues(chapter?.title) },
  });
  const { register, handleSubmit, setError, formState } = form;
  const { errors } = formState;
  const { failureMessage, onError, clear } = useServerErrors(setError, FIELDS);
  const create = useCreateChapter();
  const update = useUpdateChapter();
  const pending = create.isPending || update.isPending;

  const onSubmit = handleSubmit((data) => {
    clear();
    const onSuccess = () => {
      notify({ severity: 'success', message: t('chapter.saved', { number: data.number }) });
      onClose();
    };
    if (chapter) update.mutate({ id: chapter.id, data }, { onSuccess, onError });
    else create.mutate({ data }, { onSuccess, onError });
  });

  return (
    <FormDialog
      title={t(chapter ? 'chapter.editTitle' : 'chapter.addTitle')}
      submitLabel={t('form.save')}
      pending={pending}
      failureMessage={failureMessage}
      dirty={unsavedChanges(form)}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      <TextField
        {...register('number')}
        label={t('chapter.number')}
        required
        autoFocus
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        error={errors.number !== undefined}
        helperText={errors.number?.message ?? t('chapter.numberHint', { max: NUMBER_MAX })}
      />
      <TitleFields
        label={t('chapter.title')}
        field={(language) => register(`title.${language}`)}
        error={(language) => errors.title?.[language]?.message}
      />
    </FormDialog>
  );
}
