import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Page } from '@hcm/contract';
import { Button, PageHeader, useCan, useRouteName, useSession } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { readSavedFilter, writeSavedFilter } from '@hcm/kit/storage';
import { ListTable, type Column } from '@hcm/kit/table';
import { APPLICANT_SOURCES, RECRUITMENT_STAGES } from '../../contract/people';
import { sourceLabel, stageLabel, type ApplicantRow } from '../../contract/recruitment';
import { styles, Tag } from './common';
import { formatDate, formatDateTime } from '@hcm/contract/format';

type Filters = { stage: string; branch_id: string; source: string };
type Saved = { filters: Filters; search: string };
const NONE: Saved = { filters: { stage: 'open', branch_id: '', source: '' }, search: '' };

/**
 * /app/recruitment/applicants: the pipeline of the user's branches, by stage (open applications by default), with
 * the days each has waited in their stage (flagged past the recruitment_stage_stale_days setting), the next
 * interview and how many pre-employment checks are clear. Filters and search stay in the `applicant` slot.
 */
export default function Applicants() {
  useRouteName('Applicants');
  const can = useCan();
  const branches = useSession((state) => state.user?.branches ?? []);
  const [saved] = useState(() => readSavedFilter<Saved>('applicant', NONE));
  const [filters, setFilters] = useState<Filters>({ ...NONE.filters, ...saved.filters });
  const [typed, setTyped] = useState(saved.search);
  const [search, setSearch] = useState(saved.search);
  const [paging, setPaging] = useState({ page: 1, pageSize: 25 });
  useEffect(() => writeSavedFilter<Saved>('applicant', { filters, search }), [filters, search]);
  const list = useApiQuery<Page<ApplicantRow>>('api/v1/recruitment/applicants', { ...filters, search, page: paging.page, page_size: paging.pageSize }, { keepPrevious: true, failure: 'The applicants could not be loaded.' });

  const choose = (key: keyof Filters, value: string) => {
    setFilters((previous) => ({ ...previous, [key]: value }));
    setPaging((previous) => ({ ...previous, page: 1 }));
  };

  const columns: Column<ApplicantRow>[] = [
    { key: 'name', label: 'Name', render: (row) => <Link to={`/app/carers/${row.id}/edit/recruitment-info`}>{row.name}</Link> },
    { key: 'stage', label: 'Stage', render: (row) => <Tag state={row.stage}>{stageLabel(row.stage)}</Tag> },
    {
      key: 'days_in_stage',
      label: 'Days in stage',
      render: (row) => (row.stale ? <Tag state="stale">{row.days_in_stage} days: waiting too long</Tag> : `${row.days_in_stage} days`),
    },
    { key: 'next_interview', label: 'Next interview', render: (row) => (row.next_interview ? formatDateTime(row.next_interview) || '—' : 'None booked') },
    {
      key: 'checks',
      label: 'Checks clear',
      render: (row) => (
        <span title={row.checks.missing.length ? `Not clear: ${row.checks.missing.join(', ')}` : 'All clear'}>
          {row.checks.clear} of {row.checks.total}
          {row.checks.missing.length ? ` (not clear: ${row.checks.missing.join(', ')})` : ''}
        </span>
      ),
    },
    { key: 'source', label: 'Source', render: (row) => sourceLabel(row.source) },
    { key: 'vacancy', label: 'Vacancy', render: (row) => row.vacancy ?? '—' },
    { key: 'branch', label: 'Branch' },
    { key: 'applied_on', label: 'Applied', render: (row) => formatDate(row.applied_on) || '—' },
  ];

  return (
    <div className={styles.screen}>
      <PageHeader
        title="Applicants"
        actions={
          <span className={styles.actions}>
            <Link to="/app/recruitment/dashboard">Dashboard</Link>
            <Link to="/app/recruitment/calendar">Interviews</Link>
            <Link to="/app/recruitment/matrix">Checks matrix</Link>
            <Link to="/app/recruitment/reports">Reports</Link>
            {can('carers.create') ? <Link to="/app/carer/add">Add applicant</Link> : null}
          </span>
        }
      />
      <form
        className={styles.filters}
        role="search"
        aria-label="Filter applicants"
        onSubmit={(event) => {
          event.preventDefault();
          setSearch(typed.trim());
          setPaging((previous) => ({ ...previous, page: 1 }));
        }}
      >
        <label>
          Search
          <input type="search" value={typed} onChange={(event) => setTyped(event.target.value)} placeholder="Name, email or town" />
        </label>
        <label>
          Stage
          <select value={filters.stage} onChange={(event) => choose('stage', event.target.value)}>
            <option value="open">Open applications</option>
            <option value="">Every stage</option>
            {RECRUITMENT_STAGES.filter((stage) => stage.value !== 'hired').map((stage) => (
              <option key={stage.value} value={stage.value}>{stage.label}</option>
            ))}
          </select>
        </label>
        <label>
          Branch
          <select value={filters.branch_id} onChange={(event) => choose('branch_id', event.target.value)}>
            <option value="">All my branches</option>
            {branches.map((branch) => (
              <option key={branch.id} value={String(branch.id)}>{branch.name}</option>
            ))}
          </select>
        </label>
        <label>
          Source
          <select value={filters.source} onChange={(event) => choose('source', event.target.value)}>
            <option value="">Any source</option>
            {APPLICANT_SOURCES.map((source) => (
              <option key={source.value} value={source.value}>{source.label}</option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="secondary">Search</Button>
      </form>
      <ListTable
        caption="Applicants"
        columns={columns}
        page={list.data ?? null}
        loading={list.isFetching}
        error={list.error ? list.error.message : null}
        onSort={() => undefined}
        onPage={(page) => setPaging((previous) => ({ ...previous, page }))}
        onPageSize={(pageSize) => setPaging({ page: 1, pageSize })}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.id}
        empty="No applicant matches these filters."
      />
    </div>
  );
}
