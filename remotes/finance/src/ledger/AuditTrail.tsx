import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState, ErrorPanel, Loading, PageHeader, useRouteName } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { ListTable, type Column } from '@hcm/kit/table';
import type { AuditDetail, AuditRow } from '../../contract/ledger';
import { LEDGER, useListState } from './common';
import styles from './ledger.module.css';
import { formatDateTime } from '@hcm/contract/format';

const columns: Column<AuditRow>[] = [
  { key: 'changed_at', label: 'When', sortable: true, render: (row) => <Link to={`/app/finance/${row.entity_id}/audit/${row.id}`}>{formatDateTime(row.changed_at)}</Link> },
  { key: 'entity', label: 'Record', sortable: true, render: (row) => `${row.entity} ${row.entity_id}` },
  { key: 'action', label: 'Change', sortable: true },
  { key: 'summary', label: 'What happened' },
  { key: 'reason', label: 'Reason' },
  { key: 'changed_by_name', label: 'By', sortable: true },
  { key: 'branch', label: 'Branch' },
];

type Filters = { entity: string; entity_id: string; action: string; from: string; to: string; search: string };
type AuditPage = { vocabulary?: { entities: string[]; actions: string[] } };

/** /app/finance/audit-trail: every finance change, newest first; ?entity=&entity_id= narrows to one record. */
export function AuditTrail() {
  useRouteName('Finance audit trail');
  const [search] = useSearchParams();
  const list = useListState<AuditRow, Filters>(
    LEDGER.auditTrail,
    { entity: search.get('entity') ?? '', entity_id: search.get('entity_id') ?? '', action: '', from: '', to: '', search: '' },
    { sort: 'changed_at', mode: 'desc' },
  );
  const vocabulary = (list.list.data as AuditPage | undefined)?.vocabulary ?? { entities: [], actions: [] };
  return (
    <div className={styles.screen}>
      <PageHeader title="Finance audit trail" />
      <form className={styles.filters} aria-label="Filter the audit trail" onSubmit={(event) => event.preventDefault()}>
        <label>
          Record
          <select value={list.filters.entity} onChange={(event) => list.choose('entity', event.target.value)}>
            <option value="">Any</option>
            {[...new Set([...vocabulary.entities, list.filters.entity].filter(Boolean))].map((entity) => (
              <option key={entity} value={entity}>{entity}</option>
            ))}
          </select>
        </label>
        <label>
          Record number
          <input inputMode="numeric" value={list.filters.entity_id} onChange={(event) => list.choose('entity_id', event.target.value.replace(/\D/g, ''))} />
        </label>
        <label>
          Change
          <select value={list.filters.action} onChange={(event) => list.choose('action', event.target.value)}>
            <option value="">Any</option>
            {vocabulary.actions.map((action) => (
              <option key={action} value={action}>{action}</option>
            ))}
          </select>
        </label>
        <label>
          From
          <input type="date" value={list.filters.from} onChange={(event) => list.choose('from', event.target.value)} />
        </label>
        <label>
          To
          <input type="date" value={list.filters.to} onChange={(event) => list.choose('to', event.target.value)} />
        </label>
        <label>
          Search
          <input type="search" value={list.filters.search} onChange={(event) => list.choose('search', event.target.value)} />
        </label>
      </form>
      <ListTable<AuditRow>
        caption="Finance changes"
        columns={columns}
        {...list.table}
        rowKey={(row) => row.id}
        empty={<EmptyState>No change matches.</EmptyState>}
      />
    </div>
  );
}

/** Nested before/after objects as dotted field paths, so the two sides line up row by row. */
export function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (value === null || value === undefined) return prefix ? { [prefix]: '—' } : {};
  if (typeof value !== 'object') return { [prefix]: String(value) };
  const entries = Array.isArray(value) ? value.map((item, index) => [String(index + 1), item] as const) : Object.entries(value);
  return Object.assign({}, ...entries.map(([key, item]) => flatten(item, prefix ? `${prefix}.${key}` : key)));
}

/** /app/finance/:id/audit/:editid: one change with its record's state before and after, side by side. */
export function ChangeScreen({ editid }: { editid: string }) {
  useRouteName('Finance change');
  const query = useApiQuery<AuditDetail>(`${LEDGER.auditTrail}/${editid}`, undefined, { failure: 'The change could not be loaded.' });
  const change = query.data;
  const before = flatten(change?.before ?? null);
  const after = flatten(change?.after ?? null);
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return (
    <div className={styles.screen}>
      <PageHeader title={change ? `Change to ${change.entity} ${change.entity_id}` : 'Finance change'} actions={<Link to="/app/finance/audit-trail">The audit trail</Link>} />
      {query.error ? <ErrorPanel title="The change could not be loaded" onRetry={() => void query.refetch()}>{query.error.message}</ErrorPanel> : null}
      {!change && !query.error ? <Loading label="Loading the change…" /> : null}
      {change ? (
        <>
          <p>{change.summary}</p>
          <dl className={styles.figures} aria-label="The change">
            <div><dt>Change</dt><dd>{change.action}</dd></div>
            <div><dt>By</dt><dd>{change.changed_by_name || 'the system'}</dd></div>
            <div><dt>When</dt><dd>{formatDateTime(change.changed_at)}</dd></div>
            {change.reason ? <div><dt>Reason</dt><dd>{change.reason}</dd></div> : null}
          </dl>
          <div className={styles.wrap}>
            <table className={styles.table}>
              <caption>Before and after (changed values marked “changed”)</caption>
              <thead>
                <tr><th scope="col">Field</th><th scope="col">Before</th><th scope="col">After</th></tr>
              </thead>
              <tbody>
                {fields.map((field) => {
                  const changed = before[field] !== after[field];
                  return (
                    <tr key={field} className={changed ? styles.changed : undefined}>
                      <th scope="row">{field}{changed ? <span> (changed)</span> : null}</th>
                      <td>{before[field] ?? '—'}</td>
                      <td>{after[field] ?? '—'}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </div>
  );
}
