// /main/country/add and /main/country/edit?id=: a country's name, ISO code and whether it is offered.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Country } from '@/api/gen/playtrack.schemas';
import { createCountry, listCountries, updateCountry } from '@/api/gen/reference-data/reference-data';
import { LoadingRecord } from '@/components/loading-record';
import { useIdParam } from '../hooks/use-id-param';
import { useReferenceRecord } from '../hooks/use-reference-record';
import { useFormSave } from '../hooks/use-form-save';
import { FormCard } from './form-card';
import { SwitchInput, TextInput } from './form-fields';
import { nameField } from './validators';

const PATH = '/api/v1/countries';
const LIST = '/main/country';

const countrySchema = z.object({
  name: nameField,
  iso_code: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: 'validation.isoCode' })
    .transform((code) => code.toUpperCase()),
  active: z.boolean(),
});

function CountryForm({ country }: { country?: Country }) {
  const { t } = useTranslation('organisation');
  const form = useForm({
    resolver: zodResolver(countrySchema),
    defaultValues: { name: country?.name ?? '', iso_code: country?.iso_code ?? '', active: country?.active ?? true },
  });
  const submit = useFormSave(form, (body) => (country ? updateCountry(country.id, body) : createCountry(body)), {
    fields: ['name', 'iso_code', 'active'],
    invalidates: [PATH],
    next: () => LIST,
  });
  const { control } = form;

  return (
    <FormCard title={t(country ? 'country.editTitle' : 'country.addTitle')} cancelTo={LIST} {...submit}>
      <TextInput control={control} name="name" label={t('country.name')} required />
      <TextInput control={control} name="iso_code" label={t('country.isoCode')} required />
      <SwitchInput control={control} name="active" label={t('fields.active')} />
    </FormCard>
  );
}

export function CountryAddPage() {
  return <CountryForm />;
}

export function CountryEditPage() {
  const country = useReferenceRecord(PATH, listCountries, useIdParam());
  return <LoadingRecord query={country}>{(found) => <CountryForm country={found} />}</LoadingRecord>;
}
