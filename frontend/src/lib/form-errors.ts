// Puts the server's field errors (VALIDATION_FAILED, PASSWORD_POLICY) on the form fields they
// name, so the server stays the authority and its reasons land where the reader looks.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/** Applies the errors of `error` that name one of `fields`; answers whether any did. */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  messageOf: (code: string) => string,
): boolean {
  if (!(error instanceof ApiError)) return false;
  const byField = new Map<Path<T>, string[]>();
  for (const { field, code } of error.fieldErrors) {
    const name = fields.find((candidate) => candidate === field);
    if (name === undefined) continue;
    byField.set(name, [...(byField.get(name) ?? []), messageOf(code)]);
  }
  for (const [name, messages] of byField) {
    setError(name, { type: 'server', message: messages.join(' ') });
  }
  return byField.size > 0;
}

/**
 * Whether a failed save is the whole form's, to show above its buttons: neither field errors nor
 * one of `fieldCodes` (problems the form puts on a field itself).
 */
export function isFormFailure(error: unknown, fieldCodes: readonly string[]): boolean {
  return !(error instanceof ApiError && (fieldCodes.includes(error.code) || error.fieldErrors.length > 0));
}

/** `error` with its field problems named as the form names its fields (`formField`): a list's
 * `domains.2` on its third row, say, or on the one text field that holds the whole list. */
export function renameFieldErrors(error: unknown, formField: (field: string) => string): unknown {
  if (!(error instanceof ApiError)) return error;
  return new ApiError({
    status: error.status,
    code: error.code,
    title: error.title,
    detail: error.detail,
    requestId: error.requestId,
    fieldErrors: error.fieldErrors.map(({ field, code }) => ({ field: formField(field), code })),
  });
}
