// /main/apiClients: the keys the game and partners call the API with, newest first, sortable
// and paged on the server. A client's secret is shown once, after its creation or rotation
// (SecretDialog); the list only ever shows its last four characters. Revoked clients stay
// listed, marked so, without actions.
import AddOutlined from '@mui/icons-material/AddOutlined';
import AutorenewOutlined from '@mui/icons-material/AutorenewOutlined';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type IssuedSecret, useListApiClients } from '../api/api-clients';
import type { PagedApiClientItemsItem } from '@/api/gen/playtrack.schemas';
import { PageHeader } from '@/components/page-header';
import { actionsColumn } from '@/components/row-actions';
import { ServerDataGrid, useListParams } from '@/components/server-data-grid';
import { TruncatedText } from '@/components/truncated-text';
import { useFormats } from '@/lib/formats';
import { useCompanies } from '@/lib/use-reference-data';
import { RevokeClientDialog, RotateClientDialog } from './client-action-dialogs';
import { CreateClientDialog } from './create-client-dialog';
import { SecretDialog } from './secret-dialog';

type Client = PagedApiClientItemsItem;

/** The secret just issued, and whether by a rotation. */
interface Revealed {
  issued: IssuedSecret;
  rotated: boolean;
}

/** `…abcd`: the end of a secret, read left to right whatever the page's direction. */
export function SecretHint({ hint }: { hint: string }) {
  const { t } = useTranslation('apiClients');
  return (
    <Box
      component="span"
      dir="ltr"
      title={t('secretHint', { hint })}
      sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', unicodeBidi: 'isolate' }}
    >
      …{hint}
    </Box>
  );
}

export function ApiClientsPage() {
  const { t } = useTranslation('apiClients');
  const { day: formatDate, count } = useFormats();
  const { params } = useListParams();
  const list = useListApiClients(params);
  const { names: companyNames } = useCompanies();
  const [creating, setCreating] = useState(false);
  const [rotating, setRotating] = useState<Client | null>(null);
  const [revoking, setRevoking] = useState<Client | null>(null);
  const [revealed, setRevealed] = useState<Revealed | null>(null);

  const scopeOf = (client: Client) => {
    if (client.all_companies) return t('scope.all');
    const known = client.companies.flatMap((id) => companyNames.get(id) ?? []);
    const unknown = client.companies.length - known.length;
    return [...known, ...(unknown > 0 ? [t('scope.more', { count: unknown })] : [])].join(', ');
  };

  // Ten columns fit beside the sidebar on a 1280 px screen: the fixed ones are as narrow as
  // their contents, and the name and the companies share what is left (cut short at their end,
  // whichever their script's direction, and whole in their tooltip).
  const columns: GridColDef<Client>[] = [
    {
      field: 'name',
      headerName: t('columns.name'),
      flex: 1,
      minWidth: 130,
      renderCell: ({ value }: { value?: string }) => <TruncatedText text={value} />,
    },
    {
      field: 'kind',
      headerName: t('columns.kind'),
      width: 75,
      valueFormatter: (kind: Client['kind']) => t(`kind.${kind}`),
    },
    {
      field: 'secret_hint',
      headerName: t('columns.secret'),
      width: 75,
      sortable: false,
      renderCell: ({ row }) => <SecretHint hint={row.secret_hint} />,
    },
    {
      field: 'companies',
      headerName: t('columns.scope'),
      flex: 1,
      minWidth: 120,
      sortable: false,
      valueGetter: (_value, row) => scopeOf(row),
      renderCell: ({ value }: { value?: string }) => <TruncatedText text={value} />,
    },
    {
      field: 'rate_limit_per_minute',
      headerName: t('columns.rateLimit'),
      type: 'number',
      width: 100,
      sortable: false,
      valueFormatter: (limit: number) => count(limit),
    },
    {
      field: 'use_count',
      headerName: t('columns.uses'),
      type: 'number',
      width: 80,
      sortable: false,
      valueFormatter: (uses: number) => count(uses),
    },
    {
      field: 'last_used_at',
      headerName: t('columns.lastUsed'),
      width: 115,
      valueFormatter: (value: string | null | undefined) => (value ? formatDate(value) : t('never')),
    },
    {
      field: 'created_at',
      headerName: t('columns.created'),
      width: 110,
      valueFormatter: (value: string) => formatDate(value),
    },
    {
      field: 'revoked_at',
      headerName: t('columns.status'),
      width: 90,
      sortable: false,
      renderCell: ({ row }) =>
        row.revoked_at ? (
          <Chip size="small" variant="outlined" label={t('status.revoked')} title={formatDate(row.revoked_at)} />
        ) : (
          <Chip size="small" variant="outlined" color="success" label={t('status.active')} />
        ),
    },
    // A revoked client is kept for the record: nothing more can be done with it.
    actionsColumn(t('columns.actions'), 80, (row) =>
      row.revoked_at
        ? []
        : [
            <GridActionsCellItem key="rotate" icon={<AutorenewOutlined />} label={t('actions.rotate')} onClick={() => setRotating(row)} />,
            <GridActionsCellItem key="revoke" icon={<BlockOutlined />} label={t('actions.revoke')} onClick={() => setRevoking(row)} />,
          ],
    ),
  ];

  return (
    <Box component="section">
      <PageHeader title={t('title')}>
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
          {t('add')}
        </Button>
      </PageHeader>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('intro')}
      </Typography>
      <ServerDataGrid table="api-clients" rows={list.data?.items} total={list.data?.total} columns={columns} loading={list.isFetching} />
      {creating && (
        <CreateClientDialog
          onCreated={(issued) => {
            setCreating(false);
            setRevealed({ issued, rotated: false });
          }}
          onClose={() => setCreating(false)}
        />
      )}
      <RotateClientDialog
        client={rotating}
        onRotated={(issued) => setRevealed({ issued, rotated: true })}
        onClose={() => setRotating(null)}
      />
      <RevokeClientDialog client={revoking} onClose={() => setRevoking(null)} />
      {revealed && (
        <SecretDialog issued={revealed.issued} rotated={revealed.rotated} onClose={() => setRevealed(null)} />
      )}
    </Box>
  );
}
