import { useState } from 'react';
import { api, Button, notify } from '@hcm/kit';
import { apiKey, useApiMutation } from '@hcm/kit/data';
import { Modal } from '@hcm/kit/elements';
import { AUTO_ASSIGN_PATH, CLIENT_TIMELINE_PATH, GLOBAL_SCHEDULE_PATH, period, shiftDay, TIMELINE_PATH } from './common';
import styles from './timeline.module.css';
import { formatCount, formatDate, formatHours, formatNumber, formatPercent } from '@hcm/contract/format';

// "Auto-assign this week" on the week view: asks auto-assign for a proposal (nothing saved), shows what it would
// assign, its continuity and travel against a plain greedy baseline, the visits it would make late and the Working
// Time Regulations breaches it leaves (on "warn"), and what stays unassigned and why; then "Apply" sends that very
// proposal back to be saved as it is. When the rota changed in between, the server saves nothing and says what
// changed (409): the planner works out a new proposal.

type Metrics = { assigned: number | null; unassigned: number | null; continuity: number | null; travel: number | null };
type Left = { key: string; what: string; reason: string };
/** Working Time Regulations breaches the proposal leaves (counted by the independent checker). */
export type Wtr = { enforcement: string; restBreaches: number; carers: number; shortestRest: number | null; breakBreaches: number; weeklyBreaches: number };
/** Visits reached later than the punctuality window, lateness carried over the carers' days. */
export type Late = { visits: number; maxMinutes: number; windowMinutes: number | null };
export type Proposal = { metrics: Metrics; baseline: Metrics | null; unassigned: Left[]; seconds: number | null; wtr: Wtr | null; late: Late | null; stoppedByCeiling: boolean; sent: unknown };

const numberOf = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const pick = (source: Record<string, unknown> | undefined, ...names: string[]): number | null => {
  for (const name of names) {
    const value = source?.[name];
    const number = numberOf(value) ?? (Array.isArray(value) ? value.length : null);
    if (number !== null) return number;
  }
  return null;
};

function metricsOf(source: Record<string, unknown> | undefined): Metrics | null {
  if (!source || typeof source !== 'object') return null;
  const percent = pick(source, 'continuity_percent', 'continuityPercent');
  const share = pick(source, 'continuity');
  // A share named without "percent" may come as 0–1.
  const continuity = percent ?? (share !== null && share <= 1 ? Math.round(share * 1000) / 10 : share);
  return {
    assigned: pick(source, 'assigned_count', 'assigned', 'assignments'),
    unassigned: pick(source, 'unassigned_count', 'unassigned'),
    continuity,
    travel: pick(source, 'travel_minutes', 'travelMinutes', 'travel'),
  };
}

/** Reads auto-assign's answer (contract/autoassign.ts): its metrics, the greedy baseline, the visits left and why. */
export function readProposal(data: unknown): Proposal {
  const answer = (data ?? {}) as Record<string, unknown>;
  const metrics = metricsOf((answer.metrics as Record<string, unknown>) ?? answer) ?? { assigned: null, unassigned: null, continuity: null, travel: null };
  if (metrics.assigned === null) metrics.assigned = pick(answer, 'assigned_count', 'assigned', 'assignments');
  const listed = Array.isArray(answer.unassigned) ? (answer.unassigned as Record<string, unknown>[]) : [];
  if (metrics.unassigned === null) metrics.unassigned = listed.length;
  const unassigned = listed.map((item, index) => {
    const when = [typeof item.date === 'string' ? formatDate(item.date) : '', typeof item.start_time === 'string' ? `${item.start_time}${typeof item.end_time === 'string' ? `–${item.end_time}` : ''}` : ''].filter(Boolean).join(' ');
    const visitId = item.visit_id ?? item.visitId;
    const name = typeof item.client_name === 'string' ? item.client_name : typeof item.clientName === 'string' ? item.clientName : `Visit ${String(visitId ?? index + 1)}`;
    const reasons = Array.isArray(item.reasons) ? (item.reasons as unknown[]).map(String).join('; ') : typeof item.reason === 'string' ? item.reason : typeof item.message === 'string' ? item.message : 'No reason given';
    return { key: `${String(visitId ?? index)}-${index}`, what: when ? `${name}, ${when}` : name, reason: reasons };
  });
  const metricsSource = (answer.metrics ?? {}) as Record<string, unknown>;
  const milliseconds = pick(answer, 'elapsed_ms', 'milliseconds') ?? pick(metricsSource, 'elapsed_ms', 'milliseconds');
  const seconds = numberOf(answer.seconds) ?? (milliseconds !== null ? milliseconds / 1000 : null);
  const wtrSource = answer.wtr as Record<string, unknown> | undefined;
  const wtr: Wtr | null =
    wtrSource && typeof wtrSource === 'object'
      ? {
          enforcement: String(wtrSource.enforcement ?? 'warn'),
          restBreaches: numberOf(wtrSource.rest_breaches) ?? 0,
          carers: numberOf(wtrSource.carers) ?? 0,
          shortestRest: numberOf(wtrSource.shortest_rest_minutes),
          breakBreaches: numberOf(wtrSource.break_breaches) ?? 0,
          weeklyBreaches: numberOf(wtrSource.weekly_breaches) ?? 0,
        }
      : null;
  const lateSource = answer.late as Record<string, unknown> | undefined;
  const late: Late | null = lateSource && typeof lateSource === 'object' ? { visits: numberOf(lateSource.visits) ?? 0, maxMinutes: numberOf(lateSource.max_minutes) ?? 0, windowMinutes: numberOf(lateSource.window_minutes) } : null;
  return { metrics, baseline: metricsOf(answer.baseline as Record<string, unknown> | undefined), unassigned, seconds, wtr, late, stoppedByCeiling: answer.stopped_by === 'ceiling', sent: answer.proposal ?? null };
}

