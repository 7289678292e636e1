// The e-mail field of every form that asks for one: trimmed, required, an address. The messages
// are the form's own i18n keys, translated where they are shown.
import { z } from 'zod';
import { EMAIL_PATTERN } from './email-pattern';

export function emailField(required: string, invalid: string) {
  return z.string().trim().min(1, { error: required }).pipe(z.email({ pattern: EMAIL_PATTERN, error: invalid }));
}
