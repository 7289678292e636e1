// `<p>/licencesummary`: each company's seats (bought, assigned, activated, available, expired,
// expiring soon) leading to its per-batch view, and below, the allocations themselves.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useGetLicenceSummary } from '../api/licences';
import { PageHeader } from '@/components/page-header';
import { useProblemMessage } from '@/lib/problem-message';
import { useSessionUser } from '@/lib/session';
import { useCompanies } from '@/lib/use-reference-data';
import { AllocationsGrid } from './allocations-grid';
import { CountsTable } from './counts-table';

export function LicenceSummaryPage() {
  const { t } = useTranslation('licences');
  const { problemMessage } = useProblemMessage();
  const isSuperAdmin = useSessionUser()?.role === 'SUPER_ADMIN';
  const summary = useGetLicenceSummary({ by: 'company' });
  const { names } = useCompanies();

  return (
    <Box component="section">
      <PageHeader title={t('summary.title')}>
        {isSuperAdmin && (
          <Button component={RouterLink} to="add" relative="path" variant="contained">
            {t('actions.add')}
          </Button>
        )}
      </PageHeader>
      {summary.isError ? (
        <Alert severity="error">{problemMessage(summary.error)}</Alert>
      ) : (
        <CountsTable
          label={t('summary.byCompany')}
          lines={summary.data ?? []}
          lineHeader={t('columns.company')}
          lineLabel={(line) => (
            <Link component={RouterLink} to={`../licencesummaryview?company=${line.company_id}`} relative="path">
              {names.get(line.company_id) ?? t('summary.company')}
            </Link>
          )}
        />
      )}
      <Typography component="h2" variant="h6" sx={{ mt: 4, mb: 1 }}>
        {t('allocations.title')}
      </Typography>
      <AllocationsGrid />
    </Box>
  );
}
