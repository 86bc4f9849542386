import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Card, ErrorPanel, Loading, PageHeader, useRouteName } from '@hcm/kit';
import { LineChart } from '@hcm/kit/charts';
import { useApiQuery } from '@hcm/kit/data';
import { REGISTERS, REGISTER_KINDS, type DashboardAnswer } from '../../contract/registers';
import { formatDate, formatMonth } from '@hcm/contract/format';
import { QA_API, useBranchChoices } from './common';
import styles from './registers.module.css';

/** The quality dashboard: counts by register and status, the last 12 months by register, and what is overdue. */
export default function Dashboard() {
  useRouteName('Quality dashboard');
  const branches = useBranchChoices();
  const [branchId, setBranchId] = useState('');
  const answer = useApiQuery<DashboardAnswer>(`${QA_API}/dashboard`, branchId ? { branch_id: branchId } : {}, { failure: 'The quality dashboard could not be loaded.', keepPrevious: true });
  const data = answer.data;
  return (
    <>
      <PageHeader title="Quality dashboard" />
      <form className={styles.filters} aria-label="Choose a branch" onSubmit={(event) => event.preventDefault()}>
        <label>
          Branch
          <select value={branchId} onChange={(event) => setBranchId(event.target.value)}>
            <option value="">All my branches</option>
            {branches.map((branch) => (
              <option key={branch.id} value={String(branch.id)}>
                {branch.name}
              </option>
            ))}
          </select>
        </label>
      </form>
      {answer.error ? <ErrorPanel title={answer.error.message} onRetry={() => void answer.refetch()} /> : null}
      {!data && !answer.error ? <Loading label="Loading the quality dashboard…" /> : null}
      {data ? <Figures data={data} /> : null}
    </>
  );
}

function Figures({ data }: { data: DashboardAnswer }) {
  const count = (kind: string, status?: string) => data.counts.filter((row) => row.kind === kind && (!status || row.status === status)).reduce((sum, row) => sum + row.count, 0);
  const max = Math.max(1, ...REGISTER_KINDS.map((kind) => count(kind)));
  const series = REGISTER_KINDS.map((kind) => ({
    key: kind,
    label: REGISTERS[kind].title,
    points: data.months.map((month) => ({ key: month, label: formatMonth(month), value: data.trends.find((row) => row.kind === kind && row.month === month)?.count ?? 0 })),
  }));
  return (
    <>
      <Card title="Records by register and status">
        <table className={styles.table}>
          <caption>Records by register and status</caption>
          <thead>
            <tr>
              <th scope="col">Register</th>
              <th scope="col">Open or draft</th>
              <th scope="col">Under investigation</th>
              <th scope="col">Closed or submitted</th>
              <th scope="col">All</th>
            </tr>
          </thead>
          <tbody>
            {REGISTER_KINDS.map((kind) => {
              const total = count(kind);
              return (
                <tr key={kind}>
                  <th scope="row">
                    <Link to={`/app/quality-assurance/${kind}`}>{REGISTERS[kind].title}</Link>
                  </th>
                  <td>{kind === 'cqc-notifications' ? count(kind, 'draft') : count(kind, 'open')}</td>
                  <td>{kind === 'cqc-notifications' ? '—' : count(kind, 'under_investigation')}</td>
                  <td>{kind === 'cqc-notifications' ? count(kind, 'submitted') : count(kind, 'closed')}</td>
                  <td>
                    <span className={styles.bar} style={{ width: `${(total / max) * 8}rem` }} aria-hidden="true" />
                    {total}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </Card>
      <Card title="Overdue">
        {data.overdue.length ? (
          <table className={styles.table}>
            <caption>Overdue items ({data.overdue.length})</caption>
            <thead>
              <tr>
                <th scope="col">Record</th>
                <th scope="col">What is overdue</th>
                <th scope="col">Due</th>
                <th scope="col">Branch</th>
                <th scope="col">Summary</th>
              </tr>
            </thead>
            <tbody>
              {data.overdue.map((item) => (
                <tr key={item.id}>
                  <th scope="row">
                    <Link to={`/app/quality-assurance/${item.kind}/${item.id}/edit`}>{item.reference}</Link>
                  </th>
                  <td>{item.what}</td>
                  <td>{formatDate(item.due_on)}</td>
                  <td>{item.branch}</td>
                  <td>{item.summary.length > 80 ? `${item.summary.slice(0, 78)}…` : item.summary}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p>Nothing is overdue.</p>
        )}
      </Card>
      <Card title="The last 12 months">
        <LineChart title="Records by month and register" series={series} categoryLabel="Month" unit="count" />
      </Card>
    </>
  );
}
