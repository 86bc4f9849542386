import { ukDate } from '@hcm/contract/time';
import { formatDate, formatDateTime, formatMonth } from '@hcm/contract/format';
import { useId, useState } from 'react';
import { FormProvider, useForm, useFormContext } from 'react-hook-form';
import { Link, Route, Routes, useNavigate, useParams } from 'react-router-dom';
import type { Page } from '@hcm/contract';
import { api, Button, ErrorPanel, Loading, NotFound, useCan } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import { SelectField, TextAreaField, TextField, useUnsavedChangesWarning, valibotResolver } from '@hcm/kit/forms';
import { ButtonLink } from '@hcm/kit/routing';
import { ListTable, type Column } from '@hcm/kit/table';
import {
  addDays,
  currentMonth,
  MAR_AUDIT_ANSWERS,
  MAR_AUDIT_CHECKS,
  MAR_AUDIT_OUTCOMES,
  MAR_MONTH,
  MarAuditSchema,
  slotLabel,
  type MarAudit,
  type MarAuditCheckKey,
  type MarAuditFindings,
  type MarChart,
  type MarGap,
} from '../../contract';
import { auditsPath, labelOf, saveOutcome, Section, styles } from './common';

// The client record's MAR chart audit (segment `marchart-audit`): the office's monthly audits of the client's
// chart, listed; "Audit a month" shows what the product finds in the month (gaps, doses not given, PRN over the
// limit) beside the audit form (checks, findings, outcome and actions); each audit opens with what it found.

type AuditForm = {
  month: string;
  audited_on: string;
  checks: Record<MarAuditCheckKey, { answer: string; comment: string }>;
  gaps_explained: string;
  findings: string;
  outcome: string;
  actions: string;
  action_owner: string;
  action_due: string;
};

const previousMonth = () => addDays(`${currentMonth()}-01`, -1).slice(0, 7);

function Totals({ totals }: { totals: MarChart['totals'] }) {
  return (
    <ul className={styles.totals} aria-label="The month in figures">
      <li><strong>{totals.due}</strong> scheduled doses</li>
      <li><strong>{totals.given}</strong> given</li>
      <li><strong>{totals.not_given}</strong> not given</li>
      <li><strong>{totals.gaps}</strong> gaps</li>
      <li><strong>{totals.prn_doses}</strong> when-needed doses</li>
      <li><strong>{totals.over_limit}</strong> over a PRN limit</li>
      <li><strong>{totals.outside_window}</strong> outside their window</li>
    </ul>
  );
}

function GapList({ gaps }: { gaps: readonly MarGap[] }) {
  if (!gaps.length) return <p className={styles.muted}>No gaps: every due dose has an outcome.</p>;
  return (
    <ul className={styles.list} aria-label="Gaps found">
      {gaps.map((gap) => (
        <li key={`${gap.schedule_id}-${gap.day}-${gap.slot}`}>
          {formatDate(gap.day)}, {slotLabel(gap.slot)}: {gap.medicine}
          {gap.time_critical ? ' (time-critical)' : ''}
        </li>
      ))}
    </ul>
  );
}

function AuditList({ clientId }: { clientId: number }) {
  const can = useCan();
  const list = useApiQuery<MarAudit[]>(auditsPath(clientId), undefined, { failure: 'The MAR audits could not be loaded.' });
  const columns: Column<MarAudit>[] = [
    { key: 'month', label: 'Month', render: (audit) => <Link to={String(audit.id)}>{formatMonth(audit.month)}</Link> },
    { key: 'audited_on', label: 'Audited', render: (audit) => `${formatDate(audit.audited_on)} by ${audit.auditor}` },
    { key: 'outcome', label: 'Outcome', render: (audit) => labelOf(MAR_AUDIT_OUTCOMES, audit.outcome) },
    { key: 'gaps', label: 'Gaps found', render: (audit) => String(audit.gaps.length) },
    { key: 'actions', label: 'Actions', render: (audit) => (audit.actions ? `${audit.actions} (${audit.action_owner}, by ${formatDate(audit.action_due)})` : 'None') },
  ];
  const page: Page<MarAudit> | null = list.data ? { data: list.data, total: list.data.length, page: 1, page_size: Math.max(1, list.data.length), last_page: 1 } : null;
  return (
    <Section title="MAR chart audits" actions={can('medication.audit') ? <ButtonLink to="add">Audit a month</ButtonLink> : null}>
      <ListTable
        caption="MAR chart audits, newest month first"
        columns={columns}
        page={page}
        loading={list.isFetching}
        error={list.error?.message ?? null}
        onSort={() => undefined}
        onPage={() => undefined}
        onPageSize={() => undefined}
        onRetry={() => void list.refetch()}
        rowKey={(audit) => audit.id}
        empty="No audits yet."
      />
    </Section>
  );
}

