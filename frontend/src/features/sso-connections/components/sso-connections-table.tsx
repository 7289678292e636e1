// The companies' SSO connections: the company, the provider's issuer, the e-mail domains it
// signs in, whether the company's people may still sign in with a password, and what the super
// admin can do to each (edit, test, remove).
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import NetworkCheckOutlined from '@mui/icons-material/NetworkCheckOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { SsoConnection } from '@/api/gen/playtrack.schemas';
import { TruncatedText } from '@/components/truncated-text';
import { MONOSPACE } from './redirect-uri';

const COLUMN_COUNT = 5;

interface SsoConnectionsTableProps {
  connections: readonly SsoConnection[];
  /** Company names by id. */
  companyNames: ReadonlyMap<string, string>;
  onEdit: (connection: SsoConnection) => void;
  onTest: (connection: SsoConnection) => void;
  onDelete: (connection: SsoConnection) => void;
}

function RowAction({ label, icon, onClick }: { label: string; icon: ReactElement; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}

export function SsoConnectionsTable({ connections, companyNames, onEdit, onTest, onDelete }: SsoConnectionsTableProps) {
  const { t } = useTranslation('ssoConnections');
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('tableLabel')} sx={{ tableLayout: 'fixed', minWidth: 860 }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: '20%' }}>{t('columns.company')}</TableCell>
            <TableCell>{t('columns.issuer')}</TableCell>
            <TableCell sx={{ width: '22%' }}>{t('columns.domains')}</TableCell>
            <TableCell sx={{ width: 130 }}>{t('columns.passwordSignIn')}</TableCell>
            <TableCell align="right" sx={{ width: 120 }}>
              {t('columns.actions')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {connections.length === 0 && (
            <TableRow>
              <TableCell colSpan={COLUMN_COUNT}>{t('empty')}</TableCell>
            </TableRow>
          )}
          {connections.map((connection) => (
            <TableRow key={connection.company_id} hover>
              <TableCell>
                <TruncatedText text={companyNames.get(connection.company_id) ?? '…'} />
              </TableCell>
              <TableCell>
                <Box
                  component="span"
                  dir="ltr"
                  title={connection.issuer}
                  sx={{
                    display: 'block',
                    fontFamily: MONOSPACE,
                    fontSize: '0.8125rem',
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                    whiteSpace: 'nowrap',
                  }}
                >
                  {connection.issuer}
                </Box>
              </TableCell>
              <TableCell>
                <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  {connection.domains.map((domain) => (
                    <Chip key={domain} size="small" label={domain} dir="ltr" />
                  ))}
                </Stack>
              </TableCell>
              <TableCell>
                {connection.password_sign_in ? (
                  <Chip size="small" variant="outlined" color="success" label={t('passwordSignIn.on')} />
                ) : (
                  <Chip size="small" variant="outlined" label={t('passwordSignIn.off')} title={t('passwordSignIn.offHint')} />
                )}
              </TableCell>
              <TableCell align="right">
                <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
                  <RowAction
                    label={t('actions.edit')}
                    icon={<EditOutlined fontSize="small" />}
                    onClick={() => onEdit(connection)}
                  />
                  <RowAction
                    label={t('actions.test')}
                    icon={<NetworkCheckOutlined fontSize="small" />}
                    onClick={() => onTest(connection)}
                  />
                  <RowAction
                    label={t('actions.delete')}
                    icon={<DeleteOutlined fontSize="small" />}
                    onClick={() => onDelete(connection)}
                  />
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
