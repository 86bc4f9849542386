import type { DocumentPermissions, DocumentSpec } from '@hcm/contract/documents';

/**
 * A staff document declared once without its permissions: the same supervision form serves carers and office
 * employees, whose files need different permissions (index.ts gives each owner's copy its own).
 */
export type StaffDocument = Omit<DocumentSpec, 'permissions'> & {
  /** Signing off needs the approver's permission rather than plain edit (management approval, DBS risk). */
  approval?: boolean;
};

export const defineStaffDocument = (spec: StaffDocument): StaffDocument => spec;

export function withPermissions(spec: StaffDocument, permissions: { view: DocumentPermissions['view']; edit: DocumentPermissions['edit']; approve: DocumentPermissions['edit'] }): DocumentSpec {
  const { approval, ...rest } = spec;
  return { ...rest, permissions: { view: permissions.view, edit: permissions.edit, signOff: approval ? permissions.approve : permissions.edit } };
}
