import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, EmptyState, ErrorPanel, Loading, useCan, useSession } from '@hcm/kit';
import { CheckboxField, SelectField, TextAreaField, TextField } from '@hcm/kit/forms';
import { DBS_LEVELS, DBS_UPDATE_RESULTS, DbsCheckSchema, DbsUpdateCheckSchema, type DbsCheckRow } from '../../contract/compliance';
import { STAFF_SENSITIVE_PERMISSIONS } from '../../contract/record-tabs';
import type { StaffScreenProps } from '../record/types';
import { CheckForm } from './CheckForm';
import { labelOf, optionsOf, Section, StateBadge, styles, tabPath, useCompliance } from './common';
import { ukToday } from '@hcm/contract/time';
import { formatDate } from '@hcm/contract/format';

// The 'references-documents/dbs-documents' tab: the carer's DBS certificates (newest first) with their Update
// Service status checks, the disclosure for those who may read it, and the forms to record a certificate, correct
// one, and record a status check.

const dbsDefaults = (row?: DbsCheckRow) => ({
  certificate_number: row?.certificate_number ?? '',
  level: row?.level ?? 'enhanced-barred',
  barred_list_checked: row?.barred_list_checked ?? true,
  issue_date: row?.issue_date ?? '',
  disclosure: row?.disclosure ?? false,
  disclosure_text: row?.disclosure_text ?? '',
  update_service: row?.update_service ?? false,
  update_service_id: row?.update_service_id ?? '',
  notes: row?.notes ?? '',
});

function DbsFields({ mayReadDisclosures }: { mayReadDisclosures: boolean }) {
  return (
    <>
      <div className={styles.grid}>
        <TextField name="certificate_number" label="Certificate number" hint="12 digits, top right of the certificate" inputMode="numeric" autoComplete="off" />
        <SelectField name="level" label="Level" options={optionsOf(DBS_LEVELS)} />
        <TextField name="issue_date" label="Issue date" type="date" />
      </div>
      <CheckboxField name="barred_list_checked" label="The adult barred list was checked" />
      <CheckboxField name="disclosure" label="The certificate discloses information" />
      {mayReadDisclosures ? <TextAreaField name="disclosure_text" label="What the certificate discloses" hint="Sensitive: only people with the disclosures permission read it" rows={3} /> : <p className={styles.muted}>You may not read or change disclosures: a manager records them.</p>}
      <CheckboxField name="update_service" label="Subscribed to the DBS Update Service" />
      <div className={styles.grid}>
        <TextField name="update_service_id" label="Update Service subscription ID" hint="Needed when subscribed, e.g. C000123456" autoComplete="off" />
      </div>
      <TextAreaField name="notes" label="Notes" rows={2} />
    </>
  );
}

