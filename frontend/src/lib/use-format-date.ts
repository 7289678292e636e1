// Dates in the reader's language.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Formatters of an ISO date-time (its day, or its day and time) and of a calendar date
 * (`YYYY-MM-DD`); empty for none. */
export function useFormatDate() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
    const moment = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
    // A calendar date is midnight UTC once parsed: formatted in UTC, it stays the same day.
    const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
    return {
      dateTime: (value: string | null | undefined) => (value ? dateTime.format(new Date(value)) : ''),
      moment: (value: string | null | undefined) => (value ? moment.format(new Date(value)) : ''),
      day: (value: string | null | undefined) => (value ? day.format(new Date(value)) : ''),
    };
  }, [i18n.language]);
}
