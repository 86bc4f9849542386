import { useState } from 'react';
import { ErrorPanel, Loading, PageHeader, useRouteName } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import type { CqmAnswer } from '../../contract/kpis/api';
import { CQM_DEFINITIONS } from '../../contract/kpis/definitions';
import type { CqmFigures } from '../../contract/kpis/formulas';
import { Definitions, HowCounted, PeriodFields, monthStartIso, number, percent, periodProblem, styles, todayIso, type PeriodFilter } from './common';

type Measure = { key: string; label: string; show: (figures: CqmFigures) => string };

const MEASURES: Measure[] = [
  { key: 'punctuality_percent', label: 'Punctuality', show: (f) => percent(f.punctuality_percent) },
  { key: 'missed_per_1000', label: 'Missed visits', show: (f) => `${f.missed_visits} (${number(f.missed_per_1000, 1)} per 1,000)` },
  { key: 'short_percent', label: 'Short visits', show: (f) => `${f.short_visits} (${percent(f.short_percent)})` },
  { key: 'carers_per_client_week', label: 'Carers per client a week', show: (f) => number(f.carers_per_client_week, 2) },
  { key: 'mar_compliance_percent', label: 'MAR compliance', show: (f) => percent(f.mar_compliance_percent) },
  { key: 'incidents_per_1000_hours', label: 'Incidents', show: (f) => `${f.incidents} (${number(f.incidents_per_1000_hours, 1)} per 1,000 h)` },
  { key: 'safeguarding_concerns', label: 'Safeguarding concerns', show: (f) => String(f.safeguarding_concerns) },
  { key: 'complaints_per_100_clients', label: 'Complaints', show: (f) => `${f.complaints} (${number(f.complaints_per_100_clients, 1)} per 100 clients)` },
  { key: 'training_compliance_percent', label: 'Training compliance', show: (f) => percent(f.training_compliance_percent) },
  { key: 'supervision_compliance_percent', label: 'Supervision compliance', show: (f) => percent(f.supervision_compliance_percent) },
  { key: 'turnover_percent', label: 'Staff turnover (12 months)', show: (f) => `${percent(f.turnover_percent)} (${f.leavers_12m} leavers)` },
];

/** Care quality measures (/app/kpis/cqm): one column per branch, one row per measure with its definition. */
export function CareQuality() {
  useRouteName('Care quality measures');
  const [filter, setFilter] = useState<PeriodFilter>({ from: monthStartIso(), to: todayIso(), branch_id: '' });
  const problem = periodProblem(filter);
  const answer = useApiQuery<CqmAnswer>('api/v1/kpis/cqm', filter, { enabled: problem === null, keepPrevious: true });
  const data = answer.data;
  return (
    <div className={styles.screen}>
      <PageHeader title="Care quality measures" />
      <p className={styles.source}>What commissioners and CQC ask of the service: punctuality, missed and short visits, continuity, medicines, incidents, complaints and the workforce.</p>
      <PeriodFields filter={filter} onChange={(next) => setFilter((previous) => ({ ...previous, ...next }))} />
      {problem ? <p className={styles.problem} role="alert">{problem}</p> : null}
      {answer.isError ? <ErrorPanel title="The measures could not be loaded." onRetry={() => void answer.refetch()} /> : null}
      {answer.isPending && problem === null ? <Loading /> : null}
      {data ? (
        <>
          <table className={styles.table}>
            <caption>
              Care quality measures, {data.from} to {data.to}
            </caption>
            <thead>
              <tr>
                <th scope="col">Measure</th>
                {data.rows.map((row) => (
                  <th key={row.branch_id ?? 'all'} scope="col" className={styles.number}>
                    {row.branch_name}
                  </th>
                ))}
                <th scope="col">How is this counted?</th>
              </tr>
            </thead>
            <tbody>
              {MEASURES.map((measure) => (
                <tr key={measure.key}>
                  <th scope="row">{measure.label}</th>
                  {data.rows.map((row) => (
                    <td key={row.branch_id ?? 'all'} className={styles.number}>
                      {measure.show(row.figures)}
                    </td>
                  ))}
                  <td>
                    <HowCounted definition={CQM_DEFINITIONS.find((item) => item.key === measure.key)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className={styles.source}>
            Punctuality window:{' '}
            {data.rows
              .filter((row) => row.branch_id !== null)
              .map((row) => `${row.branch_name} ${row.punctuality_minutes} min`)
              .join(', ')}
            .
          </p>
          <Definitions definitions={CQM_DEFINITIONS} version={data.definitions_version} />
        </>
      ) : null}
    </div>
  );
}
