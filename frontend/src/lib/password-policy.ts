// The password rules of crates/password-policy, run in the browser for live hints: the same
// rules in the same order, so a hint turns green exactly when the server will accept. The
// drift test (password-policy.test.ts) holds both to the shared vectors.json.
//
// The common-password list (37 kB) comes with this module, so only the lazily loaded password
// screens that import it download it.
import type { PasswordPolicy } from '@/api/gen/playtrack.schemas';
import commonPasswordList from '../../../crates/password-policy/data/common-passwords.txt?raw';

export type { PasswordPolicy };

/** The rule codes, in the order `evaluate()` reports them (the server's `Rule`). */
export const PASSWORD_RULES = [
  'MINIMUM_LENGTH',
  'MAXIMUM_LENGTH',
  'DIGIT',
  'LETTER',
  'LOWERCASE',
  'UPPERCASE',
  'SYMBOL',
  'SPECIAL_CHARACTER',
  'NO_WHITESPACE',
  'NOT_COMMON',
  'NO_PERSONAL_INFO',
] as const;

export type PasswordRule = (typeof PASSWORD_RULES)[number];

export function isPasswordRule(code: string): code is PasswordRule {
  return (PASSWORD_RULES as readonly string[]).includes(code);
}

/** Whether one rule is met. */
export interface Verdict {
  rule: PasswordRule;
  met: boolean;
}

/** Whose password it is: what it must not contain. Empty strings when not known. */
export interface PasswordOwner {
  email: string;
  name: string;
}

export const UNKNOWN_OWNER: PasswordOwner = { email: '', name: '' };

/** The special characters the seed lists for new passwords (SPECIAL_CHARACTER below matches them). */
export const SPECIAL_CHARACTERS = '!@#$%^&*)(+=._-';

/** The seed's fixed rule for new and changed passwords: 10–16 characters with an uppercase,
 * a lowercase, a digit and one of `! @ # $ % ^ & * ) ( + = . _ -`. */
export const newPasswordPolicy: PasswordPolicy = {
  digits: true,
  letters: false,
  lowercase: true,
  uppercase: true,
  symbols: false,
  special_characters: true,
  minimum_length: 10,
  maximum_length: 16,
};

/** The invitation policy when the server stores none (the seed's confirm-email default). */
export const invitationDefaultPolicy: PasswordPolicy = {
  ...newPasswordPolicy,
  special_characters: false,
  minimum_length: 6,
};

// Rust's char predicates, as Unicode properties: `is_alphabetic` is Alphabetic, `is_lowercase`
// Lowercase, `is_uppercase` Uppercase, `is_whitespace` White_Space (unlike JavaScript's `\s`,
// which adds U+FEFF and lacks U+0085), `is_alphanumeric` Alphabetic or Numeric (N*).
const ASCII_DIGIT = /[0-9]/u;
const ALPHABETIC = /\p{Alphabetic}/u;
const LOWERCASE = /\p{Lowercase}/u;
const UPPERCASE = /\p{Uppercase}/u;
const WHITESPACE = /\p{White_Space}/u;
const SYMBOL = /[^\p{Alphabetic}\p{N}\p{White_Space}]/u;
const SPECIAL_CHARACTER = /[!@#$%^&*)(+=._-]/u;
const TRAILING_NON_ALPHABETIC = /\P{Alphabetic}+$/u;
const NON_ALPHANUMERIC = /[^\p{Alphabetic}\p{N}]/u;
export const WHITESPACE_EVERYWHERE = /\p{White_Space}/gu;

/** Name or e-mail parts shorter than this are too likely to occur by chance. */
const PERSONAL_MINIMUM = 3;

/** Rust's `str::lines`: no empty line after a final newline, and `\r\n` counts as one. */
function lines(text: string): string[] {
  const all = text.split('\n').map((line) => line.replace(/\r$/u, ''));
  if (text.endsWith('\n')) all.pop();
  return all;
}

let commonPasswords: ReadonlySet<string> | undefined;

function isCommon(password: string): boolean {
  commonPasswords ??= new Set(lines(commonPasswordList));
  const lower = password.toLowerCase();
  const base = lower.replace(TRAILING_NON_ALPHABETIC, '');
  return commonPasswords.has(lower) || (base !== '' && commonPasswords.has(base));
}

/** Characters (code points), as the server counts them, not UTF-16 units. */
export function characterCount(text: string): number {
  return Array.from(text).length;
}

function containsPersonalInfo(password: string, { email, name }: PasswordOwner): boolean {
  const lower = password.toLowerCase();
  const address = email.trim().toLowerCase();
  const local = address.split('@')[0] ?? '';
  const nameParts = name.split(NON_ALPHANUMERIC).map((part) => part.toLowerCase());
  return [address, local, ...nameParts]
    .filter((part) => characterCount(part) >= PERSONAL_MINIMUM)
    .some((part) => lower.includes(part));
}

/** One verdict for every rule `policy` has, in the server's order. */
export function evaluatePassword(
  policy: PasswordPolicy,
  password: string,
  owner: PasswordOwner = UNKNOWN_OWNER,
): Verdict[] {
  const length = characterCount(password);
  const checks: [PasswordRule, boolean, () => boolean][] = [
    ['MINIMUM_LENGTH', true, () => length >= policy.minimum_length],
    ['MAXIMUM_LENGTH', true, () => length <= policy.maximum_length],
    ['DIGIT', policy.digits, () => ASCII_DIGIT.test(password)],
    ['LETTER', policy.letters, () => ALPHABETIC.test(password)],
    ['LOWERCASE', policy.lowercase, () => LOWERCASE.test(password)],
    ['UPPERCASE', policy.uppercase, () => UPPERCASE.test(password)],
    ['SYMBOL', policy.symbols, () => SYMBOL.test(password)],
    ['SPECIAL_CHARACTER', policy.special_characters, () => SPECIAL_CHARACTER.test(password)],
    ['NO_WHITESPACE', true, () => !WHITESPACE.test(password)],
    ['NOT_COMMON', true, () => !isCommon(password)],
    ['NO_PERSONAL_INFO', true, () => !containsPersonalInfo(password, owner)],
  ];
  return checks.filter(([, applies]) => applies).map(([rule, , met]) => ({ rule, met: met() }));
}

/** The rules `password` does not meet, in the server's order; empty when it passes. */
export function unmetRules(
  policy: PasswordPolicy,
  password: string,
  owner: PasswordOwner = UNKNOWN_OWNER,
): PasswordRule[] {
  return evaluatePassword(policy, password, owner)
    .filter((verdict) => !verdict.met)
    .map((verdict) => verdict.rule);
}
