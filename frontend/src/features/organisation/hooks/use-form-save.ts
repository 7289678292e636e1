// Submitting an organisation form: earlier server errors are cleared, the checked body saved (see
// useSave), and failures shown as useServerErrors says. Answers FormCard's submit props.
import type {
  FieldValues,
  FormState,
  Path,
  UseFormGetValues,
  UseFormHandleSubmit,
  UseFormSetError,
} from 'react-hook-form';
import type { QueryKey } from '@tanstack/react-query';
import { unsavedChanges } from '@/lib/unsaved-changes';
import { useSave } from './use-save';
import { useServerErrors } from './use-server-errors';

interface Form<T extends FieldValues, B> {
  handleSubmit: UseFormHandleSubmit<T, B>;
  setError: UseFormSetError<T>;
  formState: FormState<T>;
  getValues: UseFormGetValues<T>;
}

interface SaveOptions<T extends FieldValues, R> {
  /** The form's fields the server may name in its errors. */
  fields: readonly Path<T>[];
  /** The query keys of what the save changed. */
  invalidates: (saved: R) => readonly QueryKey[];
  /** Where to go once saved. */
  next: (saved: R) => string;
}

export function useFormSave<T extends FieldValues, B, R>(
  form: Form<T, B>,
  save: (body: B) => Promise<R>,
  { fields, invalidates, next }: SaveOptions<T, R>,
) {
  const { handleSubmit, setError } = form;
  const { failureMessage, onError, clear } = useServerErrors(setError, fields);
  const mutation = useSave(save, { invalidates, next, onError });
  return {
    onSubmit: handleSubmit((body) => {
      clear();
      mutation.mutate(body);
    }),
    pending: mutation.isPending,
    failureMessage,
    dirty: unsavedChanges(form),
  };
}
