// Cancel on a form: back to where the form came from, but never silently past changes the
// person typed: with unsaved changes it asks first.
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';

interface CancelButtonProps {
  /** Where Cancel leads (relative to the form's path). */
  to: string;
  /** Whether the form holds changes not yet saved, asked when Cancel is pressed. */
  dirty: () => boolean;
  label: string;
}

export function CancelButton({ to, dirty, label }: CancelButtonProps) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const leave = () => void navigate(to, { relative: 'path' });
  return (
    <>
      <Button onClick={() => (dirty() ? setAsking(true) : leave())}>{label}</Button>
      <ConfirmDialog
        open={asking}
        title={t('discard.title')}
        body={t('discard.body')}
        confirmLabel={t('discard.confirm')}
        onConfirm={leave}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
