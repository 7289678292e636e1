// A batch's name, company (the super admin's choice when creating; a batch never changes
// company), optional dates and whether it is in use.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { batchKeys, createBatch, updateBatch } from '../api/batches';
import type { Batch } from '@/api/gen/playtrack.schemas';
import { useFormSave } from '@/lib/use-form-save';
import { useCompanies } from '@/lib/use-reference-data';
import { useAdminPrefix } from '../hooks/use-admin-prefix';
import { FormCard } from './form-card';
import { DateInput, SelectInput, SwitchInput, TextInput } from './form-fields';
import { choice, nameField, optionalDate } from './validators';

function batchSchema(picksCompany: boolean) {
  return z
    .object({
      name: nameField,
      company_id: picksCompany ? choice('validation.companyRequired') : z.string(),
      starts_on: optionalDate,
      ends_on: optionalDate,
      active: z.boolean(),
    })
    .refine(({ starts_on, ends_on }) => starts_on === null || ends_on === null || ends_on >= starts_on, {
      error: 'validation.dateOrder',
      path: ['ends_on'],
    });
}

const FIELDS = ['name', 'company_id', 'starts_on', 'ends_on', 'active'] as const;

export function BatchForm({ batch }: { batch?: Batch }) {
  const { t } = useTranslation('organisation');
  const prefix = useAdminPrefix();
  const picksCompany = prefix === 'main' && batch === undefined;
  const { companies } = useCompanies(prefix === 'main');
  const schema = batchSchema(picksCompany);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      name: batch?.name ?? '',
      company_id: batch?.company_id ?? '',
      starts_on: batch?.starts_on ?? '',
      ends_on: batch?.ends_on ?? '',
      active: batch?.active ?? true,
    },
  });
  const back = `/${prefix}/batch`;
  const submit = useFormSave(
    form,
    // A company admin's batches are their company's: the server fills the company in.
    ({ company_id, ...body }: z.output<typeof schema>) => {
      const input = { ...body, company_id: company_id === '' ? null : company_id };
      return batch ? updateBatch(batch.id, input) : createBatch(input);
    },
    { fields: FIELDS, invalidates: ({ id }) => batchKeys(id), message: t('saved') },
  );
  const { control } = form;

  return (
    <FormCard title={t(batch ? 'batch.editTitle' : 'batch.addTitle')} cancelTo={back} {...submit}>
      <TextInput control={control} name="name" label={t('batch.name')} required />
      {picksCompany && (
        <SelectInput
          control={control}
          name="company_id"
          label={t('batch.company')}
          options={companies.filter(({ active }) => active).map(({ id, name }) => ({ value: id, label: name }))}
          required
        />
      )}
      <DateInput control={control} name="starts_on" label={t('batch.startsOn')} />
      <DateInput control={control} name="ends_on" label={t('batch.endsOn')} />
      <SwitchInput control={control} name="active" label={t('fields.active')} />
    </FormCard>
  );
}
