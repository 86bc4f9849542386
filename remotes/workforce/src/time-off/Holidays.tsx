import { ukDate } from '@hcm/contract/time';
import { formatDate, formatDateTime, formatHours } from '@hcm/contract/format';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, Route, Routes, useNavigate, useParams } from 'react-router-dom';
import type { Page } from '@hcm/contract';
import { api, Button, ErrorPanel, Loading, NotFound, useCan } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import { CheckboxField, SelectField, TextAreaField, TextField, useUnsavedChangesWarning, valibotResolver } from '@hcm/kit/forms';
import { ButtonLink } from '@hcm/kit/routing';
import { ListTable, type Column } from '@hcm/kit/table';
import {
  HOLIDAY_STATUSES,
  HolidayRequestSchema,
  labelOf,
  RefuseHolidaySchema,
  WorkedHoursSchema,
  type HolidayBalance,
  type HolidayDetail,
  type HolidayReasonChoice,
  type HolidayRow,
  type HolidaySaved,
  type WorkedHoursRow,
} from '../../contract/time-off';
import type { StaffScreenProps } from '../record/types';
import { handleSaved, period, Section, staffPath, styles, Warnings } from './common';

// The holidays tab of a carer's or an office employee's file: the leave year's balance, the holidays (requested,
// approved, refused, cancelled), a request form, and one holiday with its days, warnings and the decision.

const amount = (value: number, unit: string) => `${value} ${unit}`;
/** What a holiday takes, in the unit the person's allowance is counted in (the other in brackets). */
const takes = (row: Pick<HolidayRow, 'days' | 'hours'>, unit: HolidayBalance['unit'] | undefined) =>
  unit === 'hours' ? `${row.hours} hours (${row.days} working days)` : `${row.days} days (${row.hours} hours)`;
const UNIT_WORDS: Record<HolidayBalance['unit'], string> = { days: 'counted in days', hours: 'counted in hours' };

function BalanceCard({ owner, ownerId }: StaffScreenProps) {
  const balance = useApiQuery<HolidayBalance>(staffPath(owner, ownerId, 'holidays/balance'), undefined, { failure: 'The balance could not be loaded.' });
  if (balance.error) return <ErrorPanel title="The balance could not be loaded" onRetry={() => void balance.refetch()}>{balance.error.message}</ErrorPanel>;
  if (!balance.data) return <Loading label="Loading the balance…" />;
  const b = balance.data;
  return (
    <Section title={`Balance, leave year ${period(b.leave_year.start, b.leave_year.end)} (${UNIT_WORDS[b.unit]})`}>
      <ul className={styles.totals}>
        <li>Entitlement<strong>{amount(b.entitlement, b.unit)}</strong></li>
        <li>Taken<strong>{amount(b.taken, b.unit)}</strong></li>
        <li>Booked<strong>{amount(b.booked, b.unit)}</strong></li>
        <li>Awaiting approval<strong>{amount(b.requested, b.unit)}</strong></li>
        <li>Remaining, requests counted<strong>{amount(b.remaining, b.unit)}</strong></li>
      </ul>
      <p className={styles.muted}>{b.explanation}</p>
    </Section>
  );
}

function WorkedHours({ ownerId }: { ownerId: number }) {
  const can = useCan();
  const path = staffPath('carers', ownerId, 'worked-hours');
  const rows = useApiQuery<WorkedHoursRow[]>(path, undefined, { failure: 'The hours worked could not be loaded.' });
  type Form = { period_start: string; period_end: string; hours: string; note: string };
  const form = useForm<Form>({ resolver: valibotResolver(WorkedHoursSchema), defaultValues: { period_start: '', period_end: '', hours: '', note: '' } });
  const save = useApiMutation<WorkedHoursRow, Form>({ request: (values) => api.post(path, values), invalidates: [apiKey(path), apiKey(staffPath('carers', ownerId, 'holidays/balance'))] });
  const handleSave = form.handleSubmit(async () => {
    if (handleSaved(await save.submit(form.getValues()), form, 'The hours could not be saved.')) form.reset();
  });
  return (
    <Section title="Hours worked (holiday accrual)">
      <p className={styles.muted}>Irregular-hours carers accrue holiday on the hours they work. Until the rota records visits, the office or payroll enters the hours of each pay period here.</p>
      {rows.data?.length ? (
        <table className={styles.table}>
          <caption className={styles.muted}>Hours worked per pay period</caption>
          <thead><tr><th scope="col">Period</th><th scope="col">Hours</th><th scope="col">Note</th></tr></thead>
          <tbody>
            {rows.data.map((row) => (
              <tr key={row.id}><td>{period(row.period_start, row.period_end)}</td><td>{row.hours}</td><td>{row.note}</td></tr>
            ))}
          </tbody>
        </table>
      ) : <p className={styles.muted}>No hours recorded yet.</p>}
      {can('carers.edit') ? (
        <FormProvider {...form}>
          <form className={styles.form} onSubmit={(event) => void handleSave(event)} noValidate aria-label="Record hours worked">
            <div className={styles.grid}>
              <TextField name="period_start" label="Period start" type="date" />
              <TextField name="period_end" label="Period end" type="date" />
              <TextField name="hours" label="Hours worked" inputMode="decimal" hint="e.g. 62.5" />
              <TextField name="note" label="Note" />
            </div>
            <div className={styles.actions}><Button type="submit" disabled={form.formState.isSubmitting}>Save hours</Button></div>
          </form>
        </FormProvider>
      ) : null}
    </Section>
  );
}

