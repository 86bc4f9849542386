import { clients as clientsSpec } from '../../contract';
import type { ResourceSpec } from '@hcm/contract/engine';
import { ResourceForm } from '@hcm/kit/resources';
import { ClientTimeTracking } from '../clients/TimeTracking';
import type { RecordScreenProps } from './screens';

const clients: ResourceSpec = clientsSpec;

/** What deleting a client means, told in the confirmation besides the engine's words (a soft delete: nothing is erased). */
const DELETING =
  'Deleting takes this client off the clients list and they are no longer offered for visits. Their care record stays on the system; nothing is erased. If their care is ending, use Settings and "Start ending care" instead: it records why and keeps their record open.';

/**
 * `profile-info`: the client's details read first (the declared fields in words, "Edit client" for who may edit,
 * back to the details on Save or Cancel; "Delete client" behind a confirmation for who may delete, then the
 * clients list), with its history and time tracking below.
 */
export default function ProfileInfo({ clientId }: RecordScreenProps) {
  return (
    <ResourceForm spec={clients} id={String(clientId)} backTo={`/app/clients/${clientId}/profile-info`} deletedTo="/app/clients" deleteConsequences={DELETING}>
      <ClientTimeTracking clientId={clientId} />
    </ResourceForm>
  );
}
