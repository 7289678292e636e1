// Thin bar pinned to the top of the window while a lazy screen loads (the Suspense fallback).
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';

export function TopProgressBar() {
  const { t } = useTranslation();
  return (
    <LinearProgress
      aria-label={t('loading')}
      sx={{ position: 'fixed', top: 0, insetInline: 0, zIndex: (theme) => theme.zIndex.tooltip + 1 }}
    />
  );
}
