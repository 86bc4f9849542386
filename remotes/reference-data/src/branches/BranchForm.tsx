import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { BRANCH_TYPES, BRANCH_TYPE_LABELS, BranchInputSchema, type Branch, type BranchInput } from '@hcm/contract/schemas';
import { api, Button, ErrorPanel, Loading, notify, PageHeader, resourcePath, useRouteName } from '@hcm/kit';
import { resourceWriteKeys, useApiMutation, useResourceRecord } from '@hcm/kit/data';
import { ButtonLink } from '@hcm/kit/routing';
import {
  applyServerErrors,
  CheckboxField,
  formStyles,
  SelectField,
  TextField,
  useUnsavedChangesWarning,
  valibotResolver,
} from '@hcm/kit/forms';

type BranchFormValues = Required<BranchInput>;

const EMPTY_BRANCH: BranchFormValues = {
  name: '',
  code: '',
  type: 'domiciliary',
  address_line_1: '',
  address_line_2: '',
  town: '',
  postcode: '',
  phone: '',
  email: '',
  cqc_location_id: '',
  registered_manager: '',
  active: true,
};

const valuesOf = (branch: Branch): BranchFormValues => ({
  name: branch.name,
  code: branch.code,
  type: branch.type,
  address_line_1: branch.address_line_1,
  address_line_2: branch.address_line_2 ?? '',
  town: branch.town,
  postcode: branch.postcode,
  phone: branch.phone ?? '',
  email: branch.email ?? '',
  cqc_location_id: branch.cqc_location_id ?? '',
  registered_manager: branch.registered_manager ?? '',
  active: branch.active,
});

/** Add a branch (/app/branches/add) or edit one (/app/branches/:id/edit), validated by the contract's schema. */
export function BranchForm() {
  const { id } = useParams();
  const editing = id !== undefined;
  useRouteName(editing ? 'Edit branch' : 'Add branch');
  const navigate = useNavigate();
  const form = useForm<BranchFormValues>({ resolver: valibotResolver(BranchInputSchema), defaultValues: EMPTY_BRANCH });
  const [formError, setFormError] = useState<string | null>(null);
  const { leaveWithoutWarning } = useUnsavedChangesWarning(form.formState.isDirty && !form.formState.isSubmitSuccessful);

  const record = useResourceRecord<Branch>('branches', id ?? '', { enabled: editing, refetchOnWindowFocus: false, failure: 'This branch could not be loaded.' });
  const loadError = editing && !record.data && record.error ? record.error.message : null;
  const loaded = !editing || record.data !== undefined;
  // The form takes the branch's values when they arrive, and a fresher answer's as long as nothing was typed.
  useEffect(() => {
    if (record.data && !form.formState.isDirty) form.reset(valuesOf(record.data));
  }, [record.data, form]);

  const save = useApiMutation<Branch, BranchFormValues>({
    request: (values) => (editing ? api.put<Branch>(resourcePath('branches', id), values) : api.post<Branch>(resourcePath('branches'), values)),
    invalidates: () => resourceWriteKeys('branches', id),
  });

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const answer = await save.submit(values);
    if (answer.error) {
      setFormError(answer.message || 'The branch could not be saved.');
      applyServerErrors(form.setError, answer.errors);
      return;
    }
    notify({ type: 'success', title: 'Branch saved', message: `${answer.data?.name ?? 'The branch'} was saved.` });
    leaveWithoutWarning();
    navigate('/app/branches');
  });

  if (loadError) return <ErrorPanel title="This branch could not be loaded">{loadError}</ErrorPanel>;
  if (!loaded) return <Loading label="Loading branch…" />;

  return (
    <>
      <PageHeader title={editing ? 'Edit branch' : 'Add branch'} />
      <FormProvider {...form}>
        <form className={formStyles.form} onSubmit={handleSubmit} noValidate aria-label={editing ? 'Edit branch' : 'Add branch'}>
          {formError ? (
            <p role="alert" className={formStyles.formError}>
              {formError}
            </p>
          ) : null}
          <div className={formStyles.grid}>
            <TextField name="name" label="Name" autoComplete="organization" />
            <TextField name="code" label="Code" hint="2 to 10 letters or digits, e.g. CAM" />
            <SelectField name="type" label="Type of care" options={BRANCH_TYPES.map((type) => ({ value: type, label: BRANCH_TYPE_LABELS[type] }))} />
            <TextField name="registered_manager" label="Registered manager" />
            <TextField name="address_line_1" label="Address" autoComplete="address-line1" />
            <TextField name="address_line_2" label="Address line 2" autoComplete="address-line2" />
            <TextField name="town" label="Town" autoComplete="address-level2" />
            <TextField name="postcode" label="Postcode" autoComplete="postal-code" />
            <TextField name="phone" label="Phone" type="tel" autoComplete="tel" />
            <TextField name="email" label="Email" type="email" autoComplete="email" />
            <TextField name="cqc_location_id" label="CQC location id" hint="As on the CQC register, e.g. 1-123456789" />
          </div>
          <CheckboxField name="active" label="Active" />
          <div className={formStyles.actions}>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? 'Saving…' : 'Save branch'}
            </Button>
            <ButtonLink to="/app/branches" variant="secondary">
              Cancel
            </ButtonLink>
          </div>
        </form>
      </FormProvider>
    </>
  );
}