function HolidayList(props: StaffScreenProps) {
  const { owner, ownerId } = props;
  const can = useCan();
  const [status, setStatus] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const list = useApiQuery<Page<HolidayRow>>(staffPath(owner, ownerId, 'holidays'), { status, page: paging.page, page_size: paging.pageSize }, { failure: 'The holidays could not be loaded.', keepPrevious: true });
  const balance = useApiQuery<HolidayBalance>(staffPath(owner, ownerId, 'holidays/balance'));
  const columns: Column<HolidayRow>[] = [
    { key: 'period', label: 'When', render: (row) => <Link to={String(row.id)}>{period(row.from_date, row.to_date)}{row.half_day_start || row.half_day_end ? ' (with a half day)' : ''}</Link> },
    { key: 'reason', label: 'Reason', render: (row) => `${row.reason}${row.deducts_allowance ? '' : ' (not from the allowance)'}` },
    { key: 'days', label: balance.data ? `Takes (${UNIT_WORDS[balance.data.unit]})` : 'Takes', render: (row) => takes(row, balance.data?.unit) },
    { key: 'status', label: 'Status', render: (row) => <span className={styles.state}>{labelOf(HOLIDAY_STATUSES, row.status)}</span> },
    { key: 'decided', label: 'Decided', render: (row) => (row.decided_at ? `${row.decided_by_name ?? ''}, ${formatDateTime(row.decided_at)}${row.decision_reason ? `: ${row.decision_reason}` : ''}` : '') },
  ];
  const editPermission = owner === 'carers' ? 'carers.edit' : 'employees.edit';
  return (
    <>
      <BalanceCard {...props} />
      {owner === 'carers' && balance.data?.basis === 'accrual' ? <WorkedHours ownerId={ownerId} /> : null}
      <Section title="Holidays" actions={can(editPermission) ? <ButtonLink to="add">Request a holiday</ButtonLink> : null}>
        <div className={styles.toolbar}>
          <label>
            Status
            <select value={status} onChange={(event) => { setStatus(event.target.value); setPaging((now) => ({ ...now, page: 1 })); }}>
              <option value="">All</option>
              {HOLIDAY_STATUSES.map((choice) => <option key={choice.value} value={choice.value}>{choice.label}</option>)}
            </select>
          </label>
        </div>
        <ListTable caption="Holidays" columns={columns} page={list.data ?? null} loading={list.isFetching} error={list.error?.message ?? null}
          onSort={() => undefined} onPage={(page) => setPaging((now) => ({ ...now, page }))} onPageSize={(pageSize) => setPaging({ page: 1, pageSize })}
          onRetry={() => void list.refetch()} rowKey={(row) => row.id} empty="No holidays yet." />
      </Section>
    </>
  );
}

type RequestForm = { from_date: string; to_date: string; half_day_start: boolean; half_day_end: boolean; reason_id: string; notes: string; override_reason: string };

