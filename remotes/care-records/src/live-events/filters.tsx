import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Page, SavedFilterSlot } from '@hcm/contract';
import { useSession } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { useSavedFilter } from '@hcm/kit/storage';

// What the clients' live-events lists share about their filters: where a filter is kept (the list's saved-filter
// slot, or the address when the spec gives it none, so a link keeps it) and the who-and-when fields of the
// toolbar (dates, branch, client, carer).

export type FilterValues = Record<string, string>;
export type FilterStore<F extends FilterValues> = [F, (update: (previous: F) => F) => void];

/** The filter in a saved-filter slot (restored when the user comes back). */
export function useSlotFilter<F extends FilterValues>(slot: SavedFilterSlot, empty: F): FilterStore<F> {
  const [filter, setFilter] = useSavedFilter<F>(slot, empty);
  return [filter, setFilter];
}

/** The filter in the address (?from=&kind=…); a key holding its empty value is left out of the address. */
export function useUrlFilter<F extends FilterValues>(empty: F): FilterStore<F> {
  const [params, setParams] = useSearchParams();
  const read = useCallback((source: URLSearchParams) => Object.fromEntries(Object.entries(empty).map(([key, value]) => [key, source.get(key) ?? value])) as F, [empty]);
  const setFilter = useCallback(
    (update: (previous: F) => F) =>
      setParams((current) => {
        const next = update(read(current));
        return Object.fromEntries(Object.keys(empty).filter((key) => next[key] !== empty[key]).map((key) => [key, next[key]!]));
      }),
    [empty, read, setParams],
  );
  return [read(params), setFilter];
}

type ClientChoice = { id: number; first_name: string; last_name: string };
type CarerChoice = { id: number; name: string };
type WhoWhen = { from: string; to: string; branch_id: string; client_id: string; carer_id: string };

/** From and to, branch, client and (unless `carer` is false) carer: the first fields of a live list's toolbar. */
export function WhoWhenFields({ filter, change, carer = true }: { filter: WhoWhen; change: (key: keyof WhoWhen) => (event: { target: { value: string } }) => void; carer?: boolean }) {
  const branches = useSession((state) => state.user?.branches ?? []);
  const clients = useApiQuery<Page<ClientChoice>>('api/v1/clients', { page: 1, page_size: 100, sort: 'last_name', mode: 'asc' });
  const carers = useApiQuery<CarerChoice[]>('api/v1/carers/rota', undefined, { enabled: carer });
  return (
    <>
      <label>
        From
        <input type="date" value={filter.from} onChange={change('from')} />
      </label>
      <label>
        To
        <input type="date" value={filter.to} onChange={change('to')} />
      </label>
      <label>
        Branch
        <select value={filter.branch_id} onChange={change('branch_id')}>
          <option value="">All my branches</option>
          {branches.map((branch) => <option key={branch.id} value={String(branch.id)}>{branch.name}</option>)}
        </select>
      </label>
      <label>
        Client
        <select value={filter.client_id} onChange={change('client_id')}>
          <option value="">All clients</option>
          {(clients.data?.data ?? []).map((client) => <option key={client.id} value={String(client.id)}>{client.last_name}, {client.first_name}</option>)}
        </select>
      </label>
      {carer ? (
        <label>
          Carer
          <select value={filter.carer_id} onChange={change('carer_id')}>
            <option value="">All carers</option>
            {(Array.isArray(carers.data) ? carers.data : []).map((one) => <option key={one.id} value={String(one.id)}>{one.name}</option>)}
          </select>
        </label>
      ) : null}
    </>
  );
}
