import type { ResourceSpec } from '@hcm/contract/engine';
import { ResourceForm } from '@hcm/kit/resources';
import { carers, employees } from '../../contract/people';
import type { StaffScreenProps } from './types';

/** The carer's (csw-details) or employee's (details) own record: the declared form, edited in place. */
export default function DetailsForm({ owner, ownerId }: StaffScreenProps) {
  const spec: ResourceSpec = owner === 'carers' ? carers : employees;
  const here = `/app/${owner}/${ownerId}/edit/${owner === 'carers' ? 'csw-details' : 'details'}`;
  return <ResourceForm spec={spec} id={String(ownerId)} backTo={here} />;
}
