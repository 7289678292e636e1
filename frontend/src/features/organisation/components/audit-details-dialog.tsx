// One audit event in words: when, who did what to whom, and, where the event recorded the
// record before and after, a table of the fields that changed, named in the reader's language.
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
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AuditEvent } from '@/api/gen/playtrack.schemas';
import { useFormats } from '@/lib/formats';

type T = TFunction<'organisation'>;

/** An action code (`company.updated`) in the reader's language; the code itself if unknown. */
export function actionLabel(t: T, action: string): string {
  // i18next reads a dot as a nesting step, so the code's dot is `__` in the key.
  return t(`audit.actions.${action.replace('.', '__')}`, { defaultValue: action });
}

/** A recorded field (`contact_person`) in the reader's language; the name itself if unknown. */
export function fieldLabel(t: T, field: string): string {
  return field === '' ? t('audit.value') : t(`audit.fields.${field}`, { defaultValue: field });
}

/** A kind of record (`batch`) in the reader's language. */
export function targetTypeLabel(t: T, type: string): string {
  return t(`audit.targetTypes.${type}`, { defaultValue: type });
}

/** A recorded value as text: yes/no for flags, a dash for none. */
export function valueText(t: T, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return t(value ? 'audit.yes' : 'audit.no');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

type Details = Record<string, unknown>;
export type Change = [field: string, before: unknown, after: unknown];

const asRecord = (value: unknown): Details | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Details) : null;

/** An event's details as an object (the server sends JSON of any shape). */
export function detailsOf(event: AuditEvent): Details {
  return asRecord(event.details) ?? {};
}

/**
 * The fields whose value differs between the details' `before` and `after`. A record's id is
 * left out: the event names its target already. Scalars (a trainee moved from one batch to
 * another) are one change of an unnamed value.
 */
export function changedFields(details: Details): Change[] {
  const { before, after } = details;
  const [from, to] = [asRecord(before), asRecord(after)];
  if (from || to) {
    const keys = [...new Set([...Object.keys(from ?? {}), ...Object.keys(to ?? {})])];
    return keys
      .filter((key) => key !== 'id' && JSON.stringify(from?.[key]) !== JSON.stringify(to?.[key]))
      .map((key): Change => [key, from?.[key], to?.[key]]);
  }
  return before === undefined && after === undefined ? [] : [['', before, after]];
}

/** What else the event recorded (`tries`, `user_id`, …), beside its before and after. */
export function otherDetails(details: Details): [string, unknown][] {
  return Object.entries(details).filter(([key]) => key !== 'before' && key !== 'after');
}

export function AuditDetailsDialog({ event, onClose }: { event: AuditEvent; onClose: () => void }) {
  const { t } = useTranslation(['organisation', 'common']);
  const details = detailsOf(event);
  const changes = changedFields(details);
  const other = otherDetails(details);
  const { exactTime } = useFormats();
  const hasBeforeAfter = 'before' in details || 'after' in details;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{actionLabel(t, event.action)}</DialogTitle>
      <DialogContent>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0, mb: 2 }}>
          <dt>{t('audit.at')}</dt>
          <dd style={{ margin: 0 }}>{exactTime(event.at)}</dd>
          <dt>{t('audit.actor')}</dt>
          <dd style={{ margin: 0 }}>{event.actor_name ?? event.actor_id ?? '—'}</dd>
          <dt>{t('audit.target')}</dt>
          <dd style={{ margin: 0 }}>
            {targetTypeLabel(t, event.target_type)}: {event.target_name ?? event.target_id ?? '—'}
          </dd>
          {event.ip && (
            <>
              <dt>{t('audit.ip')}</dt>
              <dd style={{ margin: 0 }}>{event.ip}</dd>
            </>
          )}
          {other.map(([key, value]) => (
            <Box key={key} sx={{ display: 'contents' }}>
              <dt>{fieldLabel(t, key)}</dt>
              <dd style={{ margin: 0 }} dir="auto">
                {valueText(t, value)}
              </dd>
            </Box>
          ))}
        </Box>
        {changes.length > 0 && (
          <Table size="small" aria-label={t('audit.changes')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('audit.field')}</TableCell>
                <TableCell>{t('audit.before')}</TableCell>
                <TableCell>{t('audit.after')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {changes.map(([field, before, after]) => (
                <TableRow key={field}>
                  <TableCell component="th" scope="row">
                    {fieldLabel(t, field)}
                  </TableCell>
                  <TableCell dir="auto">{valueText(t, before)}</TableCell>
                  <TableCell dir="auto">{valueText(t, after)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {hasBeforeAfter && changes.length === 0 && <Typography>{t('audit.noChanges')}</Typography>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
