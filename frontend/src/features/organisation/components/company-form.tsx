// A company's form, for the super admin (any company, new or not) and for a company admin (their
// own, without the active switch: only the super admin turns a company on or off).
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { companyKeys, createCompany, updateCompany } from '../api/companies';
import type { Company } from '@/api/gen/playtrack.schemas';
import { useNotify } from '@/components/notifications';
import { ApiError } from '@/lib/api-client';
import { useProblemMessage } from '@/lib/problem-message';
import { useFormSave } from '@/lib/use-form-save';
import { useAdminPrefix } from '../hooks/use-admin-prefix';
import { useCompanyLogo } from '@/lib/company-logo';
import { uploadLogo } from '../api/company-logo';
import { useCountries, useIndustries } from '../api/reference-data';
import { COMPANY_FIELDS, companyDefaults, companySchema } from './company-schema';
import { FormCard } from './form-card';
import { SelectInput, SwitchInput, TextInput } from './form-fields';
import { LogoInput } from './logo-input';

/** Active entries, plus the one the company names even if it has since been deactivated. */
function offered(entries: { id: string; name: string; active: boolean }[], current: string | undefined) {
  return entries
    .filter((entry) => entry.active || entry.id === current)
    .map((entry) => ({ value: entry.id, label: entry.name }));
}

export function CompanyForm({ company }: { company?: Company }) {
  const { t } = useTranslation('organisation');
  const prefix = useAdminPrefix();
  const notify = useNotify();
  const { problemMessage, fieldMessage } = useProblemMessage();
  const industries = useIndustries();
  const countries = useCountries();
  const storedLogo = useCompanyLogo(company?.id ?? '');
  const [logo, setLogo] = useState<File | null>(null);
  const form = useForm({
    resolver: zodResolver(companySchema),
    defaultValues: companyDefaults(company),
  });
  const { control } = form;
  const back = prefix === 'main' ? '/main/company' : '/companyadmin/company';

  const submit = useFormSave(
    form,
    async (checked: z.output<typeof companySchema>) => {
      // Only the super admin turns a company on or off.
      const body = prefix === 'main' || !company ? checked : { ...checked, active: company.active };
      const saved = company ? await updateCompany(company.id, body) : await createCompany(body);
      // The company is saved either way: a refused logo must not make the reader save it twice.
      if (logo) {
        await uploadLogo(saved.id, logo).catch((error: unknown) => {
          const code = error instanceof ApiError ? error.fieldErrors[0]?.code : undefined;
          const reason = code === undefined ? problemMessage(error) : fieldMessage(code);
          notify({ severity: 'warning', message: t('company.logoFailed', { reason }) });
        });
      }
      return saved;
    },
    { fields: COMPANY_FIELDS, invalidates: ({ id }) => companyKeys(id), message: t('saved') },
  );

  return (
    <FormCard title={t(company ? 'company.editTitle' : 'company.addTitle')} cancelTo={back} {...submit}>
      <TextInput control={control} name="name" label={t('company.name')} required />
      <TextInput control={control} name="email" label={t('company.email')} type="email" required />
      <TextInput control={control} name="contact_person" label={t('company.contactPerson')} required />
      <SelectInput
        control={control}
        name="industry_id"
        label={t('company.industry')}
        options={offered(industries, company?.industry_id)}
        required
      />
      <SelectInput
        control={control}
        name="country_id"
        label={t('company.country')}
        options={offered(countries, company?.country_id)}
        required
      />
      <TextInput control={control} name="remark" label={t('company.remark')} multiline minRows={2} />
      <TextInput
        control={control}
        name="session_minutes"
        label={t('company.sessionMinutes')}
        type="number"
        required
      />
      <LogoInput current={company ? storedLogo.data : null} onChange={setLogo} />
      {prefix === 'main' && <SwitchInput control={control} name="active" label={t('fields.active')} />}
    </FormCard>
  );
}
