// The game apps, newest first as the server lists them: name, client id (with a copy button),
// redirect URIs, scopes, the API client each reports as, whether it signs trainees in, when it
// was registered, and what the super admin can do to each.
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
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
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiClient, GameApp } from '@/api/gen/playtrack.schemas';
import { TruncatedText } from '@/components/truncated-text';
import { useFormats } from '@/lib/formats';
import { ClientId, MONOSPACE } from './client-id';
import { SCOPES } from './game-app-schema';

const COLUMN_COUNT = 8;

interface GameAppsTableProps {
  apps: readonly GameApp[];
  /** Every API client, revoked ones included, to name what each app reports as. */
  clients: readonly Pick<ApiClient, 'id' | 'name' | 'revoked_at'>[];
  onEdit: (app: GameApp) => void;
  /** Disables (`disabled` true) or enables the app. */
  onSetDisabled: (app: GameApp, disabled: boolean) => void;
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

export function GameAppsTable({ apps, clients, onEdit, onSetDisabled }: GameAppsTableProps) {
  const { t } = useTranslation('gameApps');
  const { day: formatDate } = useFormats();
  const clientsById = new Map(clients.map((client) => [client.id, client]));

  const reportsAs = (app: GameApp) => {
    if (!app.api_client_id) {
      return (
        <Typography component="span" variant="body2" color="warning.main" title={t('noApiClientHint')}>
          {t('noApiClient')}
        </Typography>
      );
    }
    const client = clientsById.get(app.api_client_id);
    if (!client) return <Typography component="span" variant="body2" color="text.secondary">—</Typography>;
    return <TruncatedText text={client.revoked_at ? t('revokedApiClient', { name: client.name }) : client.name} />;
  };

  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('tableLabel')} sx={{ tableLayout: 'fixed', minWidth: 960 }}>
        <TableHead>
          <TableRow>
            {/* The name takes what the others leave: at least 130 px at 1280 px wide. */}
            <TableCell>{t('columns.name')}</TableCell>
            <TableCell sx={{ width: 150 }}>{t('columns.clientId')}</TableCell>
            <TableCell sx={{ width: '18%' }}>{t('columns.redirectUris')}</TableCell>
            <TableCell sx={{ width: 130 }}>{t('columns.scopes')}</TableCell>
            <TableCell sx={{ width: '11%' }}>{t('columns.reportsAs')}</TableCell>
            <TableCell sx={{ width: 90 }}>{t('columns.status')}</TableCell>
            <TableCell sx={{ width: 100 }}>{t('columns.created')}</TableCell>
            <TableCell align="right" sx={{ width: 84 }}>
              {t('columns.actions')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {apps.length === 0 && (
            <TableRow>
              <TableCell colSpan={COLUMN_COUNT}>{t('empty')}</TableCell>
            </TableRow>
          )}
          {apps.map((app) => (
            <TableRow key={app.id} hover data-disabled={app.disabled_at ? true : undefined}>
              <TableCell>
                <TruncatedText text={app.name} />
              </TableCell>
              <TableCell>
                <ClientId name={app.name} clientId={app.client_id} />
              </TableCell>
              <TableCell>
                {app.redirect_uris.map((uri) => (
                  <Box
                    key={uri}
                    component="span"
                    dir="ltr"
                    title={uri}
                    sx={{
                      display: 'block',
                      fontFamily: MONOSPACE,
                      fontSize: '0.8125rem',
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {uri}
                  </Box>
                ))}
              </TableCell>
              <TableCell>
                <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
                  {SCOPES.filter((scope) => app.scopes.includes(scope)).map((scope) => (
                    <Chip key={scope} size="small" label={t(`scope.${scope}`)} title={t(`scopeHint.${scope}`)} />
                  ))}
                </Stack>
              </TableCell>
              <TableCell>{reportsAs(app)}</TableCell>
              <TableCell>
                {app.disabled_at ? (
                  <Chip
                    size="small"
                    variant="outlined"
                    label={t('status.disabled')}
                    title={t('status.disabledOn', { date: formatDate(app.disabled_at) })}
                  />
                ) : (
                  <Chip size="small" variant="outlined" color="success" label={t('status.active')} />
                )}
              </TableCell>
              <TableCell>{formatDate(app.created_at)}</TableCell>
              <TableCell align="right">
                <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
                  <RowAction label={t('actions.edit')} icon={<EditOutlined fontSize="small" />} onClick={() => onEdit(app)} />
                  {app.disabled_at ? (
                    <RowAction
                      label={t('actions.enable')}
                      icon={<CheckCircleOutlined fontSize="small" />}
                      onClick={() => onSetDisabled(app, false)}
                    />
                  ) : (
                    <RowAction
                      label={t('actions.disable')}
                      icon={<BlockOutlined fontSize="small" />}
                      onClick={() => onSetDisabled(app, true)}
                    />
                  )}
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
