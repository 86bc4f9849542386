import type { ResourceSpec } from '@hcm/contract/engine';
import { apiKey, useInvalidate } from '@hcm/kit/data';
import { ResourceForm } from '@hcm/kit/resources';
import { carers, employees } from '../../contract/people';
import type { StaffScreenProps } from './types';

/** What deleting a file means, told in the confirmation besides the engine's words (a soft delete: nothing is erased). */
const DELETING = {
  carers:
    'Deleting takes this carer off the carers list and out of rostering. Their file, documents and history stay on the system; nothing is erased. If they have left, set their status to Leaver with a leaving date instead: their file stays open to the office.',
  employees:
    'Deleting takes this office employee off the office employees list. Their file, documents and history stay on the system; nothing is erased. If they have left, set their status to Leaver instead: their file stays open to the office.',
} as const;

/**
 * The carer's (csw-details) or employee's (details) own record, read first: the declared fields in words, "Edit"
 * for who may edit (the form, back to the summary on Save or Cancel), "Delete" behind a confirmation for who may
 * delete (then back to the list, the file being gone from it). A save reads the file's header again (name, status,
 * role come from its own summary).
 */
export default function DetailsForm({ owner, ownerId }: StaffScreenProps) {
  const spec: ResourceSpec = owner === 'carers' ? carers : employees;
  const invalidate = useInvalidate();
  const here = `/app/${owner}/${ownerId}/edit/${owner === 'carers' ? 'csw-details' : 'details'}`;
  return (
    <ResourceForm
      spec={spec}
      id={String(ownerId)}
      backTo={here}
      deletedTo={`/app/${owner}`}
      deleteConsequences={DELETING[owner]}
      onSaved={() => void invalidate([apiKey(`api/v1/${owner}/${ownerId}/summary`)])}
    />
  );
}
