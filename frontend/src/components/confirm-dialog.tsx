// Asks before an action that cannot simply be undone (disable a person, revoke a seat, remove a
// trainee from a batch): a title, what will happen, Cancel and the action; the action's error,
// when there is one, under the text while the dialog stays open.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body: ReactNode;
  /** The confirming button's text: the action itself ("Disable", "Remove"). */
  confirmLabel: string;
  /** Red for actions that take something away (the default), primary otherwise. */
  confirmColor?: 'error' | 'primary';
  /** The action is under way: the button shows it and cannot be pressed again. */
  pending?: boolean;
  /** Why the action failed; nothing when it did not. */
  error?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  confirmColor = 'error',
  pending = false,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{body}</DialogContentText>
        {error !== undefined && error !== null && error !== false && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button variant="contained" color={confirmColor} loading={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
