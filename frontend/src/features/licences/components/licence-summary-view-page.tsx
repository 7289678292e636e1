// `<p>/licencesummaryview?company=`: one company's seats per batch (and its company-wide
// seats), and its allocations. A company admin sees their own company.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useGetLicenceSummary } from '../api/licences';
import type { SummaryLine } from '@/api/gen/playtrack.schemas';
import { PageHeader } from '@/components/page-header';
import { useProblemMessage } from '@/lib/problem-message';
import { useBatches, useCompanies } from '@/lib/use-reference-data';
import { AllocationsGrid } from './allocations-grid';
import { CountsTable } from './counts-table';

export function LicenceSummaryViewPage() {
  const { t } = useTranslation('licences');
  const { problemMessage } = useProblemMessage();
  const [search] = useSearchParams();
  const companyId = search.get('company') ?? undefined;
  const summary = useGetLicenceSummary({ by: 'batch', company_id: companyId });
  const { names: companyNames } = useCompanies();
  const { names: batchNames } = useBatches(companyId);
  // Without a company, the lines may be of several companies (the super admin's whole scope).
  const companies = new Set((summary.data ?? []).map((line) => line.company_id));
  const lineLabel = (line: SummaryLine) => {
    const batch = line.batch_id ? (batchNames.get(line.batch_id) ?? '') : t('allBatches');
    return companies.size > 1 ? `${companyNames.get(line.company_id) ?? ''} · ${batch}` : batch;
  };
  const onlyCompany = companyId ?? (companies.size === 1 ? [...companies][0] : undefined);
  const companyName = onlyCompany ? companyNames.get(onlyCompany) : undefined;

  return (
    <Box component="section">
      <PageHeader title={companyName ? t('view.titleOf', { company: companyName }) : t('view.title')}>
        <Button component={RouterLink} to="../licencesummary" relative="path">
          {t('view.back')}
        </Button>
      </PageHeader>
      {summary.isError ? (
        <Alert severity="error">{problemMessage(summary.error)}</Alert>
      ) : (
        <CountsTable
          label={t('view.byBatch')}
          lines={summary.data ?? []}
          lineHeader={t('columns.batch')}
          lineLabel={lineLabel}
        />
      )}
      <Typography component="h2" variant="h6" sx={{ mt: 4, mb: 1 }}>
        {t('allocations.title')}
      </Typography>
      <AllocationsGrid companyId={companyId} />
    </Box>
  );
}
