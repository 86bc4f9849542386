import { ukDate } from '@hcm/contract/time';
import { useCallback } from 'react';
import { NavLink, useSearchParams } from 'react-router-dom';
import { Button, useSession } from '@hcm/kit';
import { isIsoDate, shiftDay, shiftMonth } from './common';
import styles from './timeline.module.css';

// The timelines' filters, kept in the address (?date=&branch_id=): the period's day, the branch, and the view.

const VIEW_LABELS: Record<string, string> = { today: 'Day', week: 'Week', 'bi-weekly': 'Two weeks', month: 'Month' };
const STEP_NAMES: Record<string, string> = { today: 'day', week: 'week', 'bi-weekly': 'two weeks', month: 'month' };

/** The period's day (default today in the UK) and the branch ('' for all the user's branches), from the address. */
export function usePeriodParams() {
  const [search, setSearch] = useSearchParams();
  const today = ukDate();
  const raw = search.get('date');
  const date = isIsoDate(raw) ? raw : today;
  const branchId = /^\d+$/.test(search.get('branch_id') ?? '') ? search.get('branch_id')! : '';
  const set = useCallback(
    (changes: Record<string, string>) =>
      setSearch(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [name, value] of Object.entries(changes)) {
            if (value) next.set(name, value);
            else next.delete(name);
          }
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );
  return { date, today, branchId, search, setDate: (value: string) => set({ date: value }), setBranch: (value: string) => set({ branch_id: value }) };
}

/** The day `view` moves to with Previous/Next. */
export function stepDate(view: string, date: string, direction: 1 | -1): string {
  if (view === 'today') return shiftDay(date, direction);
  if (view === 'week') return shiftDay(date, 7 * direction);
  if (view === 'bi-weekly') return shiftDay(date, 14 * direction);
  return shiftMonth(date, direction);
}

type ToolbarProps = {
  views: readonly string[];
  view: string;
  /** The address of the views, e.g. /app/scheduler/timeline */
  base: string;
  date: string;
  today: string;
  search: URLSearchParams;
  onDate: (date: string) => void;
  branchId?: string;
  onBranch?: (branchId: string) => void;
  children?: React.ReactNode;
};

export function PeriodToolbar({ views, view, base, date, today, search, onDate, branchId, onBranch, children }: ToolbarProps) {
  const branches = useSession((state) => state.user?.branches ?? []);
  const query = search.toString();
  const step = STEP_NAMES[view] ?? 'period';
  return (
    <div className={styles.toolbar}>
      {views.length ? (
      <nav aria-label="Period" className={styles.views}>
        {views.map((name) => (
          <NavLink key={name} to={`${base}/${name}${query ? `?${query}` : ''}`} className={({ isActive }) => (isActive ? styles.viewActive : styles.view)}>
            {VIEW_LABELS[name] ?? name}
          </NavLink>
        ))}
      </nav>
      ) : null}
      <div className={styles.dateNav}>
        <Button variant="secondary" onClick={() => onDate(stepDate(view, date, -1))}>
          Previous {step}
        </Button>
        <Button variant="secondary" onClick={() => onDate(today)} disabled={date === today}>
          Today
        </Button>
        <Button variant="secondary" onClick={() => onDate(stepDate(view, date, 1))}>
          Next {step}
        </Button>
        <label>
          Date
          <input type="date" value={date} onChange={(event) => (isIsoDate(event.target.value) ? onDate(event.target.value) : undefined)} />
        </label>
        {onBranch ? (
          <label>
            Branch
            <select value={branchId ?? ''} onChange={(event) => onBranch(event.target.value)}>
              <option value="">All my branches</option>
              {branches.map((branch) => (
                <option key={branch.id} value={String(branch.id)}>
                  {branch.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      {children ? <div className={styles.toolbarActions}>{children}</div> : null}
    </div>
  );
}
