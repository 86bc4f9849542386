import { ukDate } from '@hcm/contract/time';
import { formatDate } from '@hcm/contract/format';
import { useEffect, useId, useState } from 'react';
import { FormProvider, useForm, useFormContext } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { api, Button, PageHeader, useRouteName } from '@hcm/kit';
import { apiKey, useApiMutation } from '@hcm/kit/data';
import { formStyles, SelectField, TextAreaField, TextField, valibotResolver } from '@hcm/kit/forms';
import { BACKOFFICE_ISSUES, CORRECTABLE_STATUSES, CorrectSchema, type BackofficeRow } from '../../contract/visit-actions';
import type { VisitRow } from '../../contract/visits';
import { BACKOFFICE_PATH, outcomeOf, Section, shiftDay, styles, timesOf, useBranchChoices, useVisitChoices, visitApiPath, VISIT_LOGS_PATH, VISITS_PATH } from './common';
import { VisitTable } from './VisitTable';

export type CorrectionValues = {
  version: number;
  reason: string;
  status: string;
  actual_start: string;
  actual_end: string;
  /** "Finished after midnight": the actual end is on the day after the start. */
  overnight: boolean;
  /** The office confirms a visit longer than 12 hours (asked for when the times say so). */
  confirm_long: boolean;
  funder_code_id: string;
  npc_code_id: string;
  detail: string;
};

const issueWords = (row: BackofficeRow) => row.issue_label || (BACKOFFICE_ISSUES.find((issue) => issue.value === row.issue)?.label ?? row.issue);

/** The body of a correction: what is left at "keep as it is" is not sent, so it stays as it is; a box only when ticked. */
export function correctionBody(values: CorrectionValues, version: number): Record<string, unknown> {
  const body: Record<string, unknown> = { version, reason: values.reason };
  for (const key of ['status', 'actual_start', 'actual_end', 'funder_code_id', 'npc_code_id', 'detail'] as const) if (values[key] !== '') body[key] = values[key];
  for (const key of ['overnight', 'confirm_long'] as const) if (values[key]) body[key] = true;
  return body;
}

/** A checkbox of the correction, with its error (the kit's CheckboxField shows none). */
function CorrectionCheckbox({ name, label }: { name: 'overnight' | 'confirm_long'; label: string }) {
  const id = useId();
  const { register, getFieldState, formState } = useFormContext<CorrectionValues>();
  const message = getFieldState(name, formState).error?.message;
  return (
    <div className={[formStyles.field, message ? formStyles.invalid : ''].join(' ')}>
      <label htmlFor={id} className={formStyles.checkbox}>
        <input id={id} type="checkbox" aria-invalid={message ? true : undefined} aria-describedby={message ? `${id}-error` : undefined} {...register(name)} />
        {label}
      </label>
      {message ? <span id={`${id}-error`} className={formStyles.invalidMessage}>{message}</span> : null}
    </div>
  );
}

/**
 * A correction of one past visit: a reason is required; status, actual times and codes as the office found them.
 * An end at or before the start needs "Finished after midnight"; a visit over 12 hours needs the confirmation box,
 * shown once the times (checked here or by the server) say so, what was typed kept.
 */
