// A select of companies, batches or states (by id), for forms and list filters.
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

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
