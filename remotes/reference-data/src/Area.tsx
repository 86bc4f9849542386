import { Route } from 'react-router-dom';
import type { AreaDescriptor } from '@hcm/contract';
import { appPathOf, RESOURCES, type ResourceSpec } from '@hcm/contract/resources';
import { ResourceRoutes } from '@hcm/kit/resources';
import { AreaRoutes } from '@hcm/kit/routing';
import descriptor from '../area.json';
import { BranchForm } from './branches/BranchForm';
import { BranchList } from './branches/BranchList';

const area = descriptor as AreaDescriptor;

// Every declared resource gets its screens at its path (/app/datatables/<name>, or its own route such as
// /app/staff-meetings); nested ones (funder scales) show inside their parent's edit page.
const TOP_LEVEL: readonly ResourceSpec[] = RESOURCES.filter((spec) => !spec.parent);
const nestedIn = (name: string) => RESOURCES.filter((spec) => spec.parent?.resource === name);

function resourceRoute(spec: ResourceSpec, path: string) {
  return (
    <Route key={spec.name} path={path} element={<ResourceRoutes spec={spec} basePath={appPathOf(spec)} nestedSpecs={nestedIn(spec.name)} />} />
  );
}

/** Reference data: the datatables overview, every declared resource, and branches (list, add, edit). */
export default function Area({ prefix }: { prefix: string }) {
  const datatables = prefix === 'datatables' ? TOP_LEVEL.filter((spec) => !spec.route) : [];
  const ownRoute = TOP_LEVEL.find((spec) => spec.route === prefix);
  return (
    <AreaRoutes area={area} prefix={prefix}>
      {datatables.map((spec) => resourceRoute(spec, `${spec.name}/*`))}
      {ownRoute ? resourceRoute(ownRoute, '*') : null}
      {prefix === 'branches' ? (
        <>
          <Route index element={<BranchList />} />
          <Route path="add" element={<BranchForm />} />
          <Route path=":id/edit" element={<BranchForm />} />
        </>
      ) : null}
    </AreaRoutes>
  );
}
