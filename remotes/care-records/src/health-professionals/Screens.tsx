import { Route, Routes, useParams } from 'react-router-dom';
import { appPathOf, type ResourceSpec } from '@hcm/contract/engine';
import { healthProfessionals as healthProfessionalsSpec } from '../../contract';
import { NotFound, useCan } from '@hcm/kit';
import { ResourceForm, ResourceList } from '@hcm/kit/resources';
import { AccessPanel } from './AccessPanel';

const healthProfessionals: ResourceSpec = healthProfessionalsSpec;
const BASE = appPathOf(healthProfessionals);

function EditProfessional() {
  const { id = '' } = useParams();
  const can = useCan();
  return (
    <ResourceForm spec={healthProfessionals} id={id} backTo={BASE}>
      {can('health-professionals.share') ? <AccessPanel professionalId={Number(id)} /> : null}
    </ResourceForm>
  );
}

/**
 * /app/health-professionals: the list, add, and edit from the resource declaration; the edit page also shows
 * the "Access" panel (shared clients and links) to users who may share.
 */
export default function HealthProfessionalScreens() {
  return (
    <Routes>
      <Route index element={<ResourceList spec={healthProfessionals} basePath={BASE} />} />
      <Route path="add" element={<ResourceForm spec={healthProfessionals} backTo={BASE} />} />
      <Route path=":id/edit" element={<EditProfessional />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
