import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import { DEFAULT_PAGE_SIZE, type Page } from '@hcm/contract';
import { AUDIT_ACTIONS, type AuditPerson, type AuditRecordType, type AuditTrailEntry } from '@hcm/contract/engine';
import { PageHeader, useRouteName } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { ListTable, type Column } from '@hcm/kit/table';
import styles from './audit.module.css';
import { formatDateTime } from '@hcm/contract/format';

type Filters = { user_id: string; resource: string; action: string; from: string; to: string };
const NO_PEOPLE: AuditPerson[] = [];
const NO_KINDS: AuditRecordType[] = [];
const NO_FILTERS: Filters = { user_id: '', resource: '', action: '', from: '', to: '' };

/**
 * Every kind of record the trail can name, as the API describes them (GET /api/v1/audit/record-types): each
 * area's declared resources with their field labels, users, roles and the rest. Read from the server, so this
 * area never imports another area's declarations.
 */
export const RecordKinds = createContext<readonly AuditRecordType[]>([]);

const kindOf = (kinds: readonly AuditRecordType[], resource: string) => kinds.find((kind) => kind.value === resource);
const kindLabel = (kinds: readonly AuditRecordType[], resource: string) => kindOf(kinds, resource)?.label ?? resource;
const VERBS: Record<AuditTrailEntry['action'], string> = { create: 'Added', update: 'Changed', delete: 'Deleted', view: 'Viewed' };
// Bookkeeping columns every row has: they change on every save and say nothing to a reader.
const HIDDEN_KEYS = new Set(['id', 'created_at', 'updated_at', 'deleted_at']);

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Who did it: the account used, with the person who had switched to it, or a health professional. */
export function Who({ entry }: { entry: AuditTrailEntry }) {
  if (entry.health_professional) {
    return (
      <>
        {entry.health_professional.name}
        <span className={styles.via}>health professional</span>
      </>
    );
  }
  if (!entry.user) return <>The system</>;
  return (
    <>
      {entry.acting_user ? `${entry.acting_user.name} acting as ${entry.user.name}` : entry.user.name}
      {entry.ip ? <span className={styles.via}>from {entry.ip}</span> : null}
    </>
  );
}

/** The record before and after, one row per field, the changed ones marked. */
export function Changes({ entry }: { entry: AuditTrailEntry }) {
  const kinds = useContext(RecordKinds);
  if (entry.action === 'view') {
    const part = entry.after?.view;
    return <>{typeof part === 'string' && part !== 'record' ? `Viewed: ${kindLabel(kinds, part).toLowerCase()}` : 'Viewed the record'}</>;
  }
  const fieldLabels = kindOf(kinds, entry.resource)?.fields ?? {};
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])].filter((key) => !HIDDEN_KEYS.has(key));
  const changed = (key: string) => entry.action === 'update' && JSON.stringify(entry.before?.[key]) !== JSON.stringify(entry.after?.[key]);
  const changedCount = keys.filter(changed).length;
  return (
    <details className={styles.changes}>
      <summary>
        {entry.action === 'update' ? `Show changes (${changedCount} field${changedCount === 1 ? '' : 's'})` : 'Show the record'}
      </summary>
      <table>
        <caption className={styles.hidden}>Before and after</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key} className={changed(key) ? styles.changed : undefined}>
              <th scope="row">
                {fieldLabels[key] ?? key}
                {changed(key) ? <span className={styles.hidden}> (changed)</span> : null}
              </th>
              <td>{entry.before ? show(entry.before[key]) : '—'}</td>
              <td>{entry.after ? show(entry.after[key]) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** What was done to which kind of record ("Changed client"). */
function What({ entry }: { entry: AuditTrailEntry }) {
  const kinds = useContext(RecordKinds);
  return <>{`${VERBS[entry.action]} ${kindLabel(kinds, entry.resource).toLowerCase()}`}</>;
}

const COLUMNS: Column<AuditTrailEntry>[] = [
  { key: 'at', label: 'When', render: (entry) => <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> },
  { key: 'who', label: 'Who', render: (entry) => <Who entry={entry} /> },
  { key: 'what', label: 'What', render: (entry) => <What entry={entry} /> },
  { key: 'record', label: 'Record', render: (entry) => (entry.record_label ? `${entry.record_label} (#${entry.record_id})` : `#${entry.record_id}`) },
  { key: 'changes', label: 'Details', render: (entry) => <Changes entry={entry} /> },
];

/**
 * /app/audit: the audit trail, newest first: every create, update and delete (who, acting as whom, when,
 * before and after) and every view of a client's care record. Read-only, as the API is.
 */
export default function AuditTrail() {
  useRouteName('Audit trail');
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  // Who may be filtered on, and the kinds of record the trail names (both rarely change: cached).
  const people = useApiQuery<AuditPerson[]>('api/v1/audit/users').data ?? NO_PEOPLE;
  const kinds = useApiQuery<AuditRecordType[]>('api/v1/audit/record-types').data ?? NO_KINDS;
  // Every action anywhere adds to the trail: asked again each time it opens (the cached page shows meanwhile),
  // the page on screen kept while the next one loads.
  const entries = useApiQuery<Page<AuditTrailEntry>>(
    'api/v1/audit',
    { ...filters, page: paging.page, page_size: paging.pageSize },
    { failure: 'The audit trail could not be loaded.', keepPrevious: true, staleTime: 0 },
  );

  const filter = useCallback((name: keyof Filters, value: string) => {
    setFilters((previous) => ({ ...previous, [name]: value }));
    setPaging((previous) => ({ ...previous, page: 1 }));
  }, []);
  const userOptions = useMemo(() => people.map((person) => ({ value: String(person.id), label: person.name })), [people]);

  return (
    <RecordKinds.Provider value={kinds}>
      <PageHeader title="Audit trail" />
      <form className={styles.filters} aria-label="Filter the audit trail" onSubmit={(event) => event.preventDefault()}>
        <label>
          User
          <select value={filters.user_id} onChange={(event) => filter('user_id', event.target.value)}>
            <option value="">Anyone</option>
            {userOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Record type
          <select value={filters.resource} onChange={(event) => filter('resource', event.target.value)}>
            <option value="">Any</option>
            {kinds.map((kind) => (
              <option key={kind.value} value={kind.value}>
                {kind.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Action
          <select value={filters.action} onChange={(event) => filter('action', event.target.value)}>
            <option value="">Any</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action.value} value={action.value}>
                {action.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          From
          <input type="date" value={filters.from} onChange={(event) => filter('from', event.target.value)} />
        </label>
        <label>
          To
          <input type="date" value={filters.to} onChange={(event) => filter('to', event.target.value)} />
        </label>
      </form>
      <ListTable
        caption="Audit trail"
        columns={COLUMNS}
        page={entries.data ?? null}
        loading={entries.isFetching}
        error={entries.error?.message ?? null}
        onSort={() => undefined}
        onPage={(page) => setPaging((previous) => ({ ...previous, page }))}
        onPageSize={(pageSize) => setPaging({ page: 1, pageSize })}
        onRetry={() => void entries.refetch()}
        rowKey={(entry) => entry.id}
        empty="No entries match these filters."
      />
    </RecordKinds.Provider>
  );
}
