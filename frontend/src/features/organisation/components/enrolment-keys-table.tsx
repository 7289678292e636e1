// A batch's sign-up links, newest first as the server lists them: when each was made and
// expires, how many of its uses are taken, the e-mail domains it admits, whether it still
// admits anyone, and Revoke on those that do.
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { EnrolmentKey } from '@/api/gen/playtrack.schemas';
import { useFormats } from '@/lib/formats';

const COLUMN_COUNT = 6;

type KeyStatus = 'open' | 'revoked' | 'expired' | 'usedUp';

/** Why a key admits nobody any more, in the server's order (EnrolmentKey::is_open), or open. */
function keyStatus(key: EnrolmentKey, now: number): KeyStatus {
  if (key.revoked_at) return 'revoked';
  if (Date.parse(key.expires_at) <= now) return 'expired';
  if (key.uses >= key.max_uses) return 'usedUp';
  return 'open';
}

interface EnrolmentKeysTableProps {
  keys: readonly EnrolmentKey[];
  /** When the list was answered: the time the statuses are of. */
  now: number;
  onRevoke: (key: EnrolmentKey) => void;
}

export function EnrolmentKeysTable({ keys, now, onRevoke }: EnrolmentKeysTableProps) {
  const { t } = useTranslation('organisation');
  const { day: dateTime, count } = useFormats();

  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('enrolmentKeys.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('enrolmentKeys.columns.created')}</TableCell>
            <TableCell>{t('enrolmentKeys.columns.expires')}</TableCell>
            <TableCell>{t('enrolmentKeys.columns.uses')}</TableCell>
            <TableCell>{t('enrolmentKeys.columns.domains')}</TableCell>
            <TableCell>{t('enrolmentKeys.columns.status')}</TableCell>
            <TableCell align="right">{t('fields.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {keys.length === 0 && (
            <TableRow>
              <TableCell colSpan={COLUMN_COUNT}>{t('enrolmentKeys.empty')}</TableCell>
            </TableRow>
          )}
          {keys.map((key) => {
            const status = keyStatus(key, now);
            return (
              <TableRow key={key.id} hover>
                <TableCell>{dateTime(key.created_at)}</TableCell>
                <TableCell>{dateTime(key.expires_at)}</TableCell>
                <TableCell>{`${count(key.uses)} / ${count(key.max_uses)}`}</TableCell>
                <TableCell>
                  {key.domains.length === 0 ? (
                    <Typography variant="body2" color="text.secondary">
                      {t('enrolmentKeys.anyAddress')}
                    </Typography>
                  ) : (
                    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                      {key.domains.map((domain) => (
                        <Chip key={domain} size="small" label={domain} dir="ltr" />
                      ))}
                    </Stack>
                  )}
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={status === 'open' ? 'success' : 'default'}
                    label={t(`enrolmentKeys.status.${status}`)}
                  />
                </TableCell>
                <TableCell align="right">
                  {status === 'open' && (
                    <Button size="small" color="error" onClick={() => onRevoke(key)}>
                      {t('enrolmentKeys.revoke')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