function RequestHoliday({ owner, ownerId, ownerName }: StaffScreenProps) {
  const navigate = useNavigate();
  const can = useCan();
  const reasons = useApiQuery<HolidayReasonChoice[]>('api/v1/holiday-reasons/choices');
  const balance = useApiQuery<HolidayBalance>(staffPath(owner, ownerId, 'holidays/balance'));
  const annual = reasons.data?.find((reason) => reason.name === 'Annual leave');
  const form = useForm<RequestForm>({
    resolver: valibotResolver(HolidayRequestSchema),
    values: { from_date: ukDate(), to_date: ukDate(), half_day_start: false, half_day_end: false, reason_id: annual ? String(annual.id) : '', notes: '', override_reason: '' },
    resetOptions: { keepDirtyValues: true },
  });
  const { leaveWithoutWarning } = useUnsavedChangesWarning(form.formState.isDirty);
  const save = useApiMutation<HolidaySaved, RequestForm>({
    request: (values) => api.post<HolidaySaved>(staffPath(owner, ownerId, 'holidays'), values),
    invalidates: [apiKey(staffPath(owner, ownerId, 'holidays')), apiKey(staffPath(owner, ownerId, 'holidays/balance')), apiKey('api/v1/holidays/calendar')],
  });
  const handleSave = form.handleSubmit(async () => {
    const answer = await save.submit(form.getValues());
    if (!handleSaved(answer, form, 'The request could not be saved.')) return;
    leaveWithoutWarning();
    navigate(`../${answer.data!.holiday.id}`);
  });
  return (
    <Section title={`Request a holiday for ${ownerName}`}>
      <FormProvider {...form}>
        <form className={styles.form} onSubmit={(event) => void handleSave(event)} noValidate aria-label="Request a holiday">
          <div className={styles.grid}>
            <TextField name="from_date" label="First day" type="date" />
            <TextField name="to_date" label="Last day" type="date" />
          </div>
          <CheckboxField name="half_day_start" label="The first day is a half day (off in the afternoon)" />
          <CheckboxField name="half_day_end" label="The last day is a half day (off in the morning)" />
          <SelectField name="reason_id" label="Reason" options={[{ value: '', label: 'Choose a reason' }, ...(reasons.data ?? []).map((reason) => ({ value: String(reason.id), label: `${reason.name}${reason.deducts_allowance ? '' : ' (not from the allowance)'}` }))]} />
          <TextAreaField name="notes" label="Notes" rows={3} />
          {can('holidays.approve') ? (
            <TextAreaField
              name="override_reason"
              label="Why it is allowed beyond the entitlement"
              rows={2}
              hint="Only when allowing more leave than remains: a request beyond the entitlement is refused without a reason, and the reason is kept with the holiday."
            />
          ) : null}
          <p className={styles.muted}>
            The working days are worked out from the duty days or contracted hours; bank holidays are not counted.
            {balance.data ? ` ${ownerName}'s allowance is ${UNIT_WORDS[balance.data.unit]}: ${amount(balance.data.remaining, balance.data.unit)} remain this leave year, requests awaiting approval counted.` : ''}
          </p>
          <div className={styles.actions}>
            <Button type="submit" disabled={form.formState.isSubmitting}>Send request</Button>
            <ButtonLink to=".." variant="secondary">Cancel</ButtonLink>
          </div>
        </form>
      </FormProvider>
    </Section>
  );
}

function Decide({ owner, ownerId, holiday }: { owner: string; ownerId: number; holiday: HolidayDetail }) {
  const can = useCan();
  const [refusing, setRefusing] = useState(false);
  // Approving beyond the entitlement needs the manager's reason (the server refuses it otherwise, on override_reason).
  const [overriding, setOverriding] = useState(holiday.warnings.some((warning) => warning.kind === 'balance'));
  const approve = useForm<{ override_reason: string }>({ defaultValues: { override_reason: '' } });
  const base = staffPath(owner, ownerId, `holidays/${holiday.id}`);
  const keys = [apiKey(base), apiKey(staffPath(owner, ownerId, 'holidays')), apiKey(staffPath(owner, ownerId, 'holidays/balance')), apiKey('api/v1/holidays/calendar')];
  const act = useApiMutation<HolidaySaved, { action: string; body: Record<string, string> }>({ request: ({ action, body }) => api.post<HolidaySaved>(`${base}/${action}`, body), invalidates: keys });
  const refuse = useForm<{ reason: string }>({ resolver: valibotResolver(RefuseHolidaySchema), defaultValues: { reason: '' } });
  const editPermission = owner === 'carers' ? 'carers.edit' : 'employees.edit';
  const mayDecide = holiday.status === 'requested' && can('holidays.approve') && !holiday.own;
  const mayCancel = (holiday.status === 'requested' || holiday.status === 'approved') && can(editPermission);
  const handleApprove = async () => {
    const answer = await act.submit({ action: 'approve', body: overriding ? approve.getValues() : {} });
    if (answer.error && answer.errors?.override_reason) setOverriding(true);
    handleSaved(answer, approve, 'The holiday could not be approved.');
  };
  const handleRefuse = refuse.handleSubmit(async () => {
    if (handleSaved(await act.submit({ action: 'refuse', body: refuse.getValues() }), refuse, 'The holiday could not be refused.')) setRefusing(false);
  });
  return (
    <div className={styles.actions}>
      {holiday.status === 'requested' && holiday.own ? <p className={styles.muted}>This is your own holiday: another manager approves or refuses it.</p> : null}
      {mayDecide && !overriding ? <Button onClick={() => void handleApprove()}>Approve</Button> : null}
      {mayDecide && overriding ? (
        <FormProvider {...approve}>
          <form className={styles.form} onSubmit={(event) => { event.preventDefault(); void handleApprove(); }} noValidate aria-label="Approve beyond the entitlement">
            <TextAreaField name="override_reason" label="Why it is allowed beyond the entitlement" rows={2} hint="This takes more than remains of the allowance: approving it needs a reason, kept with the holiday and in the audit trail." />
            <div className={styles.actions}>
              <Button type="submit">Approve beyond the entitlement</Button>
            </div>
          </form>
        </FormProvider>
      ) : null}
      {mayDecide && !refusing ? <Button variant="secondary" onClick={() => setRefusing(true)}>Refuse…</Button> : null}
      {mayCancel ? <Button variant="secondary" onClick={() => { if (window.confirm('Cancel this holiday?')) void act.submit({ action: 'cancel', body: {} }).then((answer) => handleSaved(answer, null, 'The holiday could not be cancelled.')); }}>Cancel the holiday</Button> : null}
      {refusing ? (
        <FormProvider {...refuse}>
          <form className={styles.form} onSubmit={(event) => void handleRefuse(event)} noValidate aria-label="Refuse the holiday">
            <TextAreaField name="reason" label="Why it is refused" rows={3} hint="The person is told this reason." />
            <div className={styles.actions}>
              <Button type="submit">Refuse</Button>
              <Button variant="secondary" onClick={() => setRefusing(false)}>Back</Button>
            </div>
          </form>
        </FormProvider>
      ) : null}
    </div>
  );
}

