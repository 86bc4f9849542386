import { Route, Routes, useSearchParams } from 'react-router-dom';
import { appPathOf, type ResourceSpec } from '@hcm/contract/engine';
import { ResourceForm, ResourceRoutes } from '@hcm/kit/resources';
import { clientHospitals as hospitalsSpec, clientPreExits as preExitsSpec } from '../../contract/episodes';

const hospitals: ResourceSpec = hospitalsSpec;
const preExits: ResourceSpec = preExitsSpec;

/** The add page for `spec`, the link /add?client=<id> from a client's record fixes the client (and returns there). */
function AddEpisode({ spec, basePath }: { spec: ResourceSpec; basePath: string }) {
  const [params] = useSearchParams();
  const client = params.get('client') ?? '';
  if (!/^[1-9]\d{0,9}$/.test(client)) return <ResourceForm spec={spec} backTo={basePath} />;
  return <ResourceForm key={client} spec={spec} backTo={`/app/clients/${client}/settings`} fixedValues={{ client_id: client }} />;
}

/**
 * /app/client-hospitals (a client's stays in hospital) and /app/client-pre-exit (care coming to an end): each a
 * list, add and :id/edit from its declaration (contract/episodes.ts).
 */
export default function EpisodeScreens({ prefix }: { prefix: string }) {
  const spec = prefix === 'client-pre-exit' ? preExits : hospitals;
  const basePath = appPathOf(spec);
  return (
    <Routes>
      <Route path="add" element={<AddEpisode spec={spec} basePath={basePath} />} />
      <Route path="*" element={<ResourceRoutes spec={spec} basePath={basePath} />} />
    </Routes>
  );
}