export function CorrectionForm({ visit, onDone }: { visit: VisitRow; onDone: () => void }) {
  const choices = useVisitChoices();
  const [conflict, setConflict] = useState<string | null>(null);
  const form = useForm<CorrectionValues>({
    resolver: valibotResolver(CorrectSchema),
    defaultValues: {
      version: visit.version,
      reason: '',
      status: '',
      actual_start: visit.actual_start ?? '',
      actual_end: visit.actual_end ?? '',
      // Stored times that already run past midnight (22:30 to 00:30) are sent back as such.
      overnight: Boolean(visit.actual_start && visit.actual_end && visit.actual_end <= visit.actual_start),
      confirm_long: false,
      funder_code_id: '',
      npc_code_id: '',
      detail: '',
    },
  });
  const longAsked = Boolean(form.formState.errors.confirm_long);
  const [askLong, setAskLong] = useState(false);
  useEffect(() => {
    if (longAsked) setAskLong(true);
  }, [longAsked]);
  const correct = useApiMutation<VisitRow, CorrectionValues>({
    request: (values) => api.post<VisitRow>(visitApiPath(visit.id, 'correct'), correctionBody(values, visit.version)),
    invalidates: [apiKey(BACKOFFICE_PATH), apiKey(VISITS_PATH), apiKey(visitApiPath(visit.id)), apiKey(visitApiPath(visit.id, 'logs')), apiKey(VISIT_LOGS_PATH)],
  });
  const handleCorrect = form.handleSubmit(async () => {
    setConflict(null);
    const outcome = outcomeOf(await correct.submit(form.getValues()), form, 'The correction could not be saved.');
    if (outcome.kind === 'conflict') setConflict(outcome.message);
    if (outcome.kind === 'saved') onDone();
  });
  const keep = { value: '', label: 'Keep as it is' };
  return (
    <Section title={`Correct the visit to ${visit.client_name}, ${formatDate(visit.date) || '—'} ${timesOf(visit)}`}>
      <FormProvider {...form}>
        <form className={styles.form} onSubmit={(event) => void handleCorrect(event)} noValidate aria-label="Correct the visit">
          {conflict ? <p role="alert" className={styles.conflict}>{conflict}</p> : null}
          <TextAreaField name="reason" label="Why you correct it" rows={2} hint="Required: kept in the visit's history and the audit trail." />
          <div className={styles.grid}>
            <SelectField name="status" label="Status" options={[keep, ...CORRECTABLE_STATUSES.map((status) => ({ value: status.value, label: status.label }))]} />
            <TextField name="actual_start" label="Actual start" type="time" hint="UK time, HH:MM" />
            <TextField name="actual_end" label="Actual end" type="time" hint="UK time, HH:MM" />
            <CorrectionCheckbox name="overnight" label="Finished after midnight" />
            <SelectField name="funder_code_id" label="Funder code" options={[keep, ...choices.funders]} />
            <SelectField name="npc_code_id" label="NPC code" options={[keep, ...choices.npcs]} />
          </div>
          {askLong ? <CorrectionCheckbox name="confirm_long" label="Yes, the visit lasted more than 12 hours" /> : null}
          <TextAreaField name="detail" label="Details" rows={2} />
          <div className={styles.actions}>
            <Button type="submit" disabled={form.formState.isSubmitting}>Save the correction</Button>
            <Button variant="secondary" onClick={onDone}>Close</Button>
          </div>
        </form>
      </FormProvider>
    </Section>
  );
}

/** /app/visits/backoffice (visits.correct): past visits needing the office, each corrected with a reason. */
export default function BackOffice() {
  useRouteName('Back-office corrections');
  const branches = useBranchChoices();
  const [filters, setFilters] = useState({ from: shiftDay(ukDate(), -14), to: ukDate(), branch_id: '' });
  const [selected, setSelected] = useState<BackofficeRow | null>(null);
  return (
    <div className={styles.screen}>
      <PageHeader title="Back-office corrections" actions={<Link to="/app/visits">All visits</Link>} />
      <p className={styles.muted}>Past visits needing the office: missed, still in progress after their end, completed without actual times, cancelled without a reason. Every correction needs a reason and is kept in the visit&apos;s history.</p>
      <form className={styles.filters} role="search" aria-label="Filter past visits" onSubmit={(event) => event.preventDefault()}>
        <label>
          From
          <input type="date" value={filters.from} onChange={(event) => setFilters((previous) => ({ ...previous, from: event.target.value }))} />
        </label>
        <label>
          To
          <input type="date" value={filters.to} onChange={(event) => setFilters((previous) => ({ ...previous, to: event.target.value }))} />
        </label>
        <label>
          Branch
          <select value={filters.branch_id} onChange={(event) => setFilters((previous) => ({ ...previous, branch_id: event.target.value }))}>
            <option value="">All my branches</option>
            {branches.map((branch) => <option key={branch.value} value={branch.value}>{branch.label}</option>)}
          </select>
        </label>
      </form>
      {selected ? <CorrectionForm key={selected.id} visit={selected} onDone={() => setSelected(null)} /> : null}
      <VisitTable
        caption="Past visits needing the office"
        path={BACKOFFICE_PATH}
        filters={filters}
        linkOf={(row) => `/app/visits/${row.id}`}
        empty="No past visit needs the office in this period."
        extraColumns={[
          { key: 'issue', label: 'Needs', render: (row) => issueWords(row as BackofficeRow) },
          { key: 'actuals', label: 'Actual', render: (row) => (row.actual_start ? `${row.actual_start}–${row.actual_end ?? '?'}` : 'None') },
          {
            key: 'correct',
            label: 'Correct',
            render: (row) => (
              <Button variant="secondary" onClick={() => setSelected(row as BackofficeRow)} aria-label={`Correct the visit to ${row.client_name}, ${formatDate(row.date) || '—'} ${timesOf(row)}`}>
                Correct…
              </Button>
            ),
          },
        ]}
      />
    </div>
  );
}
