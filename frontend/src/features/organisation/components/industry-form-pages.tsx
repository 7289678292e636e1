// /main/industry/add and /main/industry/edit?id=: an industry's name and whether it is offered.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { createIndustry, listIndustries, updateIndustry } from '@/api/gen/reference-data/reference-data';
import type { Industry } from '@/api/gen/playtrack.schemas';
import { useIdParam } from '../hooks/use-id-param';
import { useReferenceRecord } from '../hooks/use-reference-record';
import { useSave } from '../hooks/use-save';
import { useServerErrors } from '../hooks/use-server-errors';
import { FormCard } from './form-card';
import { SwitchInput, TextInput } from './form-fields';
import { LoadingRecord } from './loading-record';
import { nameField } from './validators';

const PATH = '/api/v1/industries';
const LIST = '/main/industry';

const industrySchema = z.object({ name: nameField, active: z.boolean() });

function IndustryForm({ industry }: { industry?: Industry }) {
  const { t } = useTranslation('organisation');
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(industrySchema),
    defaultValues: { name: industry?.name ?? '', active: industry?.active ?? true },
  });
  const { failureMessage, onError, clear } = useServerErrors(setError, ['name', 'active']);
  const save = useSave(
    (body: z.output<typeof industrySchema>) => (industry ? updateIndustry(industry.id, body) : createIndustry(body)),
    { invalidates: [PATH], next: () => LIST, onError },
  );

  return (
    <FormCard
      title={t(industry ? 'industry.editTitle' : 'industry.addTitle')}
      onSubmit={handleSubmit((body) => {
        clear();
        save.mutate(body);
      })}
      pending={save.isPending}
      failureMessage={failureMessage}
      cancelTo={LIST}
    >
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
