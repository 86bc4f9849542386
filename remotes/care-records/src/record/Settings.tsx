import { useState, type ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import type { ResourceSpec } from '@hcm/contract/engine';
import { api, Button, EmptyState, ErrorPanel, Loading, notify, useCan } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery, useDeclaredPage } from '@hcm/kit/data';
import { applyServerErrors, formStyles, TextAreaField, TextField, useUnsavedChangesWarning, valibotResolver } from '@hcm/kit/forms';
import { displayValue } from '@hcm/kit/resources';
import { formatDate, formatDateTime } from '@hcm/contract/format';
import { ClientAccessSchema, CLIENT_ACCESS_FIELDS, type ClientAccess } from '../../contract';
import { clientHospitals as hospitalsSpec, clientPreExits as preExitsSpec } from '../../contract/episodes';
import styles from './Settings.module.css';

// The record's Settings tab: how carers get into the home (key safe and access details, only for users allowed
// to see key-safe codes, the code hidden until asked for), and the client's current hospital stay and care ending.

const hospitals: ResourceSpec = hospitalsSpec;
const preExits: ResourceSpec = preExitsSpec;

type AccessForm = Record<(typeof CLIENT_ACCESS_FIELDS)[number], string>;
type Row = Record<string, unknown> & { id: number };

const accessPath = (clientId: number) => `api/v1/clients/${clientId}/access`;

/** A declared field's value as the lists show it (dates as "14 Mar 2026", choices by label). */
const shown = (spec: ResourceSpec, key: string, row: Row) => displayValue(spec.fields[key]!, row[key], {}, key);

function formValuesOf(access: ClientAccess): AccessForm {
  return Object.fromEntries(CLIENT_ACCESS_FIELDS.map((key) => [key, access[key] ?? ''])) as AccessForm;
}

/** One fact of the access details; an empty one says so rather than leaving a blank. */
function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{value || <span className={styles.muted}>Not recorded</span>}</dd>
    </div>
  );
}

function AccessDetails({ access, onEdit, canEdit }: { access: ClientAccess; onEdit: () => void; canEdit: boolean }) {
  const [codeShown, setCodeShown] = useState(false);
  const code = access.key_safe_code;
  const keyHolder = [access.key_holder_name, access.key_holder_relationship && `(${access.key_holder_relationship})`, access.key_holder_phone].filter(Boolean).join(' ');
  return (
    <>
      <dl className={styles.facts}>
        <Fact label="Where the key safe is" value={access.key_safe_location} />
        <div className={styles.fact}>
          <dt>Key-safe code</dt>
          <dd>
            {code ? (
              <>
                <span className={styles.code}>
                  {codeShown ? (
                    code
                  ) : (
                    <>
                      <span aria-hidden="true">••••</span>
                      <span className={styles.visuallyHidden}>hidden</span>
                    </>
                  )}
                </span>{' '}
                <Button variant="secondary" onClick={() => setCodeShown((now) => !now)} aria-pressed={codeShown}>
                  {codeShown ? 'Hide code' : 'Show code'}
                </Button>
              </>
            ) : (
              <span className={styles.muted}>No code recorded</span>
            )}
          </dd>
        </div>
        <Fact label="Code last changed" value={formatDate(access.key_safe_code_changed_on)} />
        <Fact label="Getting in" value={access.door_access} />
        <Fact label="Parking" value={access.parking} />
        <Fact label="Pets" value={access.pets} />
        <Fact label="Alarm" value={access.alarm} />
        <Fact label="Key holder" value={keyHolder} />
        <Fact label="Other access notes" value={access.notes} />
      </dl>
      <p className={styles.muted}>
        {access.updated_at ? `Last changed ${formatDateTime(access.updated_at)}${access.updated_by ? ` by ${access.updated_by}` : ''}.` : 'No access details have been saved yet.'}
      </p>
      {canEdit ? (
        <div>
          <Button onClick={onEdit}>Edit access details</Button>
        </div>
      ) : null}
    </>
  );
}

