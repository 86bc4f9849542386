import { Route, Routes, useParams } from 'react-router-dom';
import { appPathOf, type ResourceSpec } from '@hcm/contract/engine';
import { clients as clientsSpec, CLIENT_RESOURCES } from '../../contract';
import { NotFound } from '@hcm/kit';
import { ResourceForm, ResourceList, ResourceRoutes } from '@hcm/kit/resources';
import { ClientTimeTracking } from './TimeTracking';

const clients: ResourceSpec = clientsSpec;
const BASE = appPathOf(clients);
// A client's medications and contacts: lists on the client's edit page, added and edited below it
// (/app/clients/:id/client-medications/add, .../:id/edit). They have no route of their own.
const NESTED: readonly ResourceSpec[] = (CLIENT_RESOURCES as readonly ResourceSpec[]).filter((spec) => spec.parent?.resource === clients.name);

/** The client's edit page: the form, time tracking (time a visit, time tracked), medications and contacts. */
function EditClient() {
  const { id = '' } = useParams();
  return (
    <ResourceForm spec={clients} id={id} backTo={BASE}>
      <ClientTimeTracking clientId={Number(id)} />
      {NESTED.map((nested) => (
        <ResourceList
          key={nested.name}
          spec={nested}
          basePath={`${BASE}/${id}/${nested.name}`}
          fixedFilters={{ [nested.parent!.field]: id }}
          nested
        />
      ))}
    </ResourceForm>
  );
}

/**
 * /app/clients: the list (only the user's branches), add, and edit with time tracking, the client's
 * medications, contacts and history; /app/client/add (spec §1, "Client creation") adds a client too.
 */
export default function ClientScreens({ prefix }: { prefix: string }) {
  if (prefix === 'client') {
    return (
      <Routes>
        <Route path="add" element={<ResourceForm spec={clients} backTo={BASE} />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    );
  }
  return (
    <Routes>
      <Route path=":id/edit" element={<EditClient />} />
      <Route path="*" element={<ResourceRoutes spec={clients} basePath={BASE} nestedSpecs={NESTED} />} />
    </Routes>
  );
}
