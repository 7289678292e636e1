// The catalogue's bounds, as the server holds them (crates/scoring/src/catalogue/rules.rs), so
// the forms say what is wrong before a round trip.
import { z } from 'zod';

/** Each language's text of a title or name (`MAX_TITLE_CHARS`). */
export const TITLE_MAX = 200;
/** Chapters, and levels in a chapter, are numbered from 1 up to this (`MAX_LEVEL_NUMBER`). */
export const NUMBER_MAX = 999;
export const MAX_SCORE_MAX = 1_000_000;
export const SKILLS_MAX = 20;

/** A whole number from `min` to `max` typed into a field. */
export function wholeNumber(min: number, max: number, message: string) {
  return z
    .string()
    .trim()
    .regex(/^\d+$/, { error: message })
    .transform(Number)
    .refine((value) => value >= min && value <= max, { error: message });
}
