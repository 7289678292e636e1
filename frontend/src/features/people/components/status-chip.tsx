// A person's account status: invited (no password yet), active or disabled.
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { Status } from '@/api/gen/playtrack.schemas';

const COLORS = { invited: 'info', active: 'success', disabled: 'default' } as const;

export function StatusChip({ status }: { status: Status }) {
  const { t } = useTranslation('people');
  return <Chip size="small" variant="outlined" color={COLORS[status]} label={t(`status.${status}`)} />;
}
