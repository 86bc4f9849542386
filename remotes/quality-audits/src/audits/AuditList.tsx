import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { SortMode } from '@hcm/contract';
import { PageHeader, useRouteName, useSession } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { ListTable, type Column } from '@hcm/kit/table';
import { AUDIT_DUE_SOON_DAYS, AUDIT_SORTS, AUDIT_STATES, auditRecordPath, type AuditList as AuditListPage, type AuditListSpec, type AuditRow, type AuditState } from '../../contract/audits';
import styles from './audits.module.css';
import { formatDate } from '@hcm/contract/format';

// One audit list (carers' supervisions, clients' MAR chart audits…), everything from its declaration: the summary
// cards (overdue, due soon, done in the period, outcomes), the filters kept in the address (?state=overdue&…), and
// the list, each row opening the record in its area.

const FILTER_KEYS = ['branch_id', 'state', 'outcome', 'from', 'to', 'q'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
type Filters = Record<FilterKey, string>;

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

const stateLabel = (state: AuditState) => AUDIT_STATES.find((candidate) => candidate.value === state)?.label ?? state;

function stateWords(row: AuditRow): string {
  if (row.state === 'overdue') return `Overdue by ${plural(row.days_overdue, 'day')}`;
  return stateLabel(row.state);
}

function useUrlFilters(): [Filters, (change: Partial<Filters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key) ?? ''])) as Filters;
  const change = (update: Partial<Filters>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(update)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });
  return [filters, change];
}

function columnsOf(spec: AuditListSpec): Column<AuditRow>[] {
  const sortable = (key: string) => (AUDIT_SORTS as readonly string[]).includes(key);
  return spec.columns.map(({ key, label }): Column<AuditRow> => {
    const base = { key, label, sortable: sortable(key) };
    switch (key) {
      case 'person_name':
        return {
          ...base,
          render: (row) => (
            <Link to={auditRecordPath(spec.group, row.person_id, row.tab)} aria-label={`${row.person_name}: open the ${row.record_title.toLowerCase()} record`}>
              {row.person_name}
            </Link>
          ),
        };
      case 'record_title':
        return { ...base, render: (row) => <Link to={auditRecordPath(spec.group, row.person_id, row.tab)}>{row.record_title}</Link> };
      case 'record_date':
        return { ...base, render: (row) => formatDate(row.record_date) || '—' };
      case 'next_due':
        return { ...base, render: (row) => formatDate(row.next_due) || '—' };
      case 'outcome':
        return { ...base, render: (row) => (row.outcome === null ? 'Not recorded' : row.outcome_label) };
      case 'state':
        return { ...base, render: (row) => <span className={`${styles.badge} ${row.state === 'overdue' ? styles.overdue : ''}`}>{stateWords(row)}</span> };
      default:
        return base;
    }
  });
}