function AccessEditor({ clientId, access, onDone }: { clientId: number; access: ClientAccess; onDone: () => void }) {
  const form = useForm<AccessForm>({ resolver: valibotResolver(ClientAccessSchema), defaultValues: formValuesOf(access) });
  const [codeShown, setCodeShown] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const { leaveWithoutWarning } = useUnsavedChangesWarning(form.formState.isDirty && !form.formState.isSubmitSuccessful);
  const save = useApiMutation<ClientAccess, AccessForm>({
    request: (values) => api.put<ClientAccess>(accessPath(clientId), values),
    invalidates: [apiKey(accessPath(clientId))],
  });

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const answer = await save.submit(values);
    if (answer.error) {
      // What was typed stays: the errors go on their fields.
      setFormError(answer.message || 'The access details could not be saved.');
      applyServerErrors(form.setError, answer.errors);
      return;
    }
    notify({ type: 'success', message: answer.message || 'Access details saved.' });
    leaveWithoutWarning();
    onDone();
  });

  return (
    <FormProvider {...form}>
      <form className={formStyles.form} onSubmit={handleSubmit} noValidate aria-label="Edit access details">
        {formError ? (
          <p role="alert" className={formStyles.formError}>
            {formError}
          </p>
        ) : null}
        <div className={formStyles.grid}>
          <TextField name="key_safe_location" label="Where the key safe is" hint="e.g. by the front door, left of the step" />
          <div className={styles.codeField}>
            <TextField name="key_safe_code" label="Key-safe code" type={codeShown ? 'text' : 'password'} autoComplete="off" hint="3 to 12 digits or letters" />
            <Button variant="secondary" onClick={() => setCodeShown((now) => !now)} aria-pressed={codeShown}>
              {codeShown ? 'Hide code' : 'Show code'}
            </Button>
          </div>
          <TextField name="key_safe_code_changed_on" label="Code last changed" type="date" hint="Change it every quarter and when a carer leaves" />
          <TextAreaField name="door_access" label="Getting in" hint="Which door, intercom, locks, what to say as you go in" />
          <TextAreaField name="parking" label="Parking" />
          <TextAreaField name="pets" label="Pets" />
          <TextAreaField name="alarm" label="Alarm" hint="Intruder alarm, pendant or careline alarm, fire alarm tests" />
          <TextField name="key_holder_name" label="Key holder" />
          <TextField name="key_holder_relationship" label="Key holder's relationship" hint="e.g. daughter, neighbour" />
          <TextField name="key_holder_phone" label="Key holder's phone" type="tel" />
          <TextAreaField name="notes" label="Other access notes" />
        </div>
        <div className={formStyles.actions}>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? 'Saving…' : 'Save access details'}
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              leaveWithoutWarning();
              onDone();
            }}
          >
            Cancel
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

function AccessSection({ clientId }: { clientId: number }) {
  const can = useCan();
  const [editing, setEditing] = useState(false);
  const access = useApiQuery<ClientAccess>(accessPath(clientId), undefined, { failure: 'The access details could not be loaded.', refetchOnWindowFocus: false });
  let body: ReactNode;
  if (access.error) {
    body = (
      <ErrorPanel title="The access details could not be loaded" onRetry={() => void access.refetch()}>
        {access.error.message}
      </ErrorPanel>
    );
  } else if (!access.data) {
    body = <Loading label="Loading the access details…" />;
  } else if (editing) {
    body = <AccessEditor clientId={clientId} access={access.data} onDone={() => setEditing(false)} />;
  } else {
    body = <AccessDetails access={access.data} canEdit={can('clients.edit')} onEdit={() => setEditing(true)} />;
  }
  return (
    <section className={styles.section} aria-labelledby="access-heading">
      <h2 id="access-heading">Access details (key safe)</h2>
      <p className={styles.muted}>Every time these details are opened it is recorded in the audit trail.</p>
      {body}
    </section>
  );
}

