import { z } from 'zod';
import { EMAIL_PATTERN, emailProblem } from './email-pattern';

const SAMPLES = [
  'priya.nair@meridian-bank.example',
  "o'brien+training@example.co.uk",
  'a@b.co',
  'a@b',
  '.lead@example.com',
  'two..dots@example.com',
  'no-at.example.com',
  'space in@example.com',
  'user@-host.example',
  'user@host.c',
];

describe('the e-mail pattern', () => {
  it('takes and refuses what zod’s own e-mail check does', () => {
    for (const sample of SAMPLES) {
      expect(EMAIL_PATTERN.test(sample), sample).toBe(z.email().safeParse(sample).success);
    }
  });

  it('says what is wrong with a typed address, trimmed', () => {
    expect(emailProblem('  priya@example.com ')).toBeUndefined();
    expect(emailProblem('   ')).toBe('required');
    expect(emailProblem('priya@example')).toBe('invalid');
  });
});