function CheckRow({ check }: { check: (typeof MAR_AUDIT_CHECKS)[number] }) {
  const { register, getFieldState, formState } = useFormContext<AuditForm>();
  const answerError = getFieldState(`checks.${check.key}.answer`, formState).error?.message;
  const errorId = useId();
  return (
    <fieldset className={styles.fieldset} aria-describedby={answerError ? errorId : undefined}>
      <legend>{check.label}</legend>
      <div className={styles.choices}>
        {MAR_AUDIT_ANSWERS.map((answer) => (
          <label key={answer.value}>
            <input type="radio" value={answer.value} {...register(`checks.${check.key}.answer`)} />
            {answer.label}
          </label>
        ))}
      </div>
      {answerError ? <p id={errorId} className={styles.fieldError}>{answerError}</p> : null}
      <TextField name={`checks.${check.key}.comment`} label={`Comment on: ${check.label}`} hint='Needed when the answer is "No".' />
    </fieldset>
  );
}

function NewAudit({ clientId }: { clientId: number }) {
  const navigate = useNavigate();
  const [month, setMonth] = useState(previousMonth());
  const monthId = useId();
  const findings = useApiQuery<MarAuditFindings>(auditsPath(clientId, '/findings'), { month }, { enabled: MAR_MONTH.test(month), keepPrevious: true, failure: 'The month could not be read.' });
  const form = useForm<AuditForm>({
    resolver: valibotResolver(MarAuditSchema),
    defaultValues: {
      month,
      audited_on: ukDate(),
      checks: Object.fromEntries(MAR_AUDIT_CHECKS.map((check) => [check.key, { answer: '', comment: '' }])) as AuditForm['checks'],
      gaps_explained: '',
      findings: '',
      outcome: '',
      actions: '',
      action_owner: '',
      action_due: '',
    },
  });
  const { leaveWithoutWarning } = useUnsavedChangesWarning(form.formState.isDirty);
  const save = useApiMutation<MarAudit, AuditForm>({
    request: (values) => api.post<MarAudit>(auditsPath(clientId), values),
    invalidates: [apiKey(auditsPath(clientId))],
  });
  const handleSave = form.handleSubmit(async () => {
    const answer = await save.submit(form.getValues());
    if (saveOutcome(answer, form, 'The audit could not be saved.') !== 'saved') return;
    leaveWithoutWarning();
    navigate(answer.data ? `../${answer.data.id}` : '..');
  });
  const outcome = form.watch('outcome');
  return (
    <Section title="Audit a month of the MAR chart">
      <div className={styles.toolbar}>
        <label htmlFor={monthId}>
          Month audited
          <input
            id={monthId}
            type="month"
            value={month}
            max={currentMonth()}
            onChange={(event) => {
              setMonth(event.target.value);
              form.setValue('month', event.target.value, { shouldDirty: true });
            }}
          />
        </label>
      </div>
      <section aria-label="What the chart shows">
        <h3>What the chart shows for {MAR_MONTH.test(month) ? formatMonth(month) : 'the month'}</h3>
        {findings.error ? <p className={styles.error} role="alert">{findings.error.message}</p> : null}
        {!findings.data ? (
          <Loading label="Reading the month…" />
        ) : (
          <>
            <Totals totals={findings.data.totals} />
            <h4>Gaps</h4>
            <GapList gaps={findings.data.gaps} />
            <h4>Doses not given, and PRN over the limit</h4>
            {findings.data.refused.length ? (
              <ul className={styles.list}>
                {findings.data.refused.map((item, index) => (
                  <li key={index}>
                    {formatDate(item.day)}{item.slot ? `, ${slotLabel(item.slot)}` : ''}: {item.medicine}. {item.note}
                  </li>
                ))}
              </ul>
            ) : (
              <p className={styles.muted}>None.</p>
            )}
          </>
        )}
      </section>
      <FormProvider {...form}>
        <form className={styles.form} onSubmit={(event) => void handleSave(event)} noValidate aria-label="MAR chart audit">
          {form.formState.errors.month ? <p className={styles.error} role="alert">{form.formState.errors.month.message}</p> : null}
          <TextField name="audited_on" label="Date of the audit" type="date" />
          <h3>Checks</h3>
          {MAR_AUDIT_CHECKS.map((check) => (
            <CheckRow key={check.key} check={check} />
          ))}
          <TextAreaField name="gaps_explained" label="What explains the gaps" rows={3} hint="What the carers said; whether the doses were given." />
          <TextAreaField name="findings" label="Findings" rows={4} />
          <SelectField name="outcome" label="Outcome" options={[{ value: '', label: 'Choose the outcome' }, ...MAR_AUDIT_OUTCOMES.map(({ value, label }) => ({ value, label }))]} />
          {outcome && outcome !== 'satisfactory' ? (
            <div className={styles.grid}>
              <TextAreaField name="actions" label="Actions" rows={3} />
              <TextField name="action_owner" label="Who will do them" />
              <TextField name="action_due" label="Actions due by" type="date" />
            </div>
          ) : null}
          <div className={styles.actions}>
            <Button type="submit" disabled={form.formState.isSubmitting || save.isPending}>Save audit</Button>
            <ButtonLink to=".." variant="secondary">Cancel</ButtonLink>
          </div>
        </form>
      </FormProvider>
    </Section>
  );
}

