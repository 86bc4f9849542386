import { Route, Routes, useParams } from 'react-router-dom';
import type { ResourceSpec } from '@hcm/contract/engine';
import { NotFound } from '@hcm/kit';
import { ResourceForm, ResourceList } from '@hcm/kit/resources';
import { clientContacts as contactsSpec } from '../../contract';
import type { RecordScreenProps } from './screens';

const contacts: ResourceSpec = contactsSpec;

/** `support-network`: next of kin, family, advocates and professionals around the client; added and edited here. */
export default function SupportNetwork({ clientId }: RecordScreenProps) {
  const base = `/app/clients/${clientId}/support-network`;
  const fixedValues = { client_id: String(clientId) };
  return (
    <Routes>
      <Route index element={<ResourceList spec={contacts} basePath={base} fixedFilters={fixedValues} nested />} />
      <Route path="add" element={<ResourceForm spec={contacts} backTo={base} fixedValues={fixedValues} />} />
      <Route path=":contactId/edit" element={<ContactEdit base={base} fixedValues={fixedValues} />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

function ContactEdit({ base, fixedValues }: { base: string; fixedValues: Record<string, string> }) {
  const { contactId = '' } = useParams();
  return <ResourceForm spec={contacts} id={contactId} backTo={base} fixedValues={fixedValues} />;
}
