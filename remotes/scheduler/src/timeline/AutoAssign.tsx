import { useState } from 'react';
import { api, Button, notify } from '@hcm/kit';
import { apiKey, useApiMutation } from '@hcm/kit/data';
import { Modal } from '@hcm/kit/elements';
import { AUTO_ASSIGN_PATH, CLIENT_TIMELINE_PATH, formatDay, GLOBAL_SCHEDULE_PATH, hoursText, period, shiftDay, TIMELINE_PATH } from './common';
import styles from './timeline.module.css';

// "Auto-assign this week" on the week view: asks auto-assign for a proposal (nothing saved), shows what it would
// assign, its continuity and travel against a plain greedy baseline and what stays unassigned and why, then
// "Apply" saves it.

type Metrics = { assigned: number | null; unassigned: number | null; continuity: number | null; travel: number | null };
type Left = { key: string; what: string; reason: string };
export type Proposal = { metrics: Metrics; baseline: Metrics | null; unassigned: Left[]; seconds: number | null };

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
    const when = [typeof item.date === 'string' ? formatDay(item.date) : '', typeof item.start_time === 'string' ? `${item.start_time}${typeof item.end_time === 'string' ? `–${item.end_time}` : ''}` : ''].filter(Boolean).join(' ');
    const visitId = item.visit_id ?? item.visitId;
    const name = typeof item.client_name === 'string' ? item.client_name : typeof item.clientName === 'string' ? item.clientName : `Visit ${String(visitId ?? index + 1)}`;
    const reasons = Array.isArray(item.reasons) ? (item.reasons as unknown[]).map(String).join('; ') : typeof item.reason === 'string' ? item.reason : typeof item.message === 'string' ? item.message : 'No reason given';
    return { key: `${String(visitId ?? index)}-${index}`, what: when ? `${name}, ${when}` : name, reason: reasons };
  });
  const metricsSource = (answer.metrics ?? {}) as Record<string, unknown>;
  const milliseconds = pick(answer, 'elapsed_ms', 'milliseconds') ?? pick(metricsSource, 'elapsed_ms', 'milliseconds');
  const seconds = numberOf(answer.seconds) ?? (milliseconds !== null ? milliseconds / 1000 : null);
  return { metrics, baseline: metricsOf(answer.baseline as Record<string, unknown> | undefined), unassigned, seconds };
}

const show = (value: number | null, unit: 'count' | 'percent' | 'minutes') => (value === null ? 'not given' : unit === 'percent' ? `${value} %` : unit === 'minutes' ? hoursText(value) : String(value));

export function AutoAssign({ branchId, weekStart }: { branchId: number | null; weekStart: string }) {
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const [problem, setProblem] = useState('');
  const run = useApiMutation<unknown, boolean>({
    request: (apply) => api.post<unknown>(AUTO_ASSIGN_PATH, { branch_id: branchId, week_start: weekStart, apply }),
    invalidates: (apply) => (apply ? [apiKey(TIMELINE_PATH), apiKey(CLIENT_TIMELINE_PATH), apiKey(GLOBAL_SCHEDULE_PATH)] : []),
  });
  const propose = async () => {
    setProblem('');
    const answer = await run.submit(false);
    if (answer.error) {
      setProblem(answer.message || 'Auto-assign could not make a proposal.');
      return;
    }
    setProposal(readProposal(answer.data));
  };
  const apply = async () => {
    const answer = await run.submit(true);
    if (answer.error) {
      setProblem(answer.message || 'The proposal could not be applied.');
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
            <Button onClick={() => void apply()} disabled={run.isPending}>
              {run.isPending ? 'Applying…' : 'Apply'}
            </Button>
          </>
        }
      >
        {proposal ? (
          <div className={styles.panel}>
            <p>Nothing is saved until you apply. Hard rules are never broken; visits it cannot staff stay unassigned with the reason.</p>
            {problem ? (
              <p role="alert" className={styles.inlineError}>
                {problem}
              </p>
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
            {proposal.seconds !== null ? <p className={styles.muted}>Worked out in {proposal.seconds.toFixed(1)} s.</p> : null}
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
