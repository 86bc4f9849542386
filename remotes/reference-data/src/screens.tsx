import { Route, Routes } from 'react-router-dom';
import { appPathOf, type ResourceSpec } from '@hcm/contract/engine';
import { REFERENCE_DATA_RESOURCES } from '../contract';
import { ResourceRoutes } from '@hcm/kit/resources';
import { NotFound } from '@hcm/kit';
import { lazyScreen } from '@hcm/kit/routing';
import { BranchList } from './branches/BranchList';
import { PermissionList } from './roles/PermissionList';
import { PermissionUsers } from './roles/PermissionUsers';
import { RoleList } from './roles/RoleList';
import { UserList } from './users/UserList';

// Forms load on first use: they bring react-hook-form and the form fields, which the lists do not need.
const BranchForm = lazyScreen<object>(() => import('./branches/BranchForm').then((module) => ({ default: module.BranchForm })));
const RoleForm = lazyScreen<object>(() => import('./roles/RoleForm').then((module) => ({ default: module.RoleForm })));
const UserForm = lazyScreen<object>(() => import('./users/UserForm').then((module) => ({ default: module.UserForm })));

// Every declared resource gets its screens at its path (/app/datatables/<name>, or its own route such as
// /app/staff-meetings); nested ones (funder scales) show inside their parent's edit page.
const OURS: readonly ResourceSpec[] = REFERENCE_DATA_RESOURCES;
const TOP_LEVEL: readonly ResourceSpec[] = OURS.filter((spec) => !spec.parent);
const nestedIn = (name: string) => OURS.filter((spec) => spec.parent?.resource === name);

function resourceRoute(spec: ResourceSpec, path: string) {
  return (
    <Route key={spec.name} path={path} element={<ResourceRoutes spec={spec} basePath={appPathOf(spec)} nestedSpecs={nestedIn(spec.name)} />} />
  );
}

/** Every declared resource at its path, branches, users, roles and permissions, below one of the area's prefixes. */
export default function Screens({ prefix }: { prefix: string }) {
  const datatables = prefix === 'datatables' ? TOP_LEVEL.filter((spec) => !spec.route) : [];
  const ownRoute = TOP_LEVEL.find((spec) => spec.route === prefix);
  if (ownRoute) return <ResourceRoutes spec={ownRoute} basePath={appPathOf(ownRoute)} nestedSpecs={nestedIn(ownRoute.name)} />;
  return (
    <Routes>
      {datatables.map((spec) => resourceRoute(spec, `${spec.name}/*`))}
      {prefix === 'datatables' ? (
        <>
          <Route path="user-roles" element={<RoleList />} />
          <Route path="user-roles/:id/edit" element={<RoleForm />} />
          <Route path="user-permissions" element={<PermissionList />} />
          <Route path="user-permissions/:id/edit/users" element={<PermissionUsers />} />
        </>
      ) : null}
      {prefix === 'users' ? (
        <>
          <Route index element={<UserList />} />
          <Route path="add" element={<UserForm />} />
          <Route path=":id/edit" element={<UserForm />} />
        </>
      ) : null}
      {prefix === 'branches' ? (
        <>
          <Route index element={<BranchList />} />
          <Route path="add" element={<BranchForm />} />
          <Route path=":id/edit" element={<BranchForm />} />
        </>
      ) : null}
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
