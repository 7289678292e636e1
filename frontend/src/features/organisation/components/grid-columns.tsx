// Columns every organisation list shares: the active chip and the row actions with Activate /
// Deactivate.
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useToggleActive } from '../hooks/use-toggle-active';
import { ActiveChip } from './active-chip';

type OrganisationT = TFunction<'organisation'>;

function activeColumn<R extends { active: boolean }>(t: OrganisationT): GridColDef<R> {
  return {
    field: 'active',
    headerName: t('fields.active'),
    width: 120,
    renderCell: ({ row }) => <ActiveChip active={row.active} />,
  };
}

interface Links<R> {
  editTo: (row: R) => string;
  detailsTo?: (row: R) => string;
}

interface ActionsOptions<R> extends Links<R> {
  /** Flips `active`; no Activate / Deactivate button without it. */
  onToggle?: (row: R) => void;
  toggling?: boolean;
}

function actionsColumn<R extends { active: boolean }>(
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

/** The active chip and the row actions of a list whose rows `update` saves with `active` flipped. */
export function useStatusColumns<R extends { name: string; active: boolean }>(
  update: (row: R, active: boolean) => Promise<unknown>,
  path: string,
  links: Links<R>,
): GridColDef<R>[] {
  const { t } = useTranslation('organisation');
  const toggle = useToggleActive(update, path);
  return [
    activeColumn(t),
    actionsColumn(t, { ...links, onToggle: (row) => toggle.mutate(row), toggling: toggle.isPending }),
  ];
}
