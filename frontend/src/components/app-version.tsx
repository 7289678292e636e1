// "Playtrack <version>" from the server's health endpoint; shows nothing while the server is unreachable.
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useGetHealth } from '@/api/gen/health/health';

export function AppVersion() {
  const { t } = useTranslation();
  const { data } = useGetHealth({ query: { staleTime: Infinity, retry: false } });
  if (!data) return null;
  return (
    <Typography variant="caption" color="text.secondary">
      {t('appVersion', { version: data.version })}
    </Typography>
  );
}
