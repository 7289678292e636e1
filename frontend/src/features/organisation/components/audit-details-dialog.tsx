// One audit event's details: who did what to whom, and, where the event recorded them, the
// fields that changed with their values before and after.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AuditEvent } from '@/api/gen/playtrack.schemas';

/** An action code (`company.updated`) in the reader's language; the code itself if unknown. */
export function actionLabel(t: TFunction<'organisation'>, action: string): string {
  return t(`audit.actions.${action.replace('.', '__')}`, { defaultValue: action });
}

type Value = unknown;

const shown = (value: Value): string => {
  if (value === null || value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
};

/** The fields whose value differs between `before` and `after`, or every detail otherwise. */
export function changedFields(details: Record<string, Value>): [string, Value, Value][] {
  const { before, after } = details;
  const asRecord = (value: Value) =>
    value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, Value>) : null;
  const [from, to] = [asRecord(before), asRecord(after)];
  if (from || to) {
    const keys = [...new Set([...Object.keys(from ?? {}), ...Object.keys(to ?? {})])];
    return keys
      .filter((key) => JSON.stringify(from?.[key]) !== JSON.stringify(to?.[key]))
      .map((key) => [key, from?.[key], to?.[key]]);
  }
  if (before !== undefined || after !== undefined) return [['', before, after]];
  return Object.entries(details).map(([key, value]) => [key, undefined, value]);
}

export function AuditDetailsDialog({ event, onClose }: { event: AuditEvent; onClose: () => void }) {
  const { t } = useTranslation(['organisation', 'common']);
  const details = event.details !== null && typeof event.details === 'object' ? (event.details as Record<string, Value>) : {};
  const rows = changedFields(details);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{actionLabel(t, event.action)}</DialogTitle>
      <DialogContent>
        <Box sx={{ mb: 2 }}>
          {t('audit.actor')}: {event.actor_name ?? event.actor_id ?? '—'} · {t('audit.target')}:{' '}
          {event.target_name ?? event.target_id ?? '—'}
        </Box>
        {rows.length > 0 && (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('audit.field')}</TableCell>
                <TableCell>{t('audit.before')}</TableCell>
                <TableCell>{t('audit.after')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map(([field, before, after]) => (
                <TableRow key={field}>
                  <TableCell>{field}</TableCell>
                  <TableCell dir="auto">{shown(before)}</TableCell>
                  <TableCell dir="auto">{shown(after)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
