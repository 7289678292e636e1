// /main/country/add and /main/country/edit?id=: a country's name, ISO code and whether it is offered.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { createCountry, listCountries, updateCountry } from '@/api/gen/reference-data/reference-data';
import type { Country } from '@/api/gen/playtrack.schemas';
import { useIdParam } from '../hooks/use-id-param';
import { useReferenceRecord } from '../hooks/use-reference-record';
import { useSave } from '../hooks/use-save';
import { useServerErrors } from '../hooks/use-server-errors';
import { FormCard } from './form-card';
import { SwitchInput, TextInput } from './form-fields';
import { LoadingRecord } from './loading-record';
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
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(countrySchema),
    defaultValues: { name: country?.name ?? '', iso_code: country?.iso_code ?? '', active: country?.active ?? true },
  });
  const { failureMessage, onError, clear } = useServerErrors(setError, ['name', 'iso_code', 'active']);
  const save = useSave((body: z.output<typeof countrySchema>) => (country ? updateCountry(country.id, body) : createCountry(body)), {
    invalidates: [PATH],
    next: () => LIST,
    onError,
  });

  return (
    <FormCard
      title={t(country ? 'country.editTitle' : 'country.addTitle')}
      onSubmit={handleSubmit((body) => {
        clear();
        save.mutate(body);
      })}
      pending={save.isPending}
      failureMessage={failureMessage}
      cancelTo={LIST}
    >
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
