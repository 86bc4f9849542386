import { useQuery } from '@tanstack/react-query';
import type { ResourceSpec } from '@hcm/contract/engine';
import { formatDateTime } from '@hcm/contract/format';
import { api, EmptyState, resourcePath } from '@hcm/kit';
import { resourceKeys } from '@hcm/kit/data';
import styles from './resources.module.css';

type AuditEntry = {
  id: number;
  action: 'create' | 'update' | 'delete';
  at: string;
  user: { id: number; name: string } | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

const VERBS = { create: 'added', update: 'changed', delete: 'deleted' } as const;

/** The labels of the declared fields whose value differs between two versions of a row. */
export function changedFields(spec: ResourceSpec, before: Record<string, unknown> | null, after: Record<string, unknown> | null): string[] {
  if (!before || !after) return [];
  return Object.entries(spec.fields)
    .filter(([key]) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map(([, field]) => field.label);
}

/**
 * Who changed a row, when, and which fields: the audit trail the server keeps for every change. Cached below
 * the record's key, so a write to the record invalidates it too. A history that cannot be read shows none.
 */
export function ResourceHistory({ spec, id }: { spec: ResourceSpec; id: string }) {
  const { data: entries = null } = useQuery({
    queryKey: resourceKeys.history(spec.name, id),
    queryFn: async () => (await api.get<AuditEntry[]>(`${resourcePath(spec.name, id)}/audit`)).data ?? [],
  });

  return (
    <section aria-label="History" className={styles.history}>
      <h2>History</h2>
      {entries === null ? null : entries.length === 0 ? (
        <EmptyState>No recorded changes.</EmptyState>
      ) : (
        <ol className={styles.historyList}>
          {entries.map((entry) => {
            const fields = changedFields(spec, entry.before, entry.after);
            return (
              <li key={entry.id}>
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>{' '}
                {entry.user?.name ?? 'The system'} {VERBS[entry.action]} this {spec.singular}
                {fields.length ? `: ${fields.join(', ')}` : ''}.
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
