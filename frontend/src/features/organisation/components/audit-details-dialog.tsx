// One audit event's details: what changed (before / after) as the server recorded it.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { AuditEvent } from '@/api/gen/playtrack.schemas';

export function AuditDetailsDialog({ event, onClose }: { event: AuditEvent; onClose: () => void }) {
  const { t } = useTranslation(['organisation', 'common']);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{t('audit.detailsTitle', { action: event.action })}</DialogTitle>
      <DialogContent>
        <Box
          component="pre"
          dir="ltr"
          sx={{ m: 0, p: 2, bgcolor: 'action.hover', borderRadius: 1, overflow: 'auto', fontSize: '0.85rem' }}
        >
          {JSON.stringify(event.details, null, 2)}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