function HospitalSection({ clientId, canEdit }: { clientId: number; canEdit: boolean }) {
  const stays = useDeclaredPage(hospitals, { client_id: clientId, sort: 'admitted_on', mode: 'desc', page_size: 50 }, { keepPrevious: false });
  const rows = (stays.data?.data ?? []) as Row[];
  const current = rows.find((row) => !row.discharged_on);
  const earlier = rows.filter((row) => row !== current);
  return (
    <section className={styles.section} aria-labelledby="hospital-heading">
      <h2 id="hospital-heading">Hospital</h2>
      {stays.error ? (
        <ErrorPanel title="Hospital stays could not be loaded" onRetry={() => void stays.refetch()}>
          {stays.error.message}
        </ErrorPanel>
      ) : !stays.data ? (
        <Loading label="Loading hospital stays…" />
      ) : current ? (
        <div className={styles.current}>
          <p>
            <strong>In hospital</strong> since {shown(hospitals, 'admitted_on', current)} at {String(current.hospital)}
            {current.ward ? `, ${String(current.ward)}` : ''} ({shown(hospitals, 'admitted_via', current)}).
          </p>
          <p>
            Expected discharge: {shown(hospitals, 'expected_discharge_on', current) || 'not known yet'}. Visits{' '}
            {current.visits_paused ? 'are paused' : 'are not paused'}.
          </p>
          <Link to={`/app/client-hospitals/${current.id}/edit`}>Open the current hospital stay</Link>
        </div>
      ) : (
        <EmptyState>Not in hospital.</EmptyState>
      )}
      {earlier.length ? (
        <p className={styles.muted}>
          Earlier stays:{' '}
          {earlier.map((row, index) => (
            <span key={row.id}>
              {index ? ', ' : ''}
              <Link to={`/app/client-hospitals/${row.id}/edit`}>
                {String(row.hospital)}, {shown(hospitals, 'admitted_on', row)}
              </Link>
            </span>
          ))}
        </p>
      ) : null}
      {canEdit && stays.data && !current ? (
        <div>
          <Link className={styles.action} to={`/app/client-hospitals/add?client=${clientId}`}>
            Record a hospital admission
          </Link>
        </div>
      ) : null}
    </section>
  );
}

function EndingSection({ clientId, canEdit }: { clientId: number; canEdit: boolean }) {
  const endings = useDeclaredPage(preExits, { client_id: clientId, sort: 'planned_end_date', mode: 'desc', page_size: 1 }, { keepPrevious: false });
  const ending = (endings.data?.data ?? [])[0] as Row | undefined;
  return (
    <section className={styles.section} aria-labelledby="ending-heading">
      <h2 id="ending-heading">Ending care</h2>
      {endings.error ? (
        <ErrorPanel title="The ending of care could not be loaded" onRetry={() => void endings.refetch()}>
          {endings.error.message}
        </ErrorPanel>
      ) : !endings.data ? (
        <Loading label="Loading the ending of care…" />
      ) : ending ? (
        <div className={styles.current}>
          <p>
            <strong>Care is ending</strong>: {shown(preExits, 'reason', ending).toLowerCase()}. Notice given by {shown(preExits, 'notice_given_by', ending).toLowerCase()} on{' '}
            {shown(preExits, 'notice_date', ending)}; planned end {shown(preExits, 'planned_end_date', ending)}
            {ending.final_visit_date ? `, final visit ${shown(preExits, 'final_visit_date', ending)}` : ''}.
          </p>
          <p>
            Keys returned or code changed: {ending.keys_returned ? 'yes' : 'not yet'}. Exit survey sent: {ending.exit_survey_sent ? 'yes' : 'not yet'}.
          </p>
          <Link to={`/app/client-pre-exit/${ending.id}/edit`}>Open the ending of care</Link>
        </div>
      ) : (
        <EmptyState>No ending of care is planned.</EmptyState>
      )}
      {canEdit && endings.data && !ending ? (
        <div>
          <Link className={styles.action} to={`/app/client-pre-exit/add?client=${clientId}`}>
            Start ending care
          </Link>
        </div>
      ) : null}
    </section>
  );
}

/** `settings`: the client's access details (key safe) for those allowed, and their hospital stay and care ending. */
export default function Settings({ clientId }: { clientId: number }) {
  const can = useCan();
  return (
    <div className={styles.settings}>
      {can('clients.key-safe.view') ? (
        <AccessSection clientId={clientId} />
      ) : (
        <section className={styles.section} aria-labelledby="access-heading">
          <h2 id="access-heading">Access details (key safe)</h2>
          <p>Key-safe codes and access details are shown only to staff allowed to see them. Ask the office.</p>
        </section>
      )}
      <HospitalSection clientId={clientId} canEdit={can('clients.edit')} />
      <EndingSection clientId={clientId} canEdit={can('clients.edit')} />
    </div>
  );
}
