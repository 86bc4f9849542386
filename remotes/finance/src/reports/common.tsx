import { useBranchChoices } from '../lists';
import { londonDate } from '@hcm/contract/engine';
import styles from './reports.module.css';

/** The first day of last month to today: the default period of the reports. */
export function defaultPeriod(today = londonDate()): { from: string; to: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 2, 1)).toISOString().slice(0, 10);
  return { from: first, to: today };
}

export { useBranchChoices };

export type PeriodFilter = { from: string; to: string; branch_id: string };

/** The period and branch fields every report has. */
export function PeriodFields({ filter, onChange }: { filter: PeriodFilter; onChange: (next: Partial<PeriodFilter>) => void }) {
  const branches = useBranchChoices();
  return (
    <>
      <label>
        From
        <input type="date" value={filter.from} onChange={(event) => onChange({ from: event.target.value })} required />
      </label>
      <label>
        To
        <input type="date" value={filter.to} onChange={(event) => onChange({ to: event.target.value })} required />
      </label>
      <label>
        Branch
        <select value={filter.branch_id} onChange={(event) => onChange({ branch_id: event.target.value })}>
          <option value="">All my branches</option>
          {branches.map((branch) => (
            <option key={branch.id} value={String(branch.id)}>
              {branch.name}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

/** Whether the period can be asked for (both days, in order); the server checks it again. */
export const periodProblem = (filter: PeriodFilter): string | null =>
  !filter.from || !filter.to ? 'Choose the first and last day.' : filter.to < filter.from ? 'To must be on or after From.' : null;

export function Problem({ children }: { children: string }) {
  return (
    <p className={styles.error} role="alert">
      {children}
    </p>
  );
}
