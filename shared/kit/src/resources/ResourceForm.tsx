import { useEffect, useId, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { FieldSpec, ResourceSpec } from '@hcm/contract/engine';
import { api, Button, ErrorPanel, Loading, notify, PageHeader, resourcePath, useRouteName, useSession } from '@hcm/kit';
import { resourceWriteKeys, useApiMutation, useDeclaredRecord } from '@hcm/kit/data';
import {
  applyServerErrors,
  CheckboxField,
  formStyles,
  SelectField,
  TextAreaField,
  TextField,
  useUnsavedChangesWarning,
  valibotResolver,
} from '@hcm/kit/forms';
import { ButtonLink, lazyScreen } from '@hcm/kit/routing';
import { BranchField, branchValueOf, formSchemaOf } from './BranchField';
import type { DeleteRowProps } from './DeleteRow';
import { ResourceHistory } from './ResourceHistory';
import styles from './resources.module.css';
import { useReferenceLabels } from './useReferenceLabels';
import { displayValue, formValuesOf, type ReferenceLabels } from './values';

type Row = Record<string, unknown> & { id: number };

// Deleting needs the modal (the elements kit): loaded with the edit page's first render, not with every list.
const DeleteRow = lazyScreen<DeleteRowProps>(() => import('./DeleteRow'), 'Loading…');
type Values = Record<string, unknown>;

export type ResourceFormProps = {
  spec: ResourceSpec;
  /** The row to edit; absent for a new one. */
  id?: string;
  /** Where to go after saving or cancelling. */
  backTo: string;
  /** Values the form does not ask for, e.g. a nested row's parent id. */
  fixedValues?: Record<string, string>;
  /** Shown below the form once the row exists, e.g. the lists of its nested rows. */
  children?: React.ReactNode;
  /** Where to go once saved, from the saved row (e.g. a new client's record); `backTo` when absent. */
  savedTo?: (row: Row) => string;
};

/** A read-only value in the form's layout: a disabled input, for fields that cannot change. */
function DisplayField({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <div className={styles.display}>
      <label htmlFor={id}>{label}</label>
      <input id={id} value={value} disabled />
    </div>
  );
}

function FieldInput({ name, field, labels }: { name: string; field: FieldSpec; labels: ReferenceLabels }) {
  const common = { name, label: field.label, hint: field.hint };
  switch (field.kind) {
    case 'long-text':
      return <TextAreaField {...common} />;
    case 'boolean':
      return <CheckboxField {...common} />;
    case 'choice':
      return <SelectField {...common} options={[{ value: '', label: `Choose…` }, ...(field.choices ?? [])]} />;
    case 'reference':
      return (
        <SelectField
          {...common}
          options={[{ value: '', label: 'Choose…' }, ...[...(labels[name]?.entries() ?? [])].map(([id, label]) => ({ value: String(id), label }))]}
        />
      );
    case 'integer':
      return <TextField {...common} inputMode="numeric" />;
    case 'money':
      return <TextField {...common} inputMode="decimal" />;
    case 'date':
      return <TextField {...common} type="date" />;
    case 'time':
      return <TextField {...common} type="time" />;
    case 'email':
      return <TextField {...common} type="email" autoComplete="off" />;
    case 'phone':
      return <TextField {...common} type="tel" />;
    default:
      return <TextField {...common} />;
  }
}

/**
 * Add or edit a row of a resource, from its declaration: inputs by field kind, the declaration's schema as
 * the form's validation (the same the server applies), server errors on their fields, a warning before
 * leaving unsaved changes, and the row's change history (who changed what, from the server's audit).
 */
export default function ResourceForm({ spec, id, backTo, fixedValues = {}, children, savedTo }: ResourceFormProps) {
  const editing = id !== undefined;
  const title = editing ? `Edit ${spec.singular}` : `Add ${spec.singular}`;
  useRouteName(title);
  const navigate = useNavigate();
  const labels = useReferenceLabels(spec);
  const branches = useSession((state) => state.user)?.branches ?? [];
  // A branch-scoped row (a client) also names its branch, one of the user's.
  const valuesOf = (row: Row | null) => ({ ...formValuesOf(spec, row), ...(spec.branchScoped ? { branch_id: branchValueOf(row, branches) } : {}) });
  const form = useForm<Values>({ resolver: valibotResolver(formSchemaOf(spec)), defaultValues: { ...valuesOf(null), ...fixedValues } });
  const [formError, setFormError] = useState<string | null>(null);
  const { leaveWithoutWarning } = useUnsavedChangesWarning(form.formState.isDirty && !form.formState.isSubmitSuccessful);

  // The record, through the data layer (cached per id); a form is not refreshed behind the user's back on focus.
  const record = useDeclaredRecord(spec, id ?? '', { enabled: editing, refetchOnWindowFocus: false });
  const row: Row | null = editing ? (record.data ?? null) : null;
  const loadError = editing && !record.data && record.error ? record.error.message : null;
  // The form takes the record's values when it arrives, and a fresher answer's as long as nothing was typed.
  useEffect(() => {
    if (record.data && !form.formState.isDirty) form.reset(valuesOf(record.data));
    // valuesOf reads the session's branches, which do not change while the form is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [record.data, form]);

  // Saving invalidates the resource's lists (and the record when editing), so every screen shows the change.
  const save = useApiMutation<Row, Values>({
    request: (values) => (editing ? api.put<Row>(resourcePath(spec.name, id), values) : api.post<Row>(resourcePath(spec.name), values)),
    invalidates: () => resourceWriteKeys(spec.name, id),
  });

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const answer = await save.submit(values);
    if (answer.error) {
      setFormError(answer.message || `The ${spec.singular} could not be saved.`);
      applyServerErrors(form.setError, answer.errors);
      return;
    }
    const label = answer.data ? String(answer.data[spec.labelField] ?? '') : '';
    notify({ type: 'success', title: `${capitalise(spec.singular)} saved`, message: label ? `${label} was saved.` : 'Saved.' });
    leaveWithoutWarning();
    navigate(answer.data && savedTo ? savedTo(answer.data) : backTo);
  });

  if (loadError) return <ErrorPanel title={`This ${spec.singular} could not be loaded`}>{loadError}</ErrorPanel>;
  if (editing && !row) return <Loading label={`Loading ${spec.singular}…`} />;

  const fields = Object.entries(spec.fields) as [string, FieldSpec][];
  return (
    <>
      <PageHeader title={title} />
      <FormProvider {...form}>
        <form className={formStyles.form} onSubmit={handleSubmit} noValidate aria-label={title}>
          {formError ? (
            <p role="alert" className={formStyles.formError}>
              {formError}
            </p>
          ) : null}
          <div className={formStyles.grid}>
            {fields.map(([key, field]) =>
              key in fixedValues || (editing && field.fixedAfterCreate) ? (
                <DisplayField key={key} label={field.label} value={displayValue(field, row?.[key] ?? fixedValues[key], labels, key)} />
              ) : (
                <FieldInput key={key} name={key} field={field} labels={labels} />
              ),
            )}
            {spec.branchScoped ? <BranchField /> : null}
          </div>
          <div className={formStyles.actions}>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? 'Saving…' : `Save ${spec.singular}`}
            </Button>
            <ButtonLink to={backTo} variant="secondary">
              Cancel
            </ButtonLink>
            {editing && id ? (
              <DeleteRow spec={spec} id={id} label={String(row?.[spec.labelField] ?? '')} backTo={backTo} beforeLeave={leaveWithoutWarning} />
            ) : null}
          </div>
        </form>
      </FormProvider>
      {editing ? children : null}
      {editing && id ? <ResourceHistory spec={spec} id={id} /> : null}
    </>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
