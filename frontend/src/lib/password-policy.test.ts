// The drift test: the browser's evaluator against the vectors the Rust crate is tested with
// (crates/password-policy/vectors.json), read at test time so a new vector needs no copy here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  characterCount,
  evaluatePassword,
  invitationDefaultPolicy,
  newPasswordPolicy,
  type PasswordPolicy,
  SPECIAL_CHARACTERS,
  unmetRules,
} from './password-policy';

interface Vector {
  policy: 'new_password' | 'invitation_default' | PasswordPolicy;
  password: string;
  email?: string;
  name?: string;
  unmet: string[];
}

const vectors = JSON.parse(
  // A path, not a URL: jsdom replaces the global URL with one node:fs does not accept.
  readFileSync(path.resolve(import.meta.dirname, '../../../crates/password-policy/vectors.json'), 'utf8'),
) as { cases: Vector[] };

function policyOf(vector: Vector): PasswordPolicy {
  if (vector.policy === 'new_password') return newPasswordPolicy;
  if (vector.policy === 'invitation_default') return invitationDefaultPolicy;
  return vector.policy;
}

describe('the shared password vectors', () => {
  it('are there to check', () => {
    expect(vectors.cases.length).toBeGreaterThan(20);
  });

  it.each(vectors.cases.map((vector) => [JSON.stringify(vector.password), vector] as const))(
    'the browser finds the same unmet rules for %s',
    (_label, vector) => {
      const owner = { email: vector.email ?? '', name: vector.name ?? '' };
      expect(unmetRules(policyOf(vector), vector.password, owner)).toEqual(vector.unmet);
    },
  );
});

describe('evaluatePassword', () => {
  it('answers one verdict per rule the policy has, in the server order', () => {
    expect(evaluatePassword(invitationDefaultPolicy, 'Zorbel4').map(({ rule }) => rule)).toEqual([
      'MINIMUM_LENGTH',
      'MAXIMUM_LENGTH',
      'DIGIT',
      'LOWERCASE',
      'UPPERCASE',
      'NO_WHITESPACE',
      'NOT_COMMON',
      'NO_PERSONAL_INFO',
    ]);
  });

  it('knows each of the special characters, and no other', () => {
    const policy = { ...newPasswordPolicy, special_characters: true };
    for (const special of SPECIAL_CHARACTERS) {
      expect(unmetRules(policy, `Zorbel${special}lamp42`)).toEqual([]);
    }
    for (const other of ['~', '?', '[', ']', '/', '\\', '€']) {
      expect(unmetRules(policy, `Zorbel${other}lamp42`)).toEqual(['SPECIAL_CHARACTER']);
    }
  });

  it('counts characters, not UTF-16 units', () => {
    expect(characterCount('😀😀😀')).toBe(3);
    // Ten characters, twenty UTF-16 units: not too long for a 10-character maximum.
    const policy = { ...newPasswordPolicy, minimum_length: 1, maximum_length: 10 };
    expect(unmetRules(policy, 'A1-😀😀😀😀😀😀z')).not.toContain('MAXIMUM_LENGTH');
    expect(unmetRules(policy, 'A1-😀😀😀😀😀😀z'.padEnd(20, 'q'))).toContain('MAXIMUM_LENGTH');
  });

  it('treats every Unicode space as whitespace, as Rust does', () => {
    for (const space of [' ', '\t', '\u00a0', '\u0085', '\u3000']) {
      expect(unmetRules(newPasswordPolicy, `Zorbel${space}lamp-42`)).toEqual(['NO_WHITESPACE']);
    }
    // U+FEFF is \s in JavaScript but not whitespace in Rust (nor a symbol rule here).
    expect(unmetRules(newPasswordPolicy, 'Zorbel\ufefflamp-42')).toEqual([]);
  });

  it('refuses a common password decorated with digits and symbols, whatever its case', () => {
    expect(unmetRules(invitationDefaultPolicy, 'SUNSHINE2024!!')).toEqual(['LOWERCASE', 'NOT_COMMON']);
    expect(unmetRules(invitationDefaultPolicy, 'Sunshine99')).toEqual(['NOT_COMMON']);
  });

  it('finds the whole e-mail, its local part and each name part of three or more characters', () => {
    const meera = { email: ' Meera.Pillai@Meridian-Bank.example ', name: 'Meera Pillai' };
    expect(unmetRules(newPasswordPolicy, 'Zq-PILLAI-42x', meera)).toEqual(['NO_PERSONAL_INFO']);
    expect(unmetRules(newPasswordPolicy, 'Xmeera.pillai9!', meera)).toEqual(['NO_PERSONAL_INFO']);
    expect(unmetRules(newPasswordPolicy, 'Zorbel-lamp42', meera)).toEqual([]);
    // Unknown owner: nothing personal to find.
    expect(unmetRules(newPasswordPolicy, 'Zq-PILLAI-42x')).toEqual([]);
  });
});
