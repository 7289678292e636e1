// Whether a record is in use, as the lists and details show it.
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

export function ActiveChip({ active }: { active: boolean }) {
  const { t } = useTranslation('organisation');
  return (
    <Chip
      size="small"
      color={active ? 'success' : 'default'}
      label={active ? t('status.active') : t('status.inactive')}
    />
  );
}
