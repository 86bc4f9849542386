import * as v from 'valibot';
import type { ResourceSpec } from '@hcm/contract/engine';
import { useSession } from '@hcm/kit';
import { SelectField } from '@hcm/kit/forms';

// A branch-scoped resource's row (a client) belongs to one of the user's branches. The branch travels beside
// the declared fields (the server takes branch_id out of the body before its strict schema), so the form's
// schema is the declaration's plus branch_id.

const BRANCH_MESSAGE = 'Choose one of your branches.';

/** The schema a form validates with: the declaration's, plus a required branch for a branch-scoped resource. */
export function formSchemaOf(spec: ResourceSpec): v.GenericSchema<unknown, unknown> {
  if (!spec.branchScoped) return spec.schema;
  const withBranch = v.strictObject({
    ...spec.schema.entries,
    branch_id: v.pipe(v.string(BRANCH_MESSAGE), v.nonEmpty(BRANCH_MESSAGE)),
  });
  // The declaration's rules across fields (a pipe after its object: a leaving date not before the start date) hold
  // on the form as on the server.
  const acrossFields = 'pipe' in spec.schema ? (spec.schema.pipe as readonly unknown[]).slice(1) : [];
  if (acrossFields.length === 0) return withBranch;
  return (v.pipe as unknown as (...items: unknown[]) => v.GenericSchema<unknown, unknown>)(withBranch, ...acrossFields);
}

/** The form's branch value: the row's, or for a new row the user's only branch. */
export function branchValueOf(row: Record<string, unknown> | null, branches: readonly { id: number }[]): string {
  if (row && row.branch_id !== null && row.branch_id !== undefined) return String(row.branch_id);
  return branches.length === 1 ? String(branches[0]!.id) : '';
}

/** A select of the user's branches. */
export function BranchField() {
  const user = useSession((state) => state.user);
  const branches = user?.branches ?? [];
  return (
    <SelectField
      name="branch_id"
      label="Branch"
      options={[{ value: '', label: 'Choose…' }, ...branches.map((branch) => ({ value: String(branch.id), label: branch.name }))]}
    />
  );
}
