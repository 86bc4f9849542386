import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { RoleUpdateSchema, type RoleDetail, type RoleUpdateInput } from '@hcm/contract/schemas';
import { api, Button, ErrorPanel, Loading, notify, PageHeader, resourcePath, useRouteName } from '@hcm/kit';
import { resourceKeys, resourceWriteKeys, useApiMutation, useResourceRecord } from '@hcm/kit/data';
import { applyServerErrors, formStyles, TextAreaField, TextField, useUnsavedChangesWarning, valibotResolver } from '@hcm/kit/forms';
import { ButtonLink } from '@hcm/kit/routing';
import { areaTitle, permissionGroups, usePermissionCatalogue } from './permissionGroups';
import { ROLES_PATH } from './RoleList';
import styles from './roles.module.css';

type RoleFormValues = Required<RoleUpdateInput>;

/** datatables/user-roles/:id/edit: label, description, the permissions by area, and the 2FA requirement. */
export function RoleForm() {
  const { id } = useParams();
  useRouteName('Edit role');
  const navigate = useNavigate();
  const form = useForm<RoleFormValues>({
    resolver: valibotResolver(RoleUpdateSchema),
    defaultValues: { label: '', description: '', permissions: [], two_factor_required: false },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const { leaveWithoutWarning } = useUnsavedChangesWarning(form.formState.isDirty && !form.formState.isSubmitSuccessful);

  const record = useResourceRecord<RoleDetail>('user-roles', id ?? '', { refetchOnWindowFocus: false, failure: 'This role could not be loaded.' });
  // What may be granted: the catalogue the API composed from the platform's and the areas' permissions.
  const catalogue = usePermissionCatalogue();
  const role = record.data?.editable ? record.data : null;
  const loadError = record.data
    ? record.data.editable
      ? null
      : 'The super admin role holds every permission by rule and cannot be edited.'
    : (record.error?.message ?? null);
  // The form takes the role's values when they arrive, and a fresher answer's as long as nothing was typed.
  useEffect(() => {
    if (!role || form.formState.isDirty) return;
    const { label, description, permissions, two_factor_required } = role;
    form.reset({ label, description, permissions, two_factor_required });
  }, [role, form]);

  // A role's label and permissions show in the roles' lists, the users' (their role) and the permissions'.
  const save = useApiMutation<RoleDetail, RoleFormValues>({
    request: (values) => api.put<RoleDetail>(resourcePath('user-roles', id), values),
    invalidates: () => [...resourceWriteKeys('user-roles', id), resourceKeys.lists('users'), resourceKeys.lists('user-permissions')],
  });

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const answer = await save.submit(values);
    if (answer.error) {
      setFormError(answer.message || 'The role could not be saved.');
      applyServerErrors(form.setError, answer.errors);
      return;
    }
    notify({ type: 'success', title: 'Role saved', message: `${answer.data?.label ?? 'The role'} was saved; its users have the new permissions now.` });
    leaveWithoutWarning();
    navigate(ROLES_PATH);
  });

  if (loadError) return <ErrorPanel title="This role cannot be edited">{loadError}</ErrorPanel>;
  if (catalogue.error) return <ErrorPanel title="This role cannot be edited">{catalogue.error.message}</ErrorPanel>;
  if (!role || !catalogue.data) return <Loading label="Loading role…" />;
  const groups = permissionGroups(catalogue.data);
  const permissionsError = form.getFieldState('permissions', form.formState).error?.message;

  return (
    <>
      <PageHeader title={`Edit role: ${role.label}`} />
      <FormProvider {...form}>
        <form className={formStyles.form} onSubmit={handleSubmit} noValidate aria-label="Edit role">
          {formError ? (
            <p role="alert" className={formStyles.formError}>
              {formError}
            </p>
          ) : null}
          <TextField name="label" label="Label" />
          <TextAreaField name="description" label="Description" />
          <label className={styles.switch}>
            <input type="checkbox" role="switch" {...form.register('two_factor_required')} />
            Require two-factor authentication
          </label>
          <div className={styles.areas} role="group" aria-labelledby="role-permissions" aria-describedby={permissionsError ? 'role-permissions-error' : undefined}>
            <h2 id="role-permissions">Permissions</h2>
            {permissionsError ? (
              <p id="role-permissions-error" className={formStyles.invalidMessage}>
                {permissionsError}
              </p>
            ) : null}
            {groups.map((group) => (
              <fieldset key={group.area} className={styles.area}>
                <legend>{areaTitle(group.area)}</legend>
                {group.permissions.map((permission) => (
                  <label key={permission.name} className={styles.permission}>
                    <input type="checkbox" value={permission.name} aria-describedby={`permission-${permission.name}`} {...form.register('permissions')} />
                    <code>{permission.name}</code>
                    <span id={`permission-${permission.name}`} className={styles.description}>
                      {permission.description}
                    </span>
                  </label>
                ))}
              </fieldset>
            ))}
          </div>
          <div className={formStyles.actions}>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? 'Saving…' : 'Save role'}
            </Button>
            <ButtonLink to={ROLES_PATH} variant="secondary">
              Cancel
            </ButtonLink>
          </div>
        </form>
      </FormProvider>
    </>
  );
}