function Certificate({ row, latest, carerId, editable, mayReadDisclosures, owner }: { row: DbsCheckRow; latest: boolean; carerId: number; editable: boolean; mayReadDisclosures: boolean; owner: StaffScreenProps['owner'] }) {
  const [open, setOpen] = useState<'edit' | 'status' | null>(null);
  const name = useSession((state) => state.user?.name ?? '');
  return (
    <Section
      title={`Certificate ${row.certificate_number}${latest ? ' (current)' : ''}`}
      actions={
        editable && !open ? (
          <div className={styles.actions}>
            {latest && row.update_service ? <Button onClick={() => setOpen('status')}>Record an Update Service check</Button> : null}
            <Button variant="secondary" onClick={() => setOpen('edit')}>Correct certificate {row.certificate_number}</Button>
          </div>
        ) : null
      }
    >
      <dl className={styles.facts}>
        <dt>Level</dt><dd>{labelOf(DBS_LEVELS, row.level)}</dd>
        <dt>Barred list</dt><dd>{row.barred_list_checked ? 'Adult barred list checked' : 'Not checked'}</dd>
        <dt>Issued</dt><dd>{formatDate(row.issue_date) || '—'}</dd>
        <dt>Disclosure</dt>
        <dd>
          {!row.disclosure ? 'Nothing disclosed' : row.disclosure_withheld ? 'Yes — withheld: you may not read DBS disclosures.' : <>Yes: {row.disclosure_text} <Link to={tabPath(owner, carerId, 'dbs-risk-assessment')}>DBS risk assessment</Link></>}
        </dd>
        <dt>Update Service</dt><dd>{row.update_service ? `Subscribed (ID ${row.update_service_id})` : 'Not subscribed'}</dd>
        {row.notes ? (<><dt>Notes</dt><dd>{row.notes}</dd></>) : null}
      </dl>
      {row.update_service ? (
        row.update_checks.length ? (
          <table className={styles.table}>
            <caption className={styles.muted}>Update Service status checks</caption>
            <thead><tr><th scope="col">Checked on</th><th scope="col">Result</th><th scope="col">By</th></tr></thead>
            <tbody>
              {row.update_checks.map((check) => (
                <tr key={check.id}><td>{formatDate(check.checked_on) || '—'}</td><td>{labelOf(DBS_UPDATE_RESULTS, check.result)}</td><td>{check.checked_by}</td></tr>
              ))}
            </tbody>
          </table>
        ) : <p className={styles.muted}>No status check recorded since it was issued.</p>
      ) : null}
      {open === 'status' ? (
        <CheckForm carerId={carerId} part={`dbs/${row.id}/update-checks`} schema={DbsUpdateCheckSchema} defaults={{ checked_on: ukToday(), result: 'no-new-information', checked_by: name }} title="Update Service status check" submitLabel="Save the check" onDone={() => setOpen(null)}>
          <div className={styles.grid}>
            <TextField name="checked_on" label="Checked on" type="date" />
            <SelectField name="result" label="What the Update Service said" options={optionsOf(DBS_UPDATE_RESULTS)} />
            <TextField name="checked_by" label="Checked by" />
          </div>
        </CheckForm>
      ) : null}
      {open === 'edit' ? (
        <CheckForm carerId={carerId} part="dbs" rowId={row.id} schema={DbsCheckSchema} defaults={dbsDefaults(row)} title={`Correct certificate ${row.certificate_number}`} submitLabel="Save the correction" onDone={() => setOpen(null)}>
          <DbsFields mayReadDisclosures={mayReadDisclosures} />
        </CheckForm>
      ) : null}
    </Section>
  );
}

export default function DbsChecks({ owner, ownerId, ownerName }: StaffScreenProps) {
  const can = useCan();
  const picture = useCompliance(ownerId);
  const [adding, setAdding] = useState(false);
  if (picture.error) return <ErrorPanel title="The DBS checks could not be loaded" onRetry={() => void picture.refetch()}>{picture.error.message}</ErrorPanel>;
  if (!picture.data) return <Loading label="Loading the DBS checks…" />;
  const editable = can('carers.edit');
  const mayReadDisclosures = can(STAFF_SENSITIVE_PERMISSIONS.safeguarding);
  const checks = picture.data.compliance.checks.filter((check) => check.key.startsWith('dbs'));
  return (
    <div className={styles.screen}>
      <div className={styles.head}>
        <h2>DBS checks</h2>
        {editable && !adding ? <Button onClick={() => setAdding(true)}>Record a DBS certificate</Button> : null}
      </div>
      <ul className={styles.checklist} aria-label="Where the DBS stands">
        {checks.map((check) => (
          <li key={check.key}>
            <p><strong>{check.label}</strong> <StateBadge check={check} /></p>
            <p>{check.detail}</p>
          </li>
        ))}
      </ul>
      {adding ? (
        <CheckForm carerId={ownerId} part="dbs" schema={DbsCheckSchema} defaults={dbsDefaults()} title="New DBS certificate" submitLabel="Save the certificate" onDone={() => setAdding(false)}>
          <DbsFields mayReadDisclosures={mayReadDisclosures} />
        </CheckForm>
      ) : null}
      {picture.data.dbs.length ? (
        picture.data.dbs.map((row, index) => <Certificate key={row.id} row={row} latest={index === 0} carerId={ownerId} editable={editable} mayReadDisclosures={mayReadDisclosures} owner={owner} />)
      ) : (
        <EmptyState>No DBS certificate recorded for {ownerName}.</EmptyState>
      )}
    </div>
  );
}
