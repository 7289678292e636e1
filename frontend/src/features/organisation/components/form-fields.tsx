// The inputs of the organisation forms, bound to react-hook-form with their error under them.
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { DateField, type DateFieldProps } from '@/components/date-field';
import { useFieldErrorText } from './field-error-text';

interface BoundProps<T extends FieldValues> {
  /** Any form's control: the checked (output) values do not matter to an input. */
  control: Control<T, unknown, FieldValues>;
  name: Path<T>;
  label: string;
}

interface HintProps {
  /** Said under the input while it has no error. */
  hint?: string;
}

type TextInputProps<T extends FieldValues> = BoundProps<T> &
  HintProps &
  Pick<TextFieldProps, 'type' | 'multiline' | 'minRows' | 'autoComplete' | 'required' | 'select' | 'children'>;

export function TextInput<T extends FieldValues>({ control, name, label, hint, ...rest }: TextInputProps<T>) {
  const errorText = useFieldErrorText();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, ...field }, fieldState: { error } }) => (
        <TextField
          {...rest}
          {...field}
          value={value ?? ''}
          inputRef={ref}
          label={label}
          error={error !== undefined}
          helperText={errorText(error?.message) ?? hint}
          fullWidth
          margin="normal"
        />
      )}
    />
  );
}

type DateInputProps<T extends FieldValues> = BoundProps<T> & HintProps & Pick<DateFieldProps, 'min' | 'required'>;

/** A calendar date, optional unless `required`: '' for none, see DateField. */
export function DateInput<T extends FieldValues>({ control, name, label, hint, ...rest }: DateInputProps<T>) {
  const errorText = useFieldErrorText();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, onChange, onBlur }, fieldState: { error } }) => (
        <DateField
          {...rest}
          label={label}
          value={value ?? ''}
          onChange={onChange}
          onBlur={onBlur}
          inputRef={ref}
          error={error !== undefined}
          helperText={errorText(error?.message) ?? hint}
          fullWidth
          margin="normal"
        />
      )}
    />
  );
}

export interface Option {
  value: string;
  label: string;
}

export function SelectInput<T extends FieldValues>({
  options,
  ...props
}: BoundProps<T> & { options: readonly Option[]; required?: boolean }) {
  return (
    <TextInput {...props} select>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextInput>
  );
}

export function SwitchInput<T extends FieldValues>({ control, name, label }: BoundProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { value, onChange, onBlur, name: inputName } }) => (
        <FormControlLabel
          label={label}
          sx={{ mt: 1 }}
          control={
            <Switch
              name={inputName}
              onBlur={onBlur}
              checked={value === true}
              onChange={(_event, checked) => onChange(checked)}
            />
          }
        />
      )}
    />
  );
}
