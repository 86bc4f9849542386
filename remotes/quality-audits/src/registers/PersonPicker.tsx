import { useState } from 'react';
import type { Page } from '@hcm/contract';
import { Button, useCan } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import type { PersonInvolved } from '../../contract/registers';
import styles from './registers.module.css';

type Named = { id: number; first_name: string; last_name: string };

// The person picker: searches the other areas' own lists (care-records' clients, workforce's carers and office
// employees) through their APIs, with the user's permissions and branches; the name is kept as it is now.
const SOURCES = [
  { type: 'client', label: 'Clients', path: 'api/v1/clients', permission: 'clients.view' },
  { type: 'carer', label: 'Carers', path: 'api/v1/carers', permission: 'carers.view' },
  { type: 'employee', label: 'Office employees', path: 'api/v1/employees', permission: 'employees.view' },
] as const;

export function PersonPicker({ onPick }: { onPick: (person: Omit<PersonInvolved, 'role'>) => void }) {
  const can = useCan();
  const sources = SOURCES.filter((source) => can(source.permission));
  const [type, setType] = useState<string>(sources[0]?.type ?? 'client');
  const [search, setSearch] = useState('');
  const source = sources.find((one) => one.type === type) ?? sources[0];
  const found = useApiQuery<Page<Named>>(source?.path ?? 'api/v1/clients', { search, page_size: 8 }, { enabled: Boolean(source) && search.trim().length >= 2, failure: 'The search failed.' });
  if (!source) return null;
  return (
    <div className={styles.row} role="search" aria-label="Find a person involved">
      <label>
        Find in
        <select value={type} onChange={(event) => setType(event.target.value)}>
          {sources.map((one) => (
            <option key={one.type} value={one.type}>
              {one.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Name to find
        <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Two letters or more" />
      </label>
      {search.trim().length >= 2 ? (
        <ul className={styles.results} aria-live="polite" aria-label="People found">
          {found.isFetching && !found.data ? <li>Searching…</li> : null}
          {found.error ? <li>{found.error.message}</li> : null}
          {found.data && !found.data.data.length ? <li>Nobody found.</li> : null}
          {found.data?.data.map((person) => {
            const name = `${person.first_name} ${person.last_name}`;
            return (
              <li key={person.id}>
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() => {
                    onPick({ person_type: source.type, person_id: person.id, name });
                    setSearch('');
                  }}
                >
                  Add {name}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
