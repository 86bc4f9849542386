import { ErrorPanel } from '@hcm/kit';
import { DocumentTab } from '@hcm/kit/documents';
import { clientDocument } from '../../contract/documents/index';
import { CLIENT_SENSITIVE_PERMISSIONS, documentNameOf } from '../../contract/record-tabs';

/**
 * A record-document tab: the declaration and the kit's document screens load with the first document opened,
 * not with the record (the declarations of every document are most of the area's code).
 */
export default function DocumentScreen({ segment, title, clientId, clientName }: { segment: string; title: string; clientId: number; clientName: string }) {
  const spec = clientDocument(documentNameOf(segment));
  if (!spec) return <ErrorPanel title={`${title} is not declared`}>This tab has no document declaration.</ErrorPanel>;
  return <DocumentTab key={spec.name} spec={spec} sensitive={CLIENT_SENSITIVE_PERMISSIONS} basePath={`clients/${clientId}/documents`} ownerLabel={clientName} />;
}
