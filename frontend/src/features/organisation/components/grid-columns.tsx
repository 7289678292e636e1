// Columns every organisation list shares: the active chip and the row actions.
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { Link as RouterLink } from 'react-router';
import { ActiveChip } from './active-chip';

type OrganisationT = TFunction<'organisation'>;

export function activeColumn<R extends { active: boolean }>(t: OrganisationT): GridColDef<R> {
  return {
    field: 'active',
    headerName: t('fields.active'),
    width: 120,
    renderCell: ({ row }) => <ActiveChip active={row.active} />,
  };
}

interface ActionsOptions<R> {
  editTo: (row: R) => string;
  detailsTo?: (row: R) => string;
  /** Flips `active`; no Activate / Deactivate button without it. */
  onToggle?: (row: R) => void;
  toggling?: boolean;
}

export function actionsColumn<R extends { active: boolean }>(
  t: OrganisationT,
  { editTo, detailsTo, onToggle, toggling = false }: ActionsOptions<R>,
): GridColDef<R> {
  return {
    field: 'actions',
    headerName: t('fields.actions'),
    sortable: false,
    width: 240,
    renderCell: ({ row }) => (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
        {detailsTo && (
          <Tooltip title={t('actions.details')}>
            <IconButton component={RouterLink} to={detailsTo(row)} size="small" aria-label={t('actions.details')}>
              <VisibilityOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        <Tooltip title={t('actions.edit')}>
          <IconButton component={RouterLink} to={editTo(row)} size="small" aria-label={t('actions.edit')}>
            <EditOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
        {onToggle && (
          <Button size="small" disabled={toggling} onClick={() => onToggle(row)}>
            {row.active ? t('actions.deactivate') : t('actions.activate')}
          </Button>
        )}
      </Stack>
    ),
  };
}
