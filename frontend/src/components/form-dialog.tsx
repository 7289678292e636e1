// The frame of a form in a dialog (a chapter, an API client, a game app, a sign-up link): its
// fields scroll while its buttons stay, its whole-form failure shows above the buttons, and it
// asks before dropping what was typed. A click beside it does not close it.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { type ReactElement, type ReactNode, type SubmitEventHandler, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './confirm-dialog';

interface FormDialogProps {
  title: string;
  submitLabel: string;
  pending: boolean;
  /** What went wrong with the whole form; nothing when it did not. */
  failureMessage: string | undefined;
  /** Whether the form holds unsaved changes: closing asks before dropping them. */
  dirty: () => boolean;
  onSubmit: SubmitEventHandler<HTMLFormElement>;
  onClose: () => void;
  /** The fields keep their own margins (`margin="normal"`): the frame does not space them. */
  ownMargins?: boolean;
  /** What the form gave (a link shown once), in its place under the same title: its own content
   * and actions. The dialog stays rather than another opening, and now closes only through the
   * result's own button. */
  result?: ReactElement;
  children: ReactNode;
}

/** Mounted while open, so each opening starts from the record's values. */
export function FormDialog({
  title,
  submitLabel,
  pending,
  failureMessage,
  dirty,
  onSubmit,
  onClose,
  ownMargins = false,
  result,
  children,
}: FormDialogProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const [discarding, setDiscarding] = useState(false);

  const cancel = () => {
    if (pending) return;
    if (dirty()) setDiscarding(true);
    else onClose();
  };

  const failure = failureMessage !== undefined && (
    <Alert severity="error" sx={ownMargins ? { mt: 1 } : undefined}>
      {failureMessage}
    </Alert>
  );

  if (result !== undefined) {
    return (
      // No onClose: only the result's button closes it, see above.
      <Dialog open fullWidth maxWidth="sm" aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        {result}
      </Dialog>
    );
  }

  return (
    <Dialog
      open
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') cancel();
      }}
    >
      {/* A flex column like the dialog's paper, so the fields scroll and the buttons stay. */}
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {ownMargins ? (
            <>
              {children}
              {failure}
            </>
          ) : (
            <Stack spacing={2} sx={{ pt: 1 }}>
              {children}
              {failure}
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={cancel} disabled={pending}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={pending}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
      <ConfirmDialog
        open={discarding}
        title={t('discard.title')}
        body={t('discard.body')}
        confirmLabel={t('discard.confirm')}
        onConfirm={onClose}
        onClose={() => setDiscarding(false)}
      />
    </Dialog>
  );
}
