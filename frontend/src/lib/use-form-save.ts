// Submitting a react-hook-form form through a plain call: earlier server errors are cleared, the
// checked body saved (see useSave), and failures shown as useServerErrors says. Answers the
// submit props of a form frame (the pending state, the whole-form failure, unsaved changes).
import type {
  FieldValues,
  FormState,
  Path,
  UseFormGetValues,
  UseFormHandleSubmit,
  UseFormSetError,
} from 'react-hook-form';
import { unsavedChanges } from './unsaved-changes';
import { type SaveOptions, useSave } from './use-save';
import { useServerErrors } from './use-server-errors';

interface Form<T extends FieldValues, B> {
  handleSubmit: UseFormHandleSubmit<T, B>;
  setError: UseFormSetError<T>;
  formState: FormState<T>;
  getValues: UseFormGetValues<T>;
}

interface FormSaveOptions<T extends FieldValues, R> extends SaveOptions<R> {
  /** The form's fields the server may name in its errors. */
  fields: readonly Path<T>[];
}

export function useFormSave<T extends FieldValues, B, R>(
  form: Form<T, B>,
  save: (body: B) => Promise<R>,
  { fields, ...options }: FormSaveOptions<T, R>,
) {
  const { handleSubmit, setError } = form;
  const { failureMessage, onError, clear } = useServerErrors(setError, fields);
  const mutation = useSave(save, { ...options, onError });
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
