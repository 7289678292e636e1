// A calendar date typed or picked in the reader's order (see DateLocalization), held as the
// API writes it: `YYYY-MM-DD`, '' for none, INVALID_DATE while what is typed is not a whole,
// sane date (so a form can refuse it instead of silently dropping it).
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { format, isValid, parseISO } from 'date-fns';
import { useState } from 'react';
import { DateLocalization } from './date-localization';

/** The days the server accepts (crates/licensing's DATE_RANGE). */
export const FIRST_DAY = '2000-01-01';
export const LAST_DAY = '2100-12-31';
export const INVALID_DATE = 'invalid';

const toDate = (value: string) => (value === '' || value === INVALID_DATE ? null : parseISO(value));

function toValue(date: Date | null): string {
  if (date === null) return '';
  if (!isValid(date)) return INVALID_DATE;
  const day = format(date, 'yyyy-MM-dd');
  return day < FIRST_DAY || day > LAST_DAY ? INVALID_DATE : day;
}

export interface DateFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  required?: boolean;
  error?: boolean;
  helperText?: string;
  /** The earliest day the calendar offers, `YYYY-MM-DD`. */
  min?: string;
  size?: 'small' | 'medium';
  margin?: 'none' | 'normal';
  fullWidth?: boolean;
  inputRef?: React.Ref<HTMLInputElement>;
}

export function DateField({ value, onChange, onBlur, min, label, required, error, helperText, inputRef, ...layout }: DateFieldProps) {
  // What is typed stays on screen while incomplete; a new value from outside replaces it.
  const [shown, setShown] = useState(() => ({ value, date: toDate(value) }));
  const date = shown.value === value ? shown.date : toDate(value);
  return (
    <DateLocalization>
      <DatePicker
        label={label}
        value={date}
        minDate={parseISO(min ?? FIRST_DAY)}
        maxDate={parseISO(LAST_DAY)}
        inputRef={inputRef}
        onChange={(next) => {
          const nextValue = toValue(next);
          setShown({ value: nextValue, date: next });
          onChange(nextValue);
        }}
        slotProps={{
          textField: { required, error, helperText, onBlur, ...layout },
          field: { clearable: !required },
        }}
      />
    </DateLocalization>
  );
}
