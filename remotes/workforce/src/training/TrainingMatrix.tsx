import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, EmptyState, ErrorPanel, Loading, PageHeader, useRouteName, useRuntime, useSession } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { TRAINING_STATES, type MatrixCell, type TrainingCourse, type TrainingMatrix as Matrix } from '../../contract/training';
import { StateLabel, styles } from './common';
import { formatDate } from '@hcm/contract/format';

// /app/carers/training-matrix: the carers of the user's branches × the training courses, each cell the course's
// state as a short code with its date (legend above; colour only repeats the words), counts per course under the
// table, filters by branch, course(s), state and name, 50 carers a page, and the same view as a CSV file.

const PAGE_SIZE = 50;

type Filters = { branch_id: string; course_ids: string[]; status: string; search: string };

function cellDate(cell: MatrixCell): string {
  if (cell.state === 'expired') return formatDate(cell.expires_on);
  if (cell.expires_on) return formatDate(cell.expires_on);
  if (cell.completed_on) return `${formatDate(cell.completed_on)}, no expiry`;
  return '';
}

export default function TrainingMatrix() {
  useRouteName('Training matrix');
  const branches = useSession((state) => state.user?.branches ?? []);
  const apiUrl = useRuntime((state) => state.registry.apiUrl).replace(/\/+$/, '');
  const [filters, setFilters] = useState<Filters>({ branch_id: '', course_ids: [], status: '', search: '' });
  const [typed, setTyped] = useState('');
  const [page, setPage] = useState(1);
  const catalogue = useApiQuery<TrainingCourse[]>('api/v1/carers/training-courses', undefined, { failure: 'The courses could not be loaded.' });
  const params = { branch_id: filters.branch_id, course_ids: filters.course_ids.join(','), status: filters.status, search: filters.search };
  const matrix = useApiQuery<Matrix>('api/v1/carers/training-matrix', { ...params, page, page_size: PAGE_SIZE }, { failure: 'The training matrix could not be loaded.', keepPrevious: true });
  const choose = (change: Partial<Filters>) => {
    setFilters((previous) => ({ ...previous, ...change }));
    setPage(1);
  };
  const csv = `${apiUrl}/api/v1/carers/training-matrix.csv?${new URLSearchParams(Object.entries(params).filter(([, value]) => value !== '')).toString()}`;
  const data = matrix.data;

  return (
    <>
      <PageHeader
        title="Training matrix"
        actions={
          <span className={styles.actions}>
            <a href={csv} download>
              Export CSV
            </a>
            <Link to="/app/carers">Carers</Link>
          </span>
        }
      />
      <form
        className={styles.filters}
        role="search"
        aria-label="Filter the training matrix"
        onSubmit={(event) => {
          event.preventDefault();
          choose({ search: typed.trim() });
        }}
      >
        <label>
          Branch
          <select value={filters.branch_id} onChange={(event) => choose({ branch_id: event.target.value })}>
            <option value="">All my branches</option>
            {branches.map((branch) => (
              <option key={branch.id} value={String(branch.id)}>
                {branch.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Courses
          <select
            multiple
            size={5}
            value={filters.course_ids}
            onChange={(event) => choose({ course_ids: [...event.target.selectedOptions].map((option) => option.value) })}
          >
            {(catalogue.data ?? []).map((course) => (
              <option key={course.id} value={String(course.id)}>
                {course.code}: {course.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          State
          <select value={filters.status} onChange={(event) => choose({ status: event.target.value })}>
            <option value="">Any state</option>
            {TRAINING_STATES.map((state) => (
              <option key={state.value} value={state.value}>
                Someone {state.label.toLowerCase()}
              </option>
            ))}
          </select>
        </label>
        <label>
          Carer
          <input type="search" value={typed} onChange={(event) => setTyped(event.target.value)} placeholder="Name" />
        </label>
        <Button type="submit" variant="secondary">
          Search
        </Button>
        {filters.course_ids.length ? (
          <Button variant="secondary" onClick={() => choose({ course_ids: [] })}>
            All courses
          </Button>
        ) : null}
      </form>
      <ul className={styles.legend} aria-label="Legend">
        {TRAINING_STATES.map((state) => (
          <li key={state.value}>
            <StateLabel state={state.value} short /> {state.label}
            {state.value === 'expiring' && data ? ` (within ${data.alert_days} days)` : ''}
          </li>
        ))}
        <li>
          <StateLabel state="missing" inProgress short /> in progress (counts as missing)
        </li>
        <li>
          <StateLabel state={null} short /> not required of this carer
        </li>
      </ul>
      {matrix.error ? (
        <ErrorPanel title="The training matrix could not be loaded" onRetry={() => void matrix.refetch()}>
          {matrix.error.message}
        </ErrorPanel>
      ) : !data ? (
        <Loading label="Loading the training matrix…" />
      ) : !data.rows.length ? (
        <EmptyState>No carer matches these filters.</EmptyState>
      ) : (
        <>
          <div className={styles.matrixWrap} tabIndex={0} role="region" aria-label="Training matrix, scrolls both ways">
            <table className={styles.matrix} aria-busy={matrix.isFetching}>
              <caption className={styles.muted}>
                {data.total} carer{data.total === 1 ? '' : 's'} × {data.courses.length} course{data.courses.length === 1 ? '' : 's'}, page {data.page} of {data.last_page}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Carer</th>
                  {data.courses.map((course) => (
                    <th scope="col" key={course.id} title={course.name}>
                      {course.code}
                      <small className={styles.muted}> {course.validity_months ? `${course.validity_months} m` : 'once'}</small>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row) => (
                  <tr key={row.carer_id}>
                    <th scope="row">
                      <Link to={`/app/carers/${row.carer_id}/edit/training`}>{row.name}</Link>
                      <small className={styles.muted}>
                        {' '}
                        {row.branch}
                        {row.status === 'suspended' ? ', suspended' : ''}
                      </small>
                    </th>
                    {row.cells.map((cell) => (
                      <td key={cell.course_id}>
                        <StateLabel state={cell.state} inProgress={cell.in_progress} short />
                        {cellDate(cell) ? <small> {cellDate(cell)}</small> : null}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
              <tfoot>
                {TRAINING_STATES.map((state) => (
                  <tr key={state.value}>
                    <th scope="row">{state.label} (all pages)</th>
                    {data.courses.map((course) => (
                      <td key={course.id} className={styles.number}>
                        {course.counts[state.value]}
                      </td>
                    ))}
                  </tr>
                ))}
              </tfoot>
            </table>
          </div>
          <nav className={styles.pager} aria-label="Pages of the training matrix">
            <Button variant="secondary" disabled={data.page <= 1} onClick={() => setPage(data.page - 1)}>
              Previous page
            </Button>
            <span>
              Page {data.page} of {data.last_page}
            </span>
            <Button variant="secondary" disabled={data.page >= data.last_page} onClick={() => setPage(data.page + 1)}>
              Next page
            </Button>
          </nav>
        </>
      )}
    </>
  );
}
