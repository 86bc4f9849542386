import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import { allows, type FieldSpec, type ResourceSpec } from '@hcm/contract/engine';
import { api, Button, ErrorPanel, Loading, notify, PageHeader, resourcePath, useCan, useRouteName, useSession } from '@hcm/kit';
import { resourceKeys, resourceWriteKeys, useApiMutation, useDeclaredRecord, useQueryClient } from '@hcm/kit/data';
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

// Deleting needs the modal (the elements kit): loaded with a record's first render, not with every list.
const DeleteRow = lazyScreen<DeleteRowProps>(() => import('./DeleteRow'), 'Loading…');
type Values = Record<string, unknown>;

export type ResourceFormProps = {
  spec: ResourceSpec;
  /** The row to show (and edit on request); absent for a new one. */
  id?: string;
  /** Where "Back" and a new row's Cancel go, and where a new row goes once saved (unless `savedTo`). */
  backTo: string;
  /** Values the form does not ask for, e.g. a nested row's parent id. */
  fixedValues?: Record<string, string>;
  /** Shown below the row once it exists, e.g. the lists of its nested rows. */
  children?: ReactNode;
  /** Where a new row goes once saved, from the saved row (e.g. a new client's record); `backTo` when absent. */
  savedTo?: (row: Row) => string;
  /** Where to go once the row is deleted (e.g. the list, when `backTo` is the record itself); `backTo` when absent. */
  deletedTo?: string;
  /** What deleting this row means besides leaving the lists, told in the confirmation (e.g. a carer can no longer be rostered). */
  deleteConsequences?: ReactNode;
  /** Called with the saved row, e.g. to refresh a header that shows it from another read. */
  onSaved?: (row: Row) => void;
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
 * A stored row read first: each declared field's label and its value in words, as the list shows it (choices by
 * their label, references by the referenced row's name, money in pounds, dates as days), and its branch.
 */
function RowSummary({ spec, row, labels }: { spec: ResourceSpec; row: Row; labels: ReferenceLabels }) {
  const branches = useSession((state) => state.user)?.branches ?? [];
  const fields = Object.entries(spec.fields) as [string, FieldSpec][];
  const branchId = row.branch_id;
  const branch = branchId === null || branchId === undefined ? '' : (branches.find((candidate) => candidate.id === Number(branchId))?.name ?? `#${String(branchId)}`);
  return (
    <section className={styles.summary} aria-label={`${capitalise(spec.singular)} details`}>
      <dl className={styles.summaryList}>
        {fields.map(([key, field]) => {
          const text = displayValue(field, row[key], labels, key);
          return (
            <div key={key} className={field.kind === 'long-text' ? styles.summaryWide : undefined}>
              <dt>{field.label}</dt>
              <dd className={field.kind === 'long-text' ? styles.longValue : undefined}>{text || <span className={styles.notRecorded}>Not recorded</span>}</dd>
            </div>
          );
        })}
        {spec.branchScoped ? (
          <div>
            <dt>Branch</dt>
            <dd>{branch || <span className={styles.notRecorded}>Not recorded</span>}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

/**
 * A row of a resource, from its declaration. A stored row opens read only (RowSummary) with "Edit <thing>" for
 * a user who may edit it and "Delete <thing>" (behind a confirmation saying what happens) for one who may
 * delete it; Edit turns the page into the form, Cancel and Save turn it back. A new row opens as the form.
 * The form: inputs by field kind, the declaration's schema as validation (the same the server applies), server
 * errors on their fields, a warning before leaving unsaved changes. Below: `children` (nested lists) and the
 * row's change history (who changed what, from the server's audit).
 */
export default function ResourceForm({ spec, id, backTo, fixedValues = {}, children, savedTo, deletedTo, deleteConsequences, onSaved }: ResourceFormProps) {
  const existing = id !== undefined;
  const can = useCan();
  const mayEdit = allows(spec, 'edit') && can(spec.permissions.edit);
  // The row whose form is open: none while reading; kept per id, so opening another row starts on its summary.
  const [formFor, setFormFor] = useState<string | null>(null);
  const editing = existing && mayEdit && formFor === id;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const client = useQueryClient();
  const labels = useReferenceLabels(spec);
  const branches = useSession((state) => state.user)?.branches ?? [];
  // A branch-scoped row (a client) also names its branch, one of the user's.
  const valuesOf = (row: Row | null) => ({ ...formValuesOf(spec, row), ...(spec.branchScoped ? { branch_id: branchValueOf(row, branches) } : {}) });
  const form = useForm<Values>({ resolver: valibotResolver(formSchemaOf(spec)), defaultValues: { ...valuesOf(null), ...fixedValues } });
  const [formError, setFormError] = useState<string | null>(null);
  const { leaveWithoutWarning } = useUnsavedChangesWarning(form.formState.isDirty && !form.formState.isSubmitSuccessful);
  const editButton = useRef<HTMLDivElement>(null);
  const switched = useRef(false);

  // The record, through the data layer (cached per id); a form is not refreshed behind the user's back on focus.
  const record = useDeclaredRecord(spec, id ?? '', { enabled: existing, refetchOnWindowFocus: false });
  const row: Row | null = existing ? (record.data ?? null) : null;
  const loadError = existing && !record.data && record.error ? record.error.message : null;
  const label = String(row?.[spec.labelField] ?? '');
  const title = !existing ? `Add ${spec.singular}` : editing ? `Edit ${spec.singular}` : label ? `${capitalise(spec.singular)}: ${label}` : capitalise(spec.singular);
  useRouteName(title);
  // The form takes the record's values when it arrives, and a fresher answer's as long as nothing was typed.
  useEffect(() => {
    if (record.data && !form.formState.isDirty) form.reset(valuesOf(record.data));
    // valuesOf reads the session's branches, which do not change while the form is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [record.data, form]);

  // Switching between reading and editing moves the focus with it: to the first input, or back to Edit.
  const firstInput = (Object.entries(spec.fields) as [string, FieldSpec][]).find(([key, field]) => !(key in fixedValues) && !field.fixedAfterCreate)?.[0];
  useEffect(() => {
    if (!switched.current) return;
    switched.current = false;
    if (editing && firstInput) form.setFocus(firstInput);
    if (!editing) editButton.current?.querySelector('button')?.focus();
  }, [editing, firstInput, form]);
  const openForm = () => {
    switched.current = true;
    setFormFor(id ?? null);
  };
  const closeForm = (values: Row | null) => {
    switched.current = true;
    setFormError(null);
    form.reset(valuesOf(values));
    setFormFor(null);
  };

  // Saving invalidates the resource's lists (and the record when editing), so every screen shows the change.
  const save = useApiMutation<Row, Values>({
    request: (values) => (existing ? api.put<Row>(resourcePath(spec.name, id), values) : api.post<Row>(resourcePath(spec.name), values)),
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
    const saved = answer.data ? String(answer.data[spec.labelField] ?? '') : '';
    notify({ type: 'success', title: `${capitalise(spec.singular)} saved`, message: saved ? `${saved} was saved.` : 'Saved.' });
    if (answer.data) onSaved?.(answer.data);
    if (existing) {
      // Back to the summary, showing what was saved at once (the record is read again behind it).
      if (answer.data) client.setQueryData(resourceKeys.record(spec.name, id), answer.data);
      closeForm(answer.data ?? row);
      return;
    }
    leaveWithoutWarning();
    navigate(answer.data && savedTo ? savedTo(answer.data) : backTo);
  });

  if (loadError) return <ErrorPanel title={`This ${spec.singular} could not be loaded`}>{loadError}</ErrorPanel>;
  if (existing && !row) return <Loading label={`Loading ${spec.singular}…`} />;

  const after = (
    <>
      {existing ? children : null}
      {existing && id ? <ResourceHistory spec={spec} id={id} /> : null}
    </>
  );

  if (id !== undefined && row && !editing) {
    const actions = (
      <div className={styles.summaryActions} ref={editButton}>
        {mayEdit ? <Button onClick={openForm}>Edit {spec.singular}</Button> : null}
        <DeleteRow spec={spec} id={id} label={label} backTo={deletedTo ?? backTo} beforeLeave={leaveWithoutWarning} consequences={deleteConsequences} />
        {backTo !== pathname ? (
          <ButtonLink to={backTo} variant="secondary">
            Back
          </ButtonLink>
        ) : null}
      </div>
    );
    return (
      <>
        <PageHeader title={title} actions={actions} />
        <RowSummary spec={spec} row={row} labels={labels} />
        {after}
      </>
    );
  }

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
              key in fixedValues || (existing && field.fixedAfterCreate) ? (
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
            {existing ? (
              <Button variant="secondary" onClick={() => closeForm(row)}>
                Cancel
              </Button>
            ) : (
              <ButtonLink to={backTo} variant="secondary">
                Cancel
              </ButtonLink>
            )}
          </div>
        </form>
      </FormProvider>
      {after}
    </>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