function HolidayView({ owner, ownerId }: StaffScreenProps) {
  const { holidayId } = useParams();
  const detail = useApiQuery<HolidayDetail>(staffPath(owner, ownerId, `holidays/${holidayId}`), undefined, { failure: 'This holiday could not be loaded.' });
  const balance = useApiQuery<HolidayBalance>(staffPath(owner, ownerId, 'holidays/balance'));
  if (!/^\d+$/.test(holidayId ?? '')) return <NotFound />;
  if (detail.error) return <ErrorPanel title="This holiday could not be loaded" onRetry={() => void detail.refetch()}>{detail.error.message}</ErrorPanel>;
  if (!detail.data) return <Loading label="Loading the holiday…" />;
  const h = detail.data;
  return (
    <Section title={`Holiday ${period(h.from_date, h.to_date)}`} actions={<ButtonLink to=".." variant="secondary">All holidays</ButtonLink>}>
      <dl className={styles.facts}>
        <dt>Status</dt><dd><span className={styles.state}>{labelOf(HOLIDAY_STATUSES, h.status)}</span></dd>
        <dt>Reason</dt><dd>{h.reason}{h.paid ? ' (paid)' : ' (unpaid)'}{h.deducts_allowance ? '' : ', not from the allowance'}</dd>
        <dt>Takes</dt><dd>{takes(h, balance.data?.unit)}{balance.data ? `, the allowance being ${UNIT_WORDS[balance.data.unit]}` : ''}</dd>
        {h.override_reason ? (<><dt>Beyond the entitlement</dt><dd>Allowed by {h.overridden_by_name ?? 'a manager'}{h.overridden_at ? `, ${formatDateTime(h.overridden_at)}` : ''}: {h.override_reason}</dd></>) : null}
        {h.notes ? (<><dt>Notes</dt><dd>{h.notes}</dd></>) : null}
        <dt>Requested</dt><dd>{formatDateTime(h.requested_at)}{h.requested_by_name ? ` by ${h.requested_by_name}` : ''}</dd>
        {h.decided_at ? (<><dt>{h.status === 'refused' ? 'Refused' : 'Decided'}</dt><dd>{formatDateTime(h.decided_at)} by {h.decided_by_name}{h.decision_reason ? `: ${h.decision_reason}` : ''}</dd></>) : null}
        {h.cancelled_at ? (<><dt>Cancelled</dt><dd>{formatDateTime(h.cancelled_at)} by {h.cancelled_by_name}{h.cancel_reason ? `: ${h.cancel_reason}` : ''}</dd></>) : null}
      </dl>
      <Warnings warnings={h.warnings} />
      <details>
        <summary>Days taken ({h.breakdown.length})</summary>
        <ul>
          {h.breakdown.map((entry) => <li key={entry.date}>{formatDate(entry.date)}: {entry.fraction === 1 ? 'full day' : 'half day'}, {formatHours(entry.hours * 60)}</li>)}
        </ul>
      </details>
      <Decide owner={owner} ownerId={ownerId} holiday={h} />
    </Section>
  );
}

export default function Holidays(props: StaffScreenProps) {
  return (
    <div className={styles.screen}>
      <Routes>
        <Route index element={<HolidayList {...props} />} />
        <Route path="add" element={<RequestHoliday {...props} />} />
        <Route path=":holidayId" element={<HolidayView {...props} />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </div>
  );
}
