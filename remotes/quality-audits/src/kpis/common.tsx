import type { ReactNode } from 'react';
import type { Page } from '@hcm/contract';
import { useCan, useSession } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import type { KpiDefinition } from '../../contract/kpis/definitions';
import styles from './kpis.module.css';
import { clock } from '@hcm/contract/time';
import { formatHours, formatNumber, formatPercent } from '@hcm/contract/format';

// What the KPI screens share: the branch choices, the period fields, figures in words and the
// "How is this counted?" disclosure beside each KPI.

export { styles };

/** The user's branches (the session's); a super admin without any gets every branch. */
export function useBranchChoices(): { id: number; name: string }[] {
  const own = useSession((state) => state.user?.branches ?? []);
  const can = useCan();
  const all = useApiQuery<Page<{ id: number; name: string }>>('api/v1/branches', { page_size: 100 }, { enabled: own.length === 0 && can('branches.view') });
  return own.length ? own : (all.data?.data ?? []);
}

export const todayIso = () => clock.now().toISOString().slice(0, 10);
export const monthStartIso = () => `${todayIso().slice(0, 7)}-01`;

export type PeriodFilter = { from: string; to: string; branch_id: string };

export function PeriodFields({ filter, onChange, allBranches = true }: { filter: PeriodFilter; onChange: (next: Partial<PeriodFilter>) => void; allBranches?: boolean }) {
  const branches = useBranchChoices();
  return (
    <div className={styles.filters}>
      <label>
        From
        <input type="date" value={filter.from} onChange={(event) => onChange({ from: event.target.value })} />
      </label>
      <label>
        To
        <input type="date" value={filter.to} onChange={(event) => onChange({ to: event.target.value })} />
      </label>
      <label>
        Branch
        <select value={filter.branch_id} onChange={(event) => onChange({ branch_id: event.target.value })}>
          {allBranches ? <option value="">All my branches</option> : null}
          {branches.map((branch) => (
            <option key={branch.id} value={String(branch.id)}>
              {branch.name}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

export const periodProblem = (filter: { from: string; to: string }) => (!filter.from || !filter.to ? 'Choose both dates.' : filter.to < filter.from ? 'The end of the period must be on or after its start.' : null);

// The figures in the product's one style (@hcm/contract/time), with "No data" where a rate has no denominator.
export const percent = (value: number | null) => (value === null ? 'No data' : formatPercent(value));
export const number = (value: number | null, digits = 0) => (value === null ? 'No data' : formatNumber(value, digits));
/** Decimal hours (as the KPI formulas give them) as a duration: 463.25 → "463 h 15 min". */
export const hours = (value: number) => formatHours(value * 60);

/** A KPI's definition in a native disclosure: keyboard reachable, read by screen readers. */
export function HowCounted({ definition }: { definition: KpiDefinition | undefined }) {
  if (!definition) return null;
  return (
    <details className={styles.how}>
      <summary>
        How is this counted?<span className={styles.hidden}> ({definition.label})</span>
      </summary>
      <p>{definition.formula}</p>
      <p className={styles.source}>Source: {definition.source}</p>
    </details>
  );
}

export function Definitions({ definitions, version }: { definitions: readonly KpiDefinition[]; version: string }): ReactNode {
  return (
    <details className={styles.how}>
      <summary>All definitions ({version})</summary>
      <dl>
        {definitions.map((definition) => (
          <div key={definition.key}>
            <dt>{definition.label}</dt>
            <dd>
              {definition.formula} <span className={styles.source}>Source: {definition.source}</span>
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
