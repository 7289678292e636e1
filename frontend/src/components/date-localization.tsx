// Date pickers in the reader's language: the field's order and separators follow the language's
// calendar conventions (date-fns locale), and every text the pickers show comes from i18n.
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { PickersInputLocaleText } from '@mui/x-date-pickers/locales';
import { ar, enGB, es, fr, it, type Locale, zhCN } from 'date-fns/locale';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '@/lib/i18n';
import type { Language } from '@/locales/resources';

/** English is written the British way here (licence), so its dates are too: day first. */
const DATE_LOCALES: Record<Language, Locale> = { en: enGB, zh: zhCN, ar, it, es, fr };

/** The typed form: the locale's order, always with a four-digit year (zh-CN's short one has two). */
const TYPED_FORMATS: Record<Language, string> = {
  en: 'dd/MM/yyyy',
  zh: 'yyyy/MM/dd',
  ar: 'dd/MM/yyyy',
  it: 'dd/MM/yyyy',
  es: 'dd/MM/yyyy',
  fr: 'dd/MM/yyyy',
};

export function DateLocalization({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation('common', { keyPrefix: 'datePicker' });
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const localeText = useMemo<PickersInputLocaleText>(
    () => ({
      fieldDayPlaceholder: () => t('dayPlaceholder'),
      fieldMonthPlaceholder: () => t('monthPlaceholder'),
      fieldYearPlaceholder: () => t('yearPlaceholder'),
      openDatePickerDialogue: (date) => (date ? t('chooseSelected', { date }) : t('choose')),
      datePickerToolbarTitle: t('toolbarTitle'),
      previousMonth: t('previousMonth'),
      nextMonth: t('nextMonth'),
      calendarViewSwitchingButtonAriaLabel: (view) => t(view === 'year' ? 'yearViewOpen' : 'calendarViewOpen'),
      clearButtonLabel: t('clear'),
      fieldClearLabel: t('clearValue'),
      cancelButtonLabel: t('cancel'),
      okButtonLabel: t('ok'),
      todayButtonLabel: t('today'),
      day: t('day'),
      month: t('month'),
      year: t('year'),
    }),
    [t],
  );
  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={DATE_LOCALES[language]}
      dateFormats={{ keyboardDate: TYPED_FORMATS[language] }}
      localeText={localeText}
    >
      {children}
    </LocalizationProvider>
  );
}
