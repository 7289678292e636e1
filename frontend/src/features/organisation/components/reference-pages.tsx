// /main/industry and /main/country, each with /add and /edit?id=: the two lists companies pick
// from. They are twins but for a country's ISO code, so one set of screens serves both.
import { zodResolver } from '@hookform/resolvers/zod';
import type { GridColDef } from '@mui/x-data-grid';
import type { QueryKey } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  createCountry,
  createIndustry,
  getListCountriesQueryKey,
  getListIndustriesQueryKey,
  listCountries,
  listIndustries,
  updateCountry,
  updateIndustry,
  useListCountries,
  useListIndustries,
} from '../api/reference-data';
import { LoadingRecord } from '@/components/loading-record';
import { type ListParams, useListParams } from '@/components/server-data-grid';
import { useFormSave } from '../hooks/use-form-save';
import { useIdParam } from '../hooks/use-id-param';
import { useReferenceRecord } from '../hooks/use-reference-record';
import { FormCard } from './form-card';
import { SwitchInput, TextInput } from './form-fields';
import { useStatusColumns } from './grid-columns';
import { ListPage } from './list-page';
import { nameField } from './validators';

export type ReferenceKind = 'industry' | 'country';

/** An industry or a country as the screens show it. */
interface Reference {
  id: string;
  name: string;
  active: boolean;
  iso_code?: string;
}

interface Values {
  name: string;
  iso_code: string;
  active: boolean;
}

interface Page {
  items: Reference[];
  total: number;
}

/** Where each kind lives in the API; `iso` says whether it has an ISO code. */
const KINDS: Record<
  ReferenceKind,
  {
    /** The list's query key, which also stands for the records found in it. */
    key: QueryKey;
    iso: boolean;
    useList: (params: ListParams) => { data?: Page; isFetching: boolean };
    fetchPage: (params: { page: number; per_page: number }) => Promise<Page>;
    save: (id: string | undefined, values: Values) => Promise<Reference>;
  }
> = {
  industry: {
    key: getListIndustriesQueryKey(),
    iso: false,
    useList: useListIndustries,
    fetchPage: listIndustries,
    save: (id, { name, active }) => (id ? updateIndustry(id, { name, active }) : createIndustry({ name, active })),
  },
  country: {
    key: getListCountriesQueryKey(),
    iso: true,
    useList: useListCountries,
    fetchPage: listCountries,
    save: (id, { name, iso_code, active }) =>
      id ? updateCountry(id, { name, iso_code, active }) : createCountry({ name, iso_code, active }),
  },
};

const listPath = (kind: ReferenceKind) => `/main/${kind}`;

function referenceSchema(iso: boolean) {
  const isoCode = z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: 'validation.isoCode' })
    .transform((code) => code.toUpperCase());
  return z.object({ name: nameField, iso_code: iso ? isoCode : z.string(), active: z.boolean() });
}

export function ReferenceListPage({ kind }: { kind: ReferenceKind }) {
  const { t } = useTranslation('organisation');
  const { params } = useListParams();
  const { key, iso, useList, save } = KINDS[kind];
  const statusColumns = useStatusColumns(
    ({ id, name, iso_code = '' }: Reference, active) => save(id, { name, iso_code, active }),
    () => [key],
    { editTo: (row) => `${listPath(kind)}/edit?id=${row.id}` },
  );
  const columns: GridColDef<Reference>[] = [
    { field: 'name', headerName: t(`${kind}.name`), flex: 1, minWidth: 160 },
    ...(iso ? [{ field: 'iso_code', headerName: t('country.isoCode'), width: 120 }] : []),
    ...statusColumns,
  ];
  return (
    <ListPage
      title={t(`${kind}.title`)}
      add={{ label: t(`${kind}.addTitle`), to: `${listPath(kind)}/add` }}
      list={useList(params)}
      columns={columns}
    />
  );
}

function ReferenceForm({ kind, record }: { kind: ReferenceKind; record?: Reference }) {
  const { t } = useTranslation('organisation');
  const { key, iso, save } = KINDS[kind];
  const form = useForm({
    resolver: zodResolver(referenceSchema(iso)),
    defaultValues: { name: record?.name ?? '', iso_code: record?.iso_code ?? '', active: record?.active ?? true },
  });
  const submit = useFormSave(form, (values) => save(record?.id, values), {
    fields: ['name', 'iso_code', 'active'],
    invalidates: () => [key],
    next: () => listPath(kind),
  });
  const { control } = form;

  return (
    <FormCard title={t(record ? `${kind}.editTitle` : `${kind}.addTitle`)} cancelTo={listPath(kind)} {...submit}>
      <TextInput control={control} name="name" label={t(`${kind}.name`)} required />
      {iso && <TextInput control={control} name="iso_code" label={t('country.isoCode')} required />}
      <SwitchInput control={control} name="active" label={t('fields.active')} />
    </FormCard>
  );
}

export function ReferenceAddPage({ kind }: { kind: ReferenceKind }) {
  return <ReferenceForm kind={kind} />;
}

export function ReferenceEditPage({ kind }: { kind: ReferenceKind }) {
  const { key, fetchPage } = KINDS[kind];
  const record = useReferenceRecord(key, fetchPage, useIdParam());
  return <LoadingRecord query={record}>{(found) => <ReferenceForm kind={kind} record={found} />}</LoadingRecord>;
}
