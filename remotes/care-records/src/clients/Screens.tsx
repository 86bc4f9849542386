import { Route, Routes } from 'react-router-dom';
import { appPathOf, type ResourceSpec } from '@hcm/contract/engine';
import { NotFound } from '@hcm/kit';
import { ResourceForm, ResourceList } from '@hcm/kit/resources';
import { lazyScreen } from '@hcm/kit/routing';
import { clients as clientsSpec } from '../../contract/resources';

const clients: ResourceSpec = clientsSpec;
const BASE = appPathOf(clients);

// The record (its header, tabs and their screens) loads on the first visit to a client, not with the list.
const ClientRecord = lazyScreen(() => import('../record/ClientRecord'), "Loading the client's record…");
const Reviews = lazyScreen(() => import('../record/Reviews'), 'Loading reviews…');

/** A new client: saved, it opens on their record (to carry on with the profile, plans and risk assessments). */
function AddClient() {
  return <ResourceForm spec={clients} backTo={BASE} savedTo={(row) => `${BASE}/${String(row.id)}/profile-info`} />;
}

/**
 * /app/clients: the list (only the user's branches), add, and each client's record at /app/clients/:id/<tab>;
 * /app/client/add (spec §1, "Client creation") adds a client too.
 */
export default function ClientScreens({ prefix }: { prefix: string }) {
  if (prefix === 'client') {
    return (
      <Routes>
        <Route path="add" element={<AddClient />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    );
  }
  return (
    <Routes>
      <Route index element={<ResourceList spec={clients} basePath={BASE} />} />
      <Route path="add" element={<AddClient />} />
      <Route path="reviews" element={<Reviews />} />
      <Route path=":id/*" element={<ClientRecord />} />
    </Routes>
  );
}
