// /<prefix>/batch/add, and /<prefix>/batch/edit?id= with the batch's trainees and sign-up links
// under its form.
import { useGetBatch } from '../api/batches';
import { LoadingRecord } from '@/components/loading-record';
import { useIdParam } from '../hooks/use-id-param';
import { BatchForm } from './batch-form';
import { BatchMembers } from './batch-members';
import { EnrolmentKeys } from './enrolment-keys';

export function BatchAddPage() {
  return <BatchForm />;
}

export function BatchEditPage() {
  const id = useIdParam();
  const batch = useGetBatch(id ?? '');
  return (
    <LoadingRecord query={batch} idMissing={id === null} listPath="..">
      {(found) => (
        <>
          <BatchForm batch={found} />
          <BatchMembers batch={found} />
          <EnrolmentKeys batch={found} />
        </>
      )}
    </LoadingRecord>
  );
}
