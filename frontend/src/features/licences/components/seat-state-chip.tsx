// A seat's state: assigned (not used yet), activated (the game was started), expired, revoked.
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { SeatStateDto } from '@/api/gen/playtrack.schemas';

const COLORS = { assigned: 'info', activated: 'success', expired: 'warning', revoked: 'default' } as const;

export function SeatStateChip({ state }: { state: SeatStateDto }) {
  const { t } = useTranslation('licences');
  return <Chip size="small" variant="outlined" color={COLORS[state]} label={t(`state.${state}`)} />;
}
