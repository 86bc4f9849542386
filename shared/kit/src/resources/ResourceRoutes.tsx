import { Route, Routes, useParams } from 'react-router-dom';
import type { ResourceSpec } from '@hcm/contract/engine';
import { NotFound } from '@hcm/kit';
import { ResourceForm } from './LazyResourceForm';
import { ResourceList } from './ResourceList';

type ResourceRoutesProps = {
  spec: ResourceSpec;
  basePath: string;
  /** Resources whose rows belong to a row of this one (their `parent` names it). */
  nestedSpecs?: readonly ResourceSpec[];
};

function EditWithNested({ spec, basePath, nestedSpecs }: Required<ResourceRoutesProps>) {
  const { id = '' } = useParams();
  return (
    <ResourceForm spec={spec} id={id} backTo={basePath}>
      {nestedSpecs.map((nested) => (
        <ResourceList
          key={nested.name}
          spec={nested}
          basePath={`${basePath}/${id}/${nested.name}`}
          fixedFilters={{ [nested.parent!.field]: id }}
          nested
        />
      ))}
    </ResourceForm>
  );
}

function NestedRoutes({ spec, parentBasePath }: { spec: ResourceSpec; parentBasePath: string }) {
  const { parentId = '' } = useParams();
  const parentEdit = `${parentBasePath}/${parentId}/edit`;
  const fixedValues = { [spec.parent!.field]: parentId };
  return (
    <Routes>
      <Route path="add" element={<ResourceForm spec={spec} backTo={parentEdit} fixedValues={fixedValues} />} />
      <Route path=":id/edit" element={<NestedEdit spec={spec} backTo={parentEdit} fixedValues={fixedValues} />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

function NestedEdit({ spec, backTo, fixedValues }: { spec: ResourceSpec; backTo: string; fixedValues: Record<string, string> }) {
  const { id = '' } = useParams();
  return <ResourceForm spec={spec} id={id} backTo={backTo} fixedValues={fixedValues} />;
}

/**
 * The screens of a resource under `basePath`: the list, `add`, `:id/edit` (the row read first, with "Edit" for
 * those who may edit it), and for each nested resource `:parentId/<nested>/add` and `:parentId/<nested>/:id/edit`
 * (its list shows under the parent's row).
 */
export function ResourceRoutes({ spec, basePath, nestedSpecs = [] }: ResourceRoutesProps) {
  return (
    <Routes>
      <Route index element={<ResourceList spec={spec} basePath={basePath} />} />
      <Route path="add" element={<ResourceForm spec={spec} backTo={basePath} />} />
      <Route path=":id/edit" element={<EditWithNested spec={spec} basePath={basePath} nestedSpecs={nestedSpecs} />} />
      {nestedSpecs.map((nested) => (
        <Route key={nested.name} path={`:parentId/${nested.name}/*`} element={<NestedRoutes spec={nested} parentBasePath={basePath} />} />
      ))}
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
