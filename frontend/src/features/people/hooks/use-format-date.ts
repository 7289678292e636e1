// Dates in the reader's language.
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Formats an ISO date-time as a date in the UI language; empty for none. */
export function useFormatDate() {
  const { i18n } = useTranslation();
  const format = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }), [i18n.language]);
  return useCallback((value: string | null | undefined) => (value ? format.format(new Date(value)) : ''), [format]);
}
