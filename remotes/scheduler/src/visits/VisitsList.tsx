import { ukDate } from '@hcm/contract/time';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, PageHeader, useCan, useRouteName } from '@hcm/kit';
import { readSavedFilter, writeSavedFilter } from '@hcm/kit/storage';
import { VISIT_STATUSES } from '../../contract/visits';
import { shiftDay, styles, useBranchChoices, useVisitChoices } from './common';
import { VisitTable } from './VisitTable';

export type VisitFilters = { from: string; to: string; branch_id: string; client_id: string; carer_id: string; status: string; funder_code_id: string; unassigned: '' | '1'; q: string };

export const noVisitFilters = (): VisitFilters => {
  const today = ukDate();
  return { from: today, to: shiftDay(today, 6), branch_id: '', client_id: '', carer_id: '', status: '', funder_code_id: '', unassigned: '', q: '' };
};

/**
 * /app/visits: the visits of the user's branches, filtered by date range, branch, client, carer, status, funder and
 * "unassigned only", searched by client name. The filter is kept in the `visit` saved-filter slot.
 */
export default function VisitsList() {
  useRouteName('Visits');
  const can = useCan();
  const branches = useBranchChoices();
  const choices = useVisitChoices();
  const [filters, setFilters] = useState<VisitFilters>(() => readSavedFilter<VisitFilters>('visit', noVisitFilters()));
  const [typed, setTyped] = useState(filters.q);
  useEffect(() => writeSavedFilter<VisitFilters>('visit', filters), [filters]);
  const choose = (key: keyof VisitFilters, value: string) => setFilters((previous) => ({ ...previous, [key]: value }));

  return (
    <div className={styles.screen}>
      <PageHeader
        title="Visits"
        actions={
          <span className={styles.actions}>
            <Link to="/app/visits/logs">Visit history</Link>
            {can('visits.correct') ? <Link to="/app/visits/backoffice">Back-office corrections</Link> : null}
            {can('visits.edit') ? <Link to="/app/visits/csv-imports">CSV imports</Link> : null}
            {can('visits.edit') ? <Link to="/app/visits/add">Add a visit</Link> : null}
          </span>
        }
      />
      <form
        className={styles.filters}
        role="search"
        aria-label="Filter visits"
        onSubmit={(event) => {
          event.preventDefault();
          choose('q', typed.trim());
        }}
      >
        <label>
          From
          <input type="date" value={filters.from} onChange={(event) => choose('from', event.target.value)} />
        </label>
        <label>
          To
          <input type="date" value={filters.to} onChange={(event) => choose('to', event.target.value)} />
        </label>
        <label>
          Branch
          <select value={filters.branch_id} onChange={(event) => choose('branch_id', event.target.value)}>
            <option value="">All my branches</option>
            {branches.map((branch) => <option key={branch.value} value={branch.value}>{branch.label}</option>)}
          </select>
        </label>
        <label>
          Client
          <select value={filters.client_id} onChange={(event) => choose('client_id', event.target.value)}>
            <option value="">Any client</option>
            {choices.clients.map((client) => <option key={client.value} value={client.value}>{client.label}</option>)}
          </select>
        </label>
        <label>
          Carer
          <select value={filters.carer_id} onChange={(event) => choose('carer_id', event.target.value)}>
            <option value="">Any carer</option>
            {choices.carers.map((carer) => <option key={carer.value} value={carer.value}>{carer.label}</option>)}
          </select>
        </label>
        <label>
          Status
          <select value={filters.status} onChange={(event) => choose('status', event.target.value)}>
            <option value="">Any status</option>
            {VISIT_STATUSES.map((status) => <option key={status.value} value={status.value}>{status.label}</option>)}
          </select>
        </label>
        <label>
          Funder
          <select value={filters.funder_code_id} onChange={(event) => choose('funder_code_id', event.target.value)}>
            <option value="">Any funder</option>
            {choices.funders.map((funder) => <option key={funder.value} value={funder.value}>{funder.label}</option>)}
          </select>
        </label>
        <label className={styles.checkbox}>
          <input type="checkbox" checked={filters.unassigned === '1'} onChange={(event) => choose('unassigned', event.target.checked ? '1' : '')} />
          Unassigned only
        </label>
        <label>
          Search
          <input type="search" value={typed} onChange={(event) => setTyped(event.target.value)} placeholder="Client name" />
        </label>
        <Button type="submit" variant="secondary">Search</Button>
        <Button
          variant="secondary"
          onClick={() => {
            setTyped('');
            setFilters(noVisitFilters());
          }}
        >
          Clear filters
        </Button>
      </form>
      <VisitTable caption="Visits" filters={filters} linkOf={(row) => `/app/visits/${row.id}`} />
    </div>
  );
}