/** The Working Time Regulations line of a proposal, in words. */
export function wtrText(wtr: Wtr): string {
  if (!wtr.restBreaches && !wtr.breakBreaches && !wtr.weeklyBreaches) return wtr.enforcement === 'refuse' ? 'No breach (the rules refuse them).' : 'No breach.';
  const parts: string[] = [];
  if (wtr.restBreaches) {
    const shortest = wtr.shortestRest !== null ? `, the shortest rest ${formatHours(wtr.shortestRest)}` : '';
    parts.push(`${wtr.restBreaches} ${wtr.restBreaches === 1 ? 'day' : 'days'} followed by less than 11 hours’ rest (${wtr.carers} ${wtr.carers === 1 ? 'carer' : 'carers'}${shortest})`);
  }
  if (wtr.breakBreaches) parts.push(`${wtr.breakBreaches} ${wtr.breakBreaches === 1 ? 'day' : 'days'} over 6 hours without a 20-minute break`);
  if (wtr.weeklyBreaches) parts.push(`${wtr.weeklyBreaches} ${wtr.weeklyBreaches === 1 ? 'carer' : 'carers'} over the 48-hour average`);
  return `${parts.join('; ')}. Set to warn: these are assigned with a warning.`;
}

/** The lateness line of a proposal, in words. */
export function lateText(late: Late): string {
  const window = late.windowMinutes !== null ? `${late.windowMinutes} minutes` : 'the punctuality window';
  if (!late.visits) return `None reached more than ${window} late.`;
  return `${late.visits} ${late.visits === 1 ? 'visit' : 'visits'} reached more than ${window} late (the latest by ${late.maxMinutes} minutes).`;
}

/** The changes a 409 from Apply lists (contract/autoassign.ts, AutoAssignConflict). */
const changesOf = (data: unknown): string[] => {
  const changes = (data as { changes?: unknown } | null)?.changes;
  return Array.isArray(changes) ? changes.map(String) : [];
};

const show = (value: number | null, unit: 'count' | 'percent' | 'minutes') => (value === null ? 'not given' : unit === 'percent' ? formatPercent(value) : unit === 'minutes' ? formatHours(value) : formatCount(value));

type Run = { apply: false } | { apply: true; proposal: unknown };

