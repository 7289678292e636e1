// The client's checks, mirroring the server's (crates/licensing/src/drafts.rs) so most mistakes
// show before a round trip; messages are `organisation:validation.*` keys with the seed's wording.
import { z } from 'zod';
import { INVALID_DATE } from '@/components/date-field';

/** The server's longest name and remark. */
const NAME_MAX = 120;
const REMARK_MAX = 1000;

export const nameField = z
  .string()
  .trim()
  .min(1, { error: 'validation.nameRequired' })
  .max(NAME_MAX, { error: 'validation.nameTooLong' });

export const requiredText = (error: string) =>
  z.string().trim().min(1, { error }).max(NAME_MAX, { error: 'validation.nameTooLong' });

/** Optional free text: the demo's companies, like many real ones, have none. */
export const remarkField = z.string().trim().max(REMARK_MAX, { error: 'validation.remarkTooLong' });

/** A select's value: an id, or '' while nothing is chosen. */
export const choice = (error: string) => z.string().min(1, { error });

/** An optional date input's value: '' means none, sent as null; a half-typed date is refused. */
export const optionalDate = z
  .string()
  .refine((value) => value !== INVALID_DATE, { error: 'validation.dateInvalid' })
  .transform((value) => (value === '' ? null : value));
