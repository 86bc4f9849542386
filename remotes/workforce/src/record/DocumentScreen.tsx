import { ErrorPanel } from '@hcm/kit';
import { DocumentTab } from '@hcm/kit/documents';
import { carerDocument, employeeDocument } from '../../contract/documents/index';
import { documentNameOf, STAFF_SENSITIVE_PERMISSIONS } from '../../contract/record-tabs';
import type { StaffOwner } from './types';

/**
 * A document tab of a staff file: the declarations and the kit's document screens load with the first document
 * opened, not with the record.
 */
export default function DocumentScreen({ owner, segment, title, ownerId, ownerName }: { owner: StaffOwner; segment: string; title: string; ownerId: number; ownerName: string }) {
  const name = documentNameOf(segment);
  const spec = owner === 'carers' ? carerDocument(name) : employeeDocument(name);
  if (!spec) return <ErrorPanel title={`${title} is not declared`}>This tab has no document declaration.</ErrorPanel>;
  return <DocumentTab key={spec.name} spec={spec} sensitive={STAFF_SENSITIVE_PERMISSIONS} basePath={`${owner}/${ownerId}/documents`} ownerLabel={ownerName} />;
}
