import { useEffect, useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { SUPER_ADMIN, USER_TYPES } from '@hcm/contract';
import {
  USER_TYPE_LABELS,
  UserCreateSchema,
  UserUpdateSchema,
  type RoleListRow,
  type UserDetail,
  type UserListRow,
} from '@hcm/contract/schemas';
import { api, Button, ErrorPanel, Loading, notify, PageHeader, resourcePath, useCan, useRouteName, useSession } from '@hcm/kit';
import { resourceWriteKeys, useApiMutation, useResourceRecord } from '@hcm/kit/data';
import { MultiSelect } from '@hcm/kit/elements';
import {
  applyServerErrors,
  CheckboxField,
  formStyles,
  SelectField,
  TextField,
  useUnsavedChangesWarning,
  valibotResolver,
} from '@hcm/kit/forms';
import { ButtonLink } from '@hcm/kit/routing';
import { mergeChoices, useListRows, type Choice } from './useChoices';
import styles from './users.module.css';

/** What the form holds: ids as text, as selects give them; the contract's schema turns them into numbers. */
export type UserFormValues = {
  name: string;
  email: string;
  password: string;
  role_id: string;
  branch_ids: string[];
  user_type: (typeof USER_TYPES)[number];
  disabled: boolean;
  switch_target_ids: string[];
};

export const EMPTY_USER: UserFormValues = {
  name: '',
  email: '',
  password: '',
  role_id: '',
  branch_ids: [],
  user_type: 'domiciliary',
  disabled: false,
  switch_target_ids: [],
};

export function valuesOf(user: UserDetail): UserFormValues {
  return {
    name: user.name,
    email: user.email,
    password: '',
    role_id: user.role_id === null ? '' : String(user.role_id),
    branch_ids: user.branches.map((branch) => String(branch.id)),
    user_type: user.user_type,
    disabled: user.disabled,
    switch_target_ids: user.switch_targets.map((target) => String(target.id)),
  };
}

/** The body the API takes: the password only when adding; disabled and switch targets only when editing. */
export function bodyOf(values: UserFormValues, editing: boolean) {
  const { password, disabled, switch_target_ids, ...common } = values;
  return editing ? { ...common, disabled, switch_target_ids } : { ...common, password };
}

const createResolver = valibotResolver<UserFormValues>(UserCreateSchema);
const updateResolver = valibotResolver<UserFormValues>(UserUpdateSchema);

/** Add a user (/app/users/add) or edit one (/app/users/:id/edit): role, branches, type, status, switch targets. */
export function UserForm() {
  const { id } = useParams();
  const editing = id !== undefined;
  useRouteName(editing ? 'Edit user' : 'Add user');
  const navigate = useNavigate();
  const can = useCan();
  const me = useSession((state) => state.user);
  const superAdmin = me?.userRole === SUPER_ADMIN;
  // The contract's schema checks the body that will be sent; the form keeps its own values (ids as text).
  const form = useForm<UserFormValues>({
    resolver: async (values, context, options) => {
      const body = bodyOf(values, editing) as unknown as UserFormValues;
      const result = await (editing ? updateResolver : createResolver)(body, context, options);
      return Object.keys(result.errors).length ? result : { values, errors: {} };
    },
    defaultValues: EMPTY_USER,
  });
  const record = useResourceRecord<UserDetail>('users', id ?? '', { enabled: editing, refetchOnWindowFocus: false, failure: 'This user could not be loaded.' });
  const user = editing ? (record.data ?? null) : null;
  const loadError = editing && !record.data && record.error ? record.error.message : null;
  const [formError, setFormError] = useState<string | null>(null);
  const { leaveWithoutWarning } = useUnsavedChangesWarning(form.formState.isDirty && !form.formState.isSubmitSuccessful);

  const roleRows = useListRows<RoleListRow>('user-roles', can('roles.view'));
  const branchRows = useListRows<{ id: number; name: string }>('branches', superAdmin && can('branches.view'));
  const accountRows = useListRows<UserListRow>('users', editing);

  // The form takes the user's values when they arrive, and a fresher answer's as long as nothing was typed.
  useEffect(() => {
    if (record.data && !form.formState.isDirty) form.reset(valuesOf(record.data));
  }, [record.data, form]);

  // Saving invalidates the users' lists and this user (role, branches and switch targets show elsewhere too).
  const save = useApiMutation<UserDetail, ReturnType<typeof bodyOf>>({
    request: (body) => (editing ? api.put<UserDetail>(resourcePath('users', id), body) : api.post<UserDetail>(resourcePath('users'), body)),
    invalidates: () => resourceWriteKeys('users', id),
  });
  const endSessions = useApiMutation<{ ended: number }>({ request: () => api.delete<{ ended: number }>(`api/v1/users/${id}/sessions`) });

  // A super admin may give any branch; anyone else their own (and sees the user's current ones).
  const branchChoices = mergeChoices(
    branchRows.map((branch) => ({ value: String(branch.id), label: branch.name })),
    (me?.branches ?? []).map((branch) => ({ value: String(branch.id), label: branch.name })),
    (user?.branches ?? []).map((branch) => ({ value: String(branch.id), label: branch.name })),
  );
  // The super admin role is offered only to super admins (the server refuses it otherwise).
  const roles: Choice[] = mergeChoices(
    roleRows.filter((role) => superAdmin || role.name !== SUPER_ADMIN).map((role) => ({ value: String(role.id), label: role.label })),
    user?.role_id ? [{ value: String(user.role_id), label: user.role_label ?? 'Current role' }] : [],
  );
  const accounts = mergeChoices(
    accountRows.filter((row) => String(row.id) !== id).map((row) => ({ value: String(row.id), label: `${row.name} (${row.email})` })),
    (user?.switch_targets ?? []).map((target) => ({ value: String(target.id), label: `${target.name} (${target.email})` })),
  );

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const answer = await save.submit(bodyOf(values, editing));
    if (answer.error) {
      setFormError(answer.message || 'The user could not be saved.');
      applyServerErrors(form.setError, answer.errors);
      return;
    }
    notify({ type: 'success', title: 'User saved', message: `${answer.data?.name ?? 'The user'} was saved.` });
    leaveWithoutWarning();
    navigate('/app/users');
  });

  const handleEndSessions = async () => {
    const answer = await endSessions.submit();
    if (answer.error) notify({ type: 'danger', title: 'Sessions not ended', message: answer.message });
    else notify({ type: 'success', title: 'Sessions ended', message: `${user?.name ?? 'The user'} is signed out everywhere.` });
  };

  if (loadError) return <ErrorPanel title="This user could not be loaded">{loadError}</ErrorPanel>;
  if (editing && !user) return <Loading label="Loading user…" />;

  const errorOf = (name: keyof UserFormValues) => form.getFieldState(name, form.formState).error?.message;

  return (
    <>
      <PageHeader title={editing ? `Edit user: ${user?.name ?? ''}` : 'Add user'} />
      <FormProvider {...form}>
        <form className={formStyles.form} onSubmit={handleSubmit} noValidate aria-label={editing ? 'Edit user' : 'Add user'}>
          {formError ? (
            <p role="alert" className={formStyles.formError}>
              {formError}
            </p>
          ) : null}
          <div className={formStyles.grid}>
            <TextField name="name" label="Name" autoComplete="off" />
            <TextField name="email" label="Email" type="email" autoComplete="off" />
            {editing ? null : (
              <TextField name="password" label="Initial password" type="password" autoComplete="new-password" hint="12 to 128 characters; not a common password. The user can change it." />
            )}
            <SelectField name="role_id" label="Role" options={[{ value: '', label: 'No role (may do nothing)' }, ...roles]} />
            <SelectField name="user_type" label="User type" options={USER_TYPES.map((type) => ({ value: type, label: USER_TYPE_LABELS[type] }))} />
          </div>
          <Controller
            control={form.control}
            name="branch_ids"
            render={({ field }) => (
              <MultiSelect
                label="Branches"
                options={branchChoices}
                value={field.value}
                onChange={field.onChange}
                error={errorOf('branch_ids')}
                hint={superAdmin ? undefined : 'You can give only your own branches.'}
                placeholder="Choose branches"
              />
            )}
          />
          {editing ? (
            <>
              <Controller
                control={form.control}
                name="switch_target_ids"
                render={({ field }) => (
                  <MultiSelect
                    label="May switch to"
                    options={accounts}
                    value={field.value}
                    onChange={field.onChange}
                    error={errorOf('switch_target_ids')}
                    hint="Accounts this user may act as (with the account switching permission)."
                    placeholder="Choose accounts"
                  />
                )}
              />
              <CheckboxField name="disabled" label="Disabled (cannot sign in; their sessions end)" />
              {errorOf('disabled') ? <span className={formStyles.invalidMessage}>{errorOf('disabled')}</span> : null}
            </>
          ) : null}
          <div className={formStyles.actions}>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? 'Saving…' : 'Save user'}
            </Button>
            <ButtonLink to="/app/users" variant="secondary">
              Cancel
            </ButtonLink>
          </div>
        </form>
      </FormProvider>
      {editing && can('sessions.manage') ? (
        <section aria-labelledby="user-sessions" className={styles.sessions}>
          <h2 id="user-sessions">Sessions</h2>
          <Button variant="secondary" onClick={() => void handleEndSessions()}>
            End all sessions
          </Button>
          <span className={styles.muted}>Signs {user?.name} out on every device.</span>
        </section>
      ) : null}
    </>
  );
}

