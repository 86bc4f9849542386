import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ErrorPanel, Loading, PageHeader, useRouteName, useSession } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { MATRIX_CHECKS, stageLabel, type MatrixRow } from '../../contract/recruitment';
import { progressLabel, styles, Tag } from './common';

/**
 * /app/recruitment/matrix: open applicants × pre-employment checks (application form, screening, interview, two
 * references, DBS, right to work, photo ID, health declaration, work history, management approval), each cell in
 * words: done, in progress or missing, from the file's documents and the carer's compliance checks.
 */
export default function ChecksMatrix() {
  useRouteName('Pre-employment checks');
  const branchId = useId();
  const branches = useSession((state) => state.user?.branches ?? []);
  const [branch, setBranch] = useState('');
  const answer = useApiQuery<MatrixRow[]>('api/v1/recruitment/matrix', { branch_id: branch }, { keepPrevious: true, failure: 'The checks could not be loaded.' });
  const rows = answer.data ?? [];
  return (
    <div className={styles.screen}>
      <PageHeader title="Pre-employment checks" actions={<Link to="/app/recruitment/applicants">Applicants</Link>} />
      <div className={styles.filters}>
        <label htmlFor={branchId}>
          Branch
          <select id={branchId} value={branch} onChange={(event) => setBranch(event.target.value)}>
            <option value="">All my branches</option>
            {branches.map((item) => (
              <option key={item.id} value={String(item.id)}>{item.name}</option>
            ))}
          </select>
        </label>
      </div>
      {answer.error ? <ErrorPanel title="The checks could not be loaded" onRetry={() => void answer.refetch()}>{answer.error.message}</ErrorPanel> : null}
      {!answer.data && !answer.error ? <Loading label="Loading the checks…" /> : null}
      {answer.data && !rows.length ? <p>No open applicant in these branches.</p> : null}
      {rows.length ? (
        <div className={styles.matrixWrap}>
          <table className={styles.table}>
            <caption>Each open applicant’s pre-employment checks</caption>
            <thead>
              <tr>
                <th scope="col">Applicant</th>
                {MATRIX_CHECKS.map((check) => (
                  <th key={check.key} scope="col">{check.label}</th>
                ))}
                <th scope="col">Done</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row">
                    <Link to={`/app/carers/${row.id}/edit/recruitment-info`}>{row.name}</Link>
                    <br />
                    {stageLabel(row.stage)}, {row.branch}
                  </th>
                  {row.cells.map((cell) => (
                    <td key={cell.key} title={cell.detail}>
                      <Tag state={cell.progress}>{progressLabel(cell.progress)}</Tag>
                    </td>
                  ))}
                  <td>{row.done} of {row.cells.length}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
