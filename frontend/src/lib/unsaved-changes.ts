// Whether a form holds changes not yet saved, asked at the moment it matters (Cancel): the
// values now against those it was opened with. React Hook Form's `isDirty` is only as fresh as
// the last render, which can lag the last keystroke.
import type { FieldValues, UseFormReturn } from 'react-hook-form';

export function unsavedChanges<T extends FieldValues>(form: Pick<UseFormReturn<T>, 'getValues' | 'formState'>) {
  return () => JSON.stringify(form.getValues()) !== JSON.stringify(form.formState.defaultValues);
}
