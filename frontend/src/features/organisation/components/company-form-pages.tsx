// /main/company/add, /main/company/edit?id= and a company admin's /companyadmin/company/edit.
import { useGetCompany } from '../api/companies';
import { LoadingRecord } from '@/components/loading-record';
import { useCompanyId } from '../hooks/use-company-id';
import { CompanyForm } from './company-form';

export function CompanyAddPage() {
  return <CompanyForm />;
}

export function CompanyEditPage() {
  const { id, missing } = useCompanyId();
  const company = useGetCompany(id ?? '');
  return (
    <LoadingRecord query={company} idMissing={missing} listPath="..">
      {(found) => <CompanyForm company={found} />}
    </LoadingRecord>
  );
}