export function AutoAssign({ branchId, weekStart }: { branchId: number | null; weekStart: string }) {
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const [problem, setProblem] = useState('');
  const [changes, setChanges] = useState<string[]>([]);
  const run = useApiMutation<unknown, Run>({
    request: (variables) => api.post<unknown>(AUTO_ASSIGN_PATH, variables.apply ? { branch_id: branchId, week_start: weekStart, apply: true, proposal: variables.proposal } : { branch_id: branchId, week_start: weekStart, apply: false }),
    // A refused Apply may still mean the rota moved on: the timelines are read again either way.
    invalidates: (variables) => (variables.apply ? [apiKey(TIMELINE_PATH), apiKey(CLIENT_TIMELINE_PATH), apiKey(GLOBAL_SCHEDULE_PATH)] : []),
  });
  const propose = async () => {
    setProblem('');
    setChanges([]);
    const answer = await run.submit({ apply: false });
    if (answer.error) {
      setProposal(null);
      setProblem(answer.message || 'Auto-assign could not make a proposal.');
      return;
    }
    setProposal(readProposal(answer.data));
  };
  const apply = async () => {
    if (!proposal?.sent) {
      setProblem('This proposal cannot be applied: work out a new one.');
      return;
    }
    const answer = await run.submit({ apply: true, proposal: proposal.sent });
    if (answer.error) {
      const listed = answer.httpStatus === 409 ? changesOf(answer.data) : [];
      setChanges(listed);
      setProblem(answer.httpStatus === 409 ? 'The rota changed since this proposal was worked out, so nothing was saved.' : answer.message || 'The proposal could not be applied.');
      return;
    }
    const applied = readProposal(answer.data);
    notify({ type: 'success', message: `Auto-assign applied: ${show(applied.metrics.assigned ?? proposal?.metrics.assigned ?? null, 'count')} visits assigned.` });
    setProposal(null);
  };
  const rows: [string, keyof Metrics, 'count' | 'percent' | 'minutes'][] = [
    ['Carer places filled', 'assigned', 'count'],
    ['Carer places left empty', 'unassigned', 'count'],
    ['Continuity (carers the client knows)', 'continuity', 'percent'],
    ['Travel', 'travel', 'minutes'],
  ];
  return (
    <>
      <Button variant="secondary" onClick={() => void propose()} disabled={branchId === null || run.isPending} aria-describedby={branchId === null ? 'auto-assign-branch' : undefined}>
        {run.isPending && !proposal ? 'Working out a proposal…' : 'Auto-assign this week'}
      </Button>
      {branchId === null ? (
        <span id="auto-assign-branch" className={styles.muted}>
          Choose a branch to auto-assign its week.
        </span>
      ) : null}
      {problem && !proposal ? (
        <span role="alert" className={styles.inlineError}>
          {problem}
        </span>
      ) : null}
      <Modal
        open={proposal !== null}
        title={`Auto-assign proposal, ${period(weekStart, shiftDay(weekStart, 6))}`}
        onClose={() => setProposal(null)}
        size="large"
        footer={
          <>
            <Button variant="secondary" onClick={() => setProposal(null)}>
              Close without applying
            </Button>
            {changes.length ? (
              <Button onClick={() => void propose()} disabled={run.isPending}>
                {run.isPending ? 'Working out a proposal…' : 'Work out a new proposal'}
              </Button>
            ) : (
              <Button onClick={() => void apply()} disabled={run.isPending}>
                {run.isPending ? 'Applying…' : 'Apply'}
              </Button>
            )}
          </>
        }
      >
        {proposal ? (
          <div className={styles.panel}>
            <p>Nothing is saved until you apply. Hard rules are never broken; visits it cannot staff stay unassigned with the reason.</p>
            {problem ? (
              <div role="alert" className={styles.inlineError}>
                <p>{problem}</p>
                {changes.length ? (
                  <>
                    <p>What changed:</p>
                    <ul>
                      {changes.map((change) => (
                        <li key={change}>{change}</li>
                      ))}
                    </ul>
                  </>
                ) : null}
              </div>
            ) : null}
            <table className={styles.table}>
              <caption className={styles.visuallyHidden}>The proposal against a plain greedy baseline</caption>
              <thead>
                <tr>
                  <th scope="col">Measure</th>
                  <th scope="col">Proposal</th>
                  {proposal.baseline ? <th scope="col">Greedy baseline</th> : null}
                </tr>
              </thead>
              <tbody>
                {rows.map(([label, key, unit]) => (
                  <tr key={key}>
                    <th scope="row">{label}</th>
                    <td>{show(proposal.metrics[key], unit)}</td>
                    {proposal.baseline ? <td>{show(proposal.baseline[key], unit)}</td> : null}
                  </tr>
                ))}
              </tbody>
            </table>
            {proposal.seconds !== null ? <p className={styles.muted}>Worked out in {formatNumber(proposal.seconds, 1)} s.</p> : null}
            {proposal.stoppedByCeiling ? <p className={styles.muted}>Auto-assign reached its time ceiling before finishing: running it again may give a different proposal.</p> : null}
            {proposal.late || proposal.wtr ? (
              <dl>
                {proposal.late ? (
                  <>
                    <dt>Lateness carried over carers’ days</dt>
                    <dd>{lateText(proposal.late)}</dd>
                  </>
                ) : null}
                {proposal.wtr ? (
                  <>
                    <dt>Working Time Regulations</dt>
                    <dd>{wtrText(proposal.wtr)}</dd>
                  </>
                ) : null}
              </dl>
            ) : null}
            <h3>What stays unassigned, and why</h3>
            {proposal.unassigned.length ? (
              <ul>
                {proposal.unassigned.map((item) => (
                  <li key={item.key}>
                    <strong>{item.what}</strong>: {item.reason}
                  </li>
                ))}
              </ul>
            ) : (
              <p>Every visit of the week gets its carers.</p>
            )}
          </div>
        ) : null}
      </Modal>
    </>
  );
}
