// /main/companydetails?id= and a company admin's /companyadmin/company: one company's record,
// with an Edit button.
import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useGetCompany } from '../api/companies';
import type { Company } from '@/api/gen/playtrack.schemas';
import { LoadingRecord } from '@/components/loading-record';
import { PageHeader } from '@/components/page-header';
import { useAdminPrefix } from '../hooks/use-admin-prefix';
import { useCompanyId } from '../hooks/use-company-id';
import { useCompanyLogo } from '@/lib/company-logo';
import { useCountries, useIndustries } from '../api/reference-data';
import { ActiveChip } from './active-chip';

function CompanyDetails({ company }: { company: Company }) {
  const { t } = useTranslation('organisation');
  const industry = useIndustries().find(({ id }) => id === company.industry_id);
  const country = useCountries().find(({ id }) => id === company.country_id);
  const logo = useCompanyLogo(company.id);
  const rows: [string, ReactNode][] = [
    [t('company.email'), company.email],
    [t('company.contactPerson'), company.contact_person],
    [t('company.industry'), industry?.name],
    [t('company.country'), country?.name],
    [t('company.remark'), company.remark],
    [t('company.sessionMinutes'), company.session_minutes],
    [t('fields.active'), <ActiveChip key="active" active={company.active} />],
  ];
  return (
    <Card>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
          <Avatar
            variant="rounded"
            src={logo.data ?? undefined}
            alt={t('company.logoOf', { name: company.name })}
            sx={{ width: 64, height: 64 }}
          >
            {company.name.charAt(0)}
          </Avatar>
          <Typography component="h2" variant="h5">
            {company.name}
          </Typography>
        </Box>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(8rem, max-content) 1fr', gap: 1.5, m: 0 }}>
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

export function CompanyDetailsPage() {
  const { t } = useTranslation('organisation');
  const prefix = useAdminPrefix();
  const { id, missing } = useCompanyId();
  const company = useGetCompany(id ?? '');
  const editTo = prefix === 'main' ? `/main/company/edit?id=${id ?? ''}` : '/companyadmin/company/edit';
  return (
    <Box component="section" sx={{ maxWidth: 720, mx: 'auto' }}>
      <PageHeader title={t('company.detailsTitle')}>
        <Button component={RouterLink} to={editTo} variant="contained" startIcon={<EditOutlined />}>
          {t('actions.edit')}
        </Button>
      </PageHeader>
      <LoadingRecord query={company} idMissing={missing} listPath="/main/company">{(found) => <CompanyDetails company={found} />}</LoadingRecord>
    </Box>
  );
}
