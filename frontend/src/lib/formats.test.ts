import { describe, expect, it } from 'vitest';
import { formatsFor, latinDigits, localeOf } from './formats';

// Intl puts invisible direction marks (U+200E/F) and narrow spaces into some languages' output:
// compare what a reader sees.
const seen = (text: string) => text.replace(/[\u200e\u200f\u061c]/g, '').replace(/[\u202f\u00a0]/g, ' ');

const INSTANT = '2026-11-28T14:05:09Z';

describe('formatsFor', () => {
  it('writes English dates day first, as the date pickers take them, and times on the 24-hour clock', () => {
    const en = formatsFor('en');
    expect(en.date('2026-09-01')).toBe('01/09/2026');
    expect(seen(en.dateTime(INSTANT))).toMatch(/^\d\d\/\d\d\/2026, \d\d:05$/);
    expect(en.percent(71.25)).toBe('71.3%');
    expect(en.count(12345)).toBe('12,345');
  });

  it('writes Chinese dates year first', () => {
    expect(formatsFor('zh').date('2026-09-01')).toBe('2026/09/01');
  });

  it('writes French dates day first with its own number signs', () => {
    const fr = formatsFor('fr');
    expect(fr.date('2026-09-01')).toBe('01/09/2026');
    expect(seen(fr.points(1234.5))).toBe('1 234,5');
    expect(seen(fr.percent(71.25))).toBe('71,3 %');
  });

  it('writes Arabic with Latin digits in dates, times and numbers alike', () => {
    const ar = formatsFor('ar');
    const written = [ar.date('2026-09-01'), ar.dateTime(INSTANT), ar.exactTime(INSTANT), ar.percent(71.25), ar.count(12345)];
    for (const text of written) expect(text).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/);
    expect(seen(ar.date('2026-09-01'))).toBe('01/09/2026');
    // Whatever the browser's own default for Arabic (some write Arabic-Indic digits).
    expect(new Intl.Locale(localeOf('ar')).numberingSystem).toBe('latn');
  });

  it('keeps a calendar date on its day in any time zone and leaves nothing for no value', () => {
    expect(formatsFor('en').date('2026-01-01')).toBe('01/01/2026');
    expect(formatsFor('en').dateTime(null)).toBe('');
    expect(formatsFor('en').date(undefined)).toBe('');
  });

  it('takes a language it does not know as English', () => {
    expect(localeOf('xx')).toBe(localeOf('en'));
  });

  it('rewrites the Arabic-Indic digits of a text a library composed', () => {
    expect(latinDigits('١–٢٥ من ١٤٠')).toBe('1–25 من 140');
  });
});
