// Columns every organisation list shares: the active chip and the row actions with Activate /
// Deactivate (which asks first).
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import type { QueryKey } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type NavigateFunction, useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { actionsColumn } from '@/components/row-actions';
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

/** Activate at once; Deactivate only after saying what it does and asking. In a row's menu (on a
 * phone) the menu stays open behind the question and closes with it. */
function ToggleActiveItem<R extends { name?: string; active: boolean }>({
  row,
  onToggle,
  toggling,
  showInMenu,
  closeMenu,
}: {
  row: R;
  onToggle: (row: R) => void;
  toggling: boolean;
  showInMenu?: boolean;
  closeMenu?: () => void;
}) {
  const { t } = useTranslation('organisation');
  const [asking, setAsking] = useState(false);
  const item = {
    icon: row.active ? <BlockOutlined /> : <CheckCircleOutlined />,
    label: row.active ? t('actions.deactivate') : t('actions.activate'),
    disabled: toggling,
    onClick: () => (row.active ? setAsking(true) : onToggle(row)),
  };
  const close = () => {
    setAsking(false);
    closeMenu?.();
  };
  return (
    <>
      {showInMenu ? <GridActionsCellItem {...item} showInMenu closeMenuOnClick={false} /> : <GridActionsCellItem {...item} />}
      <ConfirmDialog
        open={asking}
        title={t('confirmDeactivate.title', { name: row.name ?? '' })}
        body={t('confirmDeactivate.body', { name: row.name ?? '' })}
        confirmLabel={t('actions.deactivate')}
        pending={toggling}
        onConfirm={() => {
          close();
          onToggle(row);
        }}
        onClose={close}
      />
    </>
  );
}

function rowActions<R extends { active: boolean }>(
  t: OrganisationT,
  navigate: NavigateFunction,
  { editTo, detailsTo, onToggle, toggling = false }: ActionsOptions<R>,
): GridColDef<R> {
  return actionsColumn<R>(t('fields.actions'), 140, (row) => [
    detailsTo && (
      <GridActionsCellItem
        key="details"
        icon={<VisibilityOutlined />}
        label={t('actions.details')}
        onClick={() => void navigate(detailsTo(row))}
      />
    ),
    <GridActionsCellItem key="edit" icon={<EditOutlined />} label={t('actions.edit')} onClick={() => void navigate(editTo(row))} />,
    onToggle && <ToggleActiveItem key="toggle" row={row} onToggle={onToggle} toggling={toggling} />,
  ]);
}

/** The active chip and the row actions of a list whose rows `update` saves with `active` flipped. */
export function useStatusColumns<R extends { name: string; active: boolean }>(
  update: (row: R, active: boolean) => Promise<unknown>,
  stale: (row: R) => readonly QueryKey[],
  links: Links<R>,
): GridColDef<R>[] {
  const { t } = useTranslation('organisation');
  const toggle = useToggleActive(update, stale);
  const navigate = useNavigate();
  return [
    activeColumn(t),
    rowActions(t, navigate, { ...links, onToggle: (row) => toggle.mutate(row), toggling: toggle.isPending }),
  ];
}
