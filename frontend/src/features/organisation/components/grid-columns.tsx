// Columns every organisation list shares: the active chip and the row actions with Activate /
// Deactivate (which asks first).
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import type { QueryKey } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
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

/** Activate at once; Deactivate only after saying what it does and asking. */
function ToggleActiveButton<R extends { name?: string; active: boolean }>({
  row,
  onToggle,
  toggling,
}: {
  row: R;
  onToggle: (row: R) => void;
  toggling: boolean;
}) {
  const { t } = useTranslation('organisation');
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button size="small" disabled={toggling} onClick={() => (row.active ? setAsking(true) : onToggle(row))}>
        {row.active ? t('actions.deactivate') : t('actions.activate')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('confirmDeactivate.title', { name: row.name ?? '' })}
        body={t('confirmDeactivate.body', { name: row.name ?? '' })}
        confirmLabel={t('actions.deactivate')}
        pending={toggling}
        onConfirm={() => {
          setAsking(false);
          onToggle(row);
        }}
        onClose={() => setAsking(false)}
      />
    </>
  );
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
        {onToggle && <ToggleActiveButton row={row} onToggle={onToggle} toggling={toggling} />}
      </Stack>
    ),
  };
}

/** The active chip and the row actions of a list whose rows `update` saves with `active` flipped. */
export function useStatusColumns<R extends { name: string; active: boolean }>(
  update: (row: R, active: boolean) => Promise<unknown>,
  stale: (row: R) => readonly QueryKey[],
  links: Links<R>,
): GridColDef<R>[] {
  const { t } = useTranslation('organisation');
  const toggle = useToggleActive(update, stale);
  return [
    activeColumn(t),
    actionsColumn(t, { ...links, onToggle: (row) => toggle.mutate(row), toggling: toggle.isPending }),
  ];
}
