// The block a section shows while its data or code is on the way: a placeholder of the section's
// height, told to assistive technology as a busy indicator (a bare skeleton may not carry a name).
import Skeleton from '@mui/material/Skeleton';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

export function LoadingBlock({ height, sx }: { height: number; sx?: SxProps<Theme> }) {
  const { t } = useTranslation('common');
  return <Skeleton variant="rounded" height={height} sx={sx} role="progressbar" aria-label={t('loading')} />;
}
