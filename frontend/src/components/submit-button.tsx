// The submit button under a one-column form (the sign-in and password pages): it spins while
// the request runs and cannot be pressed again meanwhile, or while `disabled` says so.
import Button, { type ButtonProps } from '@mui/material/Button';

interface SubmitButtonProps extends Pick<ButtonProps, 'size' | 'fullWidth' | 'children'> {
  pending: boolean;
  /** `pending` unless the form has more reasons (a finished sign-in, an expired link). */
  disabled?: boolean;
}

export function SubmitButton({ pending, disabled = pending, ...button }: SubmitButtonProps) {
  return <Button {...button} type="submit" variant="contained" loading={pending} disabled={disabled} sx={{ mt: 2 }} />;
}
