// A password input with what every password screen needs: the caps-lock warning, an optional
// info button whose tooltip states the rules, an optional character limit, and, for new
// passwords, spaces dropped as they are typed (no rule allows them).
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, type KeyboardEvent, useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { WHITESPACE_EVERYWHERE } from '@/lib/password-policy';

interface PasswordFieldProps {
  registration: UseFormRegisterReturn;
  label: string;
  autoComplete: 'new-password' | 'current-password';
  /** The field's error, already translated. */
  error?: string;
  disabled?: boolean;
  /** Longest input accepted (the policy's maximum). */
  maxLength?: number;
  /** Drops whitespace as it is typed or pasted. */
  stripWhitespace?: boolean;
  /** The rules in one sentence, shown by the info button's tooltip. */
  rulesTip?: string;
  /** Ids of what describes the field (the live hints). */
  describedBy?: string;
}

/** Removes whitespace from the input's value, keeping the caret where the reader put it. */
function dropWhitespace(input: HTMLInputElement): void {
  const { value } = input;
  const stripped = value.replace(WHITESPACE_EVERYWHERE, '');
  if (stripped === value) return;
  const caret = input.selectionStart ?? value.length;
  const before = value.slice(0, caret).replace(WHITESPACE_EVERYWHERE, '').length;
  input.value = stripped;
  input.setSelectionRange(before, before);
}

export function PasswordField({
  registration,
  label,
  autoComplete,
  error,
  disabled,
  maxLength,
  stripWhitespace = false,
  rulesTip,
  describedBy,
}: PasswordFieldProps) {
  const { t } = useTranslation('passwords');
  const [capsLock, setCapsLock] = useState(false);
  const fieldId = useId();
  const capsLockId = useId();

  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    setCapsLock(event.getModifierState('CapsLock'));
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (stripWhitespace) dropWhitespace(event.target);
    return registration.onChange(event);
  };

  // MUI names the helper text `<id>-helper-text`; the hints and the warning describe the field too.
  const describedByIds = [
    error === undefined ? undefined : `${fieldId}-helper-text`,
    describedBy,
    capsLock ? capsLockId : undefined,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <>
      <TextField
        {...registration}
        id={fieldId}
        onChange={(event) => void onChange(event as ChangeEvent<HTMLInputElement>)}
        onBlur={(event) => {
          setCapsLock(false);
          void registration.onBlur(event);
        }}
        onKeyDown={onKey}
        onKeyUp={onKey}
        type="password"
        label={label}
        autoComplete={autoComplete}
        disabled={disabled}
        error={error !== undefined}
        helperText={error}
        slotProps={{
          htmlInput: {
            maxLength,
            'aria-describedby': describedByIds === '' ? undefined : describedByIds,
          },
          input: rulesTip
            ? {
                endAdornment: (
                  <InputAdornment position="end">
                    <Tooltip title={rulesTip} describeChild enterTouchDelay={0} arrow>
                      <IconButton aria-label={t('rulesInfo')} edge="end" size="small">
                        <InfoOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </InputAdornment>
                ),
              }
            : undefined,
        }}
      />
      {capsLock && (
        <Stack
          id={capsLockId}
          role="status"
          direction="row"
          spacing={0.5}
          sx={{ alignItems: 'center', color: 'warning.main', mt: -0.5 }}
        >
          <WarningAmberOutlined fontSize="small" aria-hidden />
          <Typography variant="body2">{t('capsLock')}</Typography>
        </Stack>
      )}
    </>
  );
}