function AuditView({ clientId }: { clientId: number }) {
  const { auditId = '' } = useParams();
  const valid = /^\d{1,10}$/.test(auditId) && Number(auditId) > 0;
  const audit = useApiQuery<MarAudit>(auditsPath(clientId, `/${auditId}`), undefined, { enabled: valid, failure: 'This audit could not be loaded.' });
  if (!valid) return <NotFound />;
  if (audit.error) return <ErrorPanel title="This audit could not be loaded" onRetry={() => void audit.refetch()}>{audit.error.message}</ErrorPanel>;
  if (!audit.data) return <Loading label="Loading the audit…" />;
  const data = audit.data;
  return (
    <Section title={`MAR chart audit: ${formatMonth(data.month)}`} actions={<ButtonLink to=".." variant="secondary">All audits</ButtonLink>}>
      <dl className={styles.facts}>
        <dt>Audited</dt>
        <dd>{formatDate(data.audited_on)} by {data.auditor} (saved {formatDateTime(data.created_at)})</dd>
        <dt>Outcome</dt>
        <dd>{labelOf(MAR_AUDIT_OUTCOMES, data.outcome)}</dd>
        <dt>Findings</dt>
        <dd>{data.findings}</dd>
        {data.gaps_explained ? (<><dt>What explains the gaps</dt><dd>{data.gaps_explained}</dd></>) : null}
        {data.actions ? (<><dt>Actions</dt><dd>{data.actions} ({data.action_owner}, by {formatDate(data.action_due)})</dd></>) : null}
      </dl>
      <Totals totals={data.totals} />
      <table className={styles.table}>
        <caption className={styles.visuallyHidden}>Checks</caption>
        <thead>
          <tr>
            <th scope="col">Check</th>
            <th scope="col">Answer</th>
            <th scope="col">Comment</th>
          </tr>
        </thead>
        <tbody>
          {MAR_AUDIT_CHECKS.map((check) => (
            <tr key={check.key}>
              <th scope="row">{check.label}</th>
              <td>{labelOf(MAR_AUDIT_ANSWERS, data.checks[check.key]?.answer ?? '')}</td>
              <td>{data.checks[check.key]?.comment}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Gaps found when it was saved</h3>
      <GapList gaps={data.gaps} />
      <Link to={`/app/clients/${clientId}/marchart?month=${data.month}`}>Open the MAR chart of {formatMonth(data.month)}</Link>
    </Section>
  );
}

/** The client record's MAR chart audit tab (segment `marchart-audit`). */
export default function MarChartAudit({ clientId }: { clientId: number }) {
  const can = useCan();
  return (
    <div className={styles.screen}>
      <Routes>
        <Route index element={<AuditList clientId={clientId} />} />
        <Route path="add" element={can('medication.audit') ? <NewAudit clientId={clientId} /> : <NotFound />} />
        <Route path=":auditId" element={<AuditView clientId={clientId} />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </div>
  );
}
