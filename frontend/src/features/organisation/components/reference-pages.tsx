// /main/industry and /main/country, each with /add and /edit?id=: the two lists companies pick
// from. They are twins but for a country's ISO code, so one set of screens serves both.
import { zodResolver } from '@hookform/resolvers/zod';
import type { GridColDef } from '@mui/x-data-grid';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { LoadingRecord } from '@/components/loading-record';
import { useListParams } from '@/components/server-data-grid';
import { useFormSave } from '@/lib/use-form-save';
import { type Reference, type ReferenceKind, REFERENCE_CALLS, useReferenceRecord } from '../api/reference-data';
import { useIdParam } from '../hooks/use-id-param';
import { FormCard } from './form-card';
import { SwitchInput, TextInput } from './form-fields';
import { useStatusColumns } from './grid-columns';
import { ListPage } from './list-page';
import { nameField } from './validators';

/** Only countries have an ISO code. */
const hasIso = (kind: ReferenceKind) => kind === 'country';

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
  const { key, useList, save } = REFERENCE_CALLS[kind];
  const iso = hasIso(kind);
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
      table={kind === 'industry' ? 'industries' : 'countries'}
      title={t(`${kind}.title`)}
      add={{ label: t(`${kind}.addTitle`), to: `${listPath(kind)}/add` }}
      list={useList(params)}
      columns={columns}
    />
  );
}

function ReferenceForm({ kind, record }: { kind: ReferenceKind; record?: Reference }) {
  const { t } = useTranslation('organisation');
  const { key, save } = REFERENCE_CALLS[kind];
  const iso = hasIso(kind);
  const form = useForm({
    resolver: zodResolver(referenceSchema(iso)),
    defaultValues: { name: record?.name ?? '', iso_code: record?.iso_code ?? '', active: record?.active ?? true },
  });
  const submit = useFormSave(form, (values) => save(record?.id, values), {
    fields: ['name', 'iso_code', 'active'],
    invalidates: () => [key],
    message: t('saved'),
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
  const id = useIdParam();
  const record = useReferenceRecord(kind, id ?? '');
  return (
    <LoadingRecord query={record} idMissing={id === null} listPath={listPath(kind)}>
      {(found) => <ReferenceForm kind={kind} record={found} />}
    </LoadingRecord>
  );
}
