// /main/industry/add and /main/industry/edit?id=: an industry's name and whether it is offered.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Industry } from '@/api/gen/playtrack.schemas';
import { createIndustry, listIndustries, updateIndustry } from '@/api/gen/reference-data/reference-data';
import { LoadingRecord } from '@/components/loading-record';
import { useIdParam } from '../hooks/use-id-param';
import { useReferenceRecord } from '../hooks/use-reference-record';
import { useFormSave } from '../hooks/use-form-save';
import { FormCard } from './form-card';
import { SwitchInput, TextInput } from './form-fields';
import { nameField } from './validators';

const PATH = '/api/v1/industries';
const LIST = '/main/industry';

const industrySchema = z.object({ name: nameField, active: z.boolean() });

function IndustryForm({ industry }: { industry?: Industry }) {
  const { t } = useTranslation('organisation');
  const form = useForm({
    resolver: zodResolver(industrySchema),
    defaultValues: { name: industry?.name ?? '', active: industry?.active ?? true },
  });
  const submit = useFormSave(form, (body) => (industry ? updateIndustry(industry.id, body) : createIndustry(body)), {
    fields: ['name', 'active'],
    invalidates: [PATH],
    next: () => LIST,
  });
  const { control } = form;

  return (
    <FormCard title={t(industry ? 'industry.editTitle' : 'industry.addTitle')} cancelTo={LIST} {...submit}>
      <TextInput control={control} name="name" label={t('industry.name')} required />
      <SwitchInput control={control} name="active" label={t('fields.active')} />
    </FormCard>
  );
}

export function IndustryAddPage() {
  return <IndustryForm />;
}

export function IndustryEditPage() {
  const industry = useReferenceRecord(PATH, listIndustries, useIdParam());
  return <LoadingRecord query={industry}>{(found) => <IndustryForm industry={found} />}</LoadingRecord>;
}