export default function AuditList({ spec }: { spec: AuditListSpec }) {
  useRouteName(spec.title);
  const [filters, change] = useUrlFilters();
  const branches = useSession((state) => state.user?.branches ?? []);
  const [sorting, setSorting] = useState<{ sort?: string; mode?: SortMode }>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: 25 });
  const filterKey = JSON.stringify(filters);
  const [seenFilter, setSeenFilter] = useState(filterKey);
  if (seenFilter !== filterKey) {
    setSeenFilter(filterKey);
    setPaging((now) => ({ ...now, page: 1 }));
  }
  const params = Object.fromEntries(Object.entries({ ...filters, ...sorting }).filter(([, value]) => value !== undefined && value !== ''));
  const list = useApiQuery<AuditListPage>(`api/v1/audits/${spec.group}/${spec.kind}`, { ...params, page: paging.page, page_size: paging.pageSize }, { failure: `The ${spec.title.toLowerCase()} could not be loaded.`, keepPrevious: true });
  const summary = list.data?.summary;
  const set = (key: FilterKey) => (event: { target: { value: string } }) => change({ [key]: event.target.value });
  const toggleState = (state: AuditState) => change({ state: filters.state === state ? '' : state });
  const person = spec.group === 'carers' ? 'carer' : 'client';

  const cards: { state: AuditState | null; label: string; value: number | undefined }[] = [
    { state: 'overdue', label: 'Overdue', value: summary?.overdue },
    { state: 'due', label: `Due within ${AUDIT_DUE_SOON_DAYS} days`, value: summary?.due },
    { state: 'upcoming', label: 'Not due yet', value: summary?.upcoming },
    { state: null, label: summary ? `Recorded ${formatDate(summary.period.from)} to ${formatDate(summary.period.to)}` : 'Recorded in the period', value: summary?.done_in_period },
  ];

  return (
    <div className={styles.screen}>
      <PageHeader title={spec.title} />
      <p className={styles.muted}>{spec.description}</p>

      <section aria-label="Summary" className={styles.cards}>
        {cards.map((card) =>
          card.state ? (
            <button key={card.label} type="button" className={styles.card} aria-pressed={filters.state === card.state} onClick={() => toggleState(card.state!)}>
              <span className={styles.figure}>{card.value ?? '…'}</span>
              <span>{card.label}</span>
            </button>
          ) : (
            <div key={card.label} className={styles.card}>
              <span className={styles.figure}>{card.value ?? '…'}</span>
              <span>{card.label}</span>
            </div>
          ),
        )}
      </section>

      {summary ? (
        <table className={styles.outcomes}>
          <caption>Outcomes of the records shown by the filters (every state)</caption>
          <thead>
            <tr>
              <th scope="col">Outcome</th>
              <th scope="col">Records</th>
            </tr>
          </thead>
          <tbody>
            {summary.outcomes.map((outcome) => (
              <tr key={outcome.value}>
                <th scope="row">{outcome.label}</th>
                <td>{outcome.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}

      <form className={styles.toolbar} role="search" aria-label={`Filter the ${spec.title.toLowerCase()}`} onSubmit={(event) => event.preventDefault()}>
        <label>
          {spec.group === 'carers' ? 'Carer' : 'Client'} name
          <input type="search" value={filters.q} maxLength={100} onChange={set('q')} />
        </label>
        <label>
          Branch
          <select value={filters.branch_id} onChange={set('branch_id')}>
            <option value="">All my branches</option>
            {branches.map((branch) => (
              <option key={branch.id} value={String(branch.id)}>
                {branch.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          State
          <select value={filters.state} onChange={set('state')}>
            <option value="">Every state</option>
            {AUDIT_STATES.map((state) => (
              <option key={state.value} value={state.value}>
                {state.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Outcome
          <select value={filters.outcome} onChange={set('outcome')}>
            <option value="">Every outcome</option>
            {spec.outcomes.map((outcome) => (
              <option key={outcome.value} value={outcome.value}>
                {outcome.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Recorded from
          <input type="date" value={filters.from} onChange={set('from')} />
        </label>
        <label>
          Recorded to
          <input type="date" value={filters.to} onChange={set('to')} />
        </label>
      </form>

      <ListTable
        caption={`${spec.title}: every ${person}'s records, overdue first`}
        columns={columnsOf(spec)}
        page={list.data ?? null}
        loading={list.isFetching}
        error={list.error?.message ?? null}
        sort={sorting.sort}
        mode={sorting.mode}
        onSort={(column) => setSorting((now) => ({ sort: column, mode: now.sort === column && now.mode !== 'desc' ? 'desc' : 'asc' }))}
        onPage={(page) => setPaging((now) => ({ ...now, page }))}
        onPageSize={(pageSize) => setPaging({ page: 1, pageSize })}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.id}
        empty={Object.values(filters).some(Boolean) ? 'No record matches these filters. Clear a filter to see more.' : spec.empty}
      />
    </div>
  );
}
