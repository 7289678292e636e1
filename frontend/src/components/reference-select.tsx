// A select of companies, batches, states or languages (by id), for forms and list filters, and
// the same bound to a react-hook-form field with its error under it.
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

export interface Option {
  id: string;
  name: string;
}

type ReferenceSelectProps = Omit<TextFieldProps, 'select' | 'children' | 'onChange'> & {
  options: readonly Option[];
  onChange: (id: string) => void;
  /** The label of the empty choice ("All", "No batch"); no empty choice without it. */
  emptyLabel?: string;
};

export function ReferenceSelect({ options, onChange, emptyLabel, ...field }: ReferenceSelectProps) {
  return (
    <TextField {...field} select onChange={(event) => onChange(event.target.value)}>
      {emptyLabel !== undefined && <MenuItem value="">{emptyLabel}</MenuItem>}
      {options.map(({ id, name }) => (
        <MenuItem key={id} value={id}>
          {name}
        </MenuItem>
      ))}
    </TextField>
  );
}

type ReferenceSelectFieldProps<T extends FieldValues> = Omit<
  ReferenceSelectProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef'
> & {
  /** Any form's control: the checked (output) values do not matter to an input. */
  control: Control<T, unknown, FieldValues>;
  name: Path<T>;
  /** Called after the field took the picked id. */
  onChange?: (id: string) => void;
  /** Shown under the select while it has no error. */
  helperText?: string;
};

export function ReferenceSelectField<T extends FieldValues>({
  control,
  name,
  onChange,
  helperText,
  ...select
}: ReferenceSelectFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, onChange: change, ...field }, fieldState: { error } }) => (
        <ReferenceSelect
          {...field}
          inputRef={ref}
          {...select}
          onChange={(id) => {
            change(id);
            onChange?.(id);
          }}
          error={error !== undefined}
          helperText={error?.message ?? helperText}
        />
      )}
    />
  );
}
