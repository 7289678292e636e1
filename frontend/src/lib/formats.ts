// Dates, times and numbers written one way per portal language (never the browser's), in
// tables, pickers, charts and the insight panel alike. Dates are numeric in the order the date
// pickers take them (day first, Chinese year first), so a date reads the same in a cell and in
// the field that filters by it; Arabic writes Latin digits everywhere (docs/decisions.md).
import { useTranslation } from 'react-i18next';
import { isLanguage } from './language';

/** The locale Intl writes each language in: English the British way (day first), as the pickers. */
const LOCALES = {
  en: 'en-GB',
  zh: 'zh-CN',
  ar: 'ar-u-nu-latn',
  it: 'it-IT',
  es: 'es-ES',
  fr: 'fr-FR',
} as const;

export function localeOf(language: string): string {
  return LOCALES[isLanguage(language) ? language : 'en'];
}

const NUMERIC_DATE = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;

export interface Formats {
  /** A calendar date (`YYYY-MM-DD`, or the day of an instant) as the day it names. */
  date: (value: string | null | undefined) => string;
  /** An instant's day in the reader's time zone. */
  day: (value: string | Date | null | undefined) => string;
  /** An instant to the minute, compact: `28/11/2026, 14:05`. */
  dateTime: (value: string | null | undefined) => string;
  /** An instant to the second (the audit log, where order within a minute matters). */
  exactTime: (value: string | null | undefined) => string;
  /** A whole count: `1,234`. */
  count: (value: number) => string;
  /** Points with one decimal. */
  points: (value: number) => string;
  /** A number as it is, up to two decimals. */
  number: (value: number) => string;
  /** A number rounded to at most one decimal. */
  decimal: (value: number) => string;
  /** A percent given as 0–100, with one decimal (`wholeOnly`: none). */
  percent: (value: number, wholeOnly?: boolean) => string;
  /** Names joined as "a, b or c". */
  either: (names: readonly string[]) => string;
}

/** Each language's formats, made once: a formatter costs far more to make than to use, and a
 * dashboard's first render on a slow phone made them for every cell. */
const made = new Map<string, Formats>();

export function formatsFor(language: string): Formats {
  const locale = localeOf(language);
  const known = made.get(locale);
  if (known) return known;
  const formats = makeFormats(locale);
  made.set(locale, formats);
  return formats;
}

/** `make()`'s result, made on first use: a screen uses a few of the formats. */
function lazily<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

function makeFormats(locale: string): Formats {
  const dates = (options: Intl.DateTimeFormatOptions) => {
    const format = lazily(() => new Intl.DateTimeFormat(locale, { ...NUMERIC_DATE, ...options }));
    return (value: string | Date | null | undefined) => (value ? format().format(new Date(value)) : '');
  };
  const numbers = (options: Intl.NumberFormatOptions) => {
    const format = lazily(() => new Intl.NumberFormat(locale, options));
    return (value: number) => format().format(value);
  };
  const percent = numbers({ style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const wholePercent = numbers({ style: 'percent', maximumFractionDigits: 0 });
  const either = lazily(() => new Intl.ListFormat(locale, { type: 'disjunction' }));
  return {
    // A calendar date is midnight UTC once parsed: formatted in UTC, it stays the same day.
    date: dates({ timeZone: 'UTC' }),
    day: dates({}),
    dateTime: dates({ hour: '2-digit', minute: '2-digit' }),
    exactTime: dates({ hour: '2-digit', minute: '2-digit', second: '2-digit' }),
    count: numbers({ maximumFractionDigits: 0 }),
    points: numbers({ minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    number: numbers({ maximumFractionDigits: 2 }),
    decimal: numbers({ maximumFractionDigits: 1 }),
    percent: (value, wholeOnly = false) => (wholeOnly ? wholePercent : percent)(value / 100),
    either: (names) => either().format(names),
  };
}

/** `text` with any Arabic-Indic digits written as Latin ones (for texts a library composed). */
export function latinDigits(text: string): string {
  return text.replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x660));
}

/** The formats of the portal's language. */
export function useFormats(): Formats {
  const { i18n } = useTranslation();
  return formatsFor(i18n.language);
}
