import { clients as clientsSpec } from '../../contract';
import type { ResourceSpec } from '@hcm/contract/engine';
import { ResourceForm } from '@hcm/kit/resources';
import { ClientTimeTracking } from '../clients/TimeTracking';
import type { RecordScreenProps } from './screens';

const clients: ResourceSpec = clientsSpec;

/** `profile-info`: the client's details (the declared client form, with its history) and time tracking. */
export default function ProfileInfo({ clientId }: RecordScreenProps) {
  return (
    <ResourceForm spec={clients} id={String(clientId)} backTo={`/app/clients/${clientId}/profile-info`}>
      <ClientTimeTracking clientId={clientId} />
    </ResourceForm>
  );
}
