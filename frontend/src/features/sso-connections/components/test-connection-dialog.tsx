// "Test connection" from a row of the list: discovery runs against the saved connection's
// provider, and the dialog shows what it publishes or why it could not be read.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SsoTest } from '@/api/gen/playtrack.schemas';
import { useProblemMessage } from '@/lib/problem-message';
import { TestResult } from './test-result';

interface TestConnectionDialogProps {
  /** The company whose connection is tested; the dialog is closed without one. */
  companyName: string | undefined;
  issuer: string | undefined;
  pending: boolean;
  result: SsoTest | undefined;
  /** Why the test itself could not run (not the provider's failure, which `result` says). */
  error: unknown;
  onClose: () => void;
}

export function TestConnectionDialog({ companyName, issuer, pending, result, error, onClose }: TestConnectionDialogProps) {
  const { t } = useTranslation('ssoConnections');
  const { t: common } = useTranslation('common');
  const { problemMessage } = useProblemMessage();
  const titleId = useId();
  return (
    <Dialog open={companyName !== undefined} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('test.title', { name: companyName })}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('test.intro')}{' '}
          <span dir="ltr">{issuer}</span>
        </Typography>
        {pending && <LinearProgress aria-label={t('test.running')} />}
        {result && <TestResult result={result} />}
        {error !== null && error !== undefined && <Alert severity="error">{problemMessage(error)}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{common('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
