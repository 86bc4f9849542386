import { Link, useParams } from 'react-router-dom';
import { ErrorPanel, Loading, PageHeader, useRouteName } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { CONTRACT_TYPES } from '../../contract/people';
import { stageLabel, type VacancyDetail, type VacancyRow } from '../../contract/recruitment';
import { styles, Tag } from './common';
import { formatDate, formatMoney } from '@hcm/contract/format';

const contractLabel = (value: string) => (value === 'fixed-term' ? 'Fixed term' : (CONTRACT_TYPES.find((choice) => choice.value === value)?.label ?? value));
const payOf = (vacancy: VacancyRow) =>
  `${formatMoney(vacancy.pay_from_pence)}${vacancy.pay_to_pence !== vacancy.pay_from_pence ? ` to ${formatMoney(vacancy.pay_to_pence)}` : ''} ${vacancy.pay_period === 'year' ? 'a year' : 'an hour'}`;
const stagesOf = (vacancy: VacancyRow) => (vacancy.by_stage.length ? vacancy.by_stage.map((entry) => `${stageLabel(entry.stage)}: ${entry.count}`).join(', ') : 'None yet');

/** /app/job-vacancies: reference data's job vacancies (open first) with how many applied and where they are. */
export function VacancyList() {
  useRouteName('Job vacancies');
  const answer = useApiQuery<VacancyRow[]>('api/v1/recruitment/vacancies', undefined, { failure: 'The vacancies could not be loaded.' });
  return (
    <div className={styles.screen}>
      <PageHeader title="Job vacancies" actions={<Link to="/app/datatables/careers">Edit vacancies (reference data)</Link>} />
      {answer.error ? <ErrorPanel title="The vacancies could not be loaded" onRetry={() => void answer.refetch()}>{answer.error.message}</ErrorPanel> : null}
      {!answer.data && !answer.error ? <Loading label="Loading the vacancies…" /> : null}
      {answer.data && !answer.data.length ? <p>No job vacancy is recorded. Add one in reference data (Careers).</p> : null}
      {answer.data?.length ? (
        <table className={styles.table}>
          <caption>Job vacancies</caption>
          <thead>
            <tr>
              <th scope="col">Vacancy</th><th scope="col">Status</th><th scope="col">Closes</th><th scope="col">Contract</th><th scope="col">Pay</th><th scope="col">Applicants</th><th scope="col">By stage</th>
            </tr>
          </thead>
          <tbody>
            {answer.data.map((vacancy) => (
              <tr key={vacancy.id}>
                <th scope="row">
                  <Link to={`/app/job-vacancies/${vacancy.id}`}>{vacancy.title}</Link>
                  <br />
                  {vacancy.location}
                </th>
                <td><Tag state={vacancy.status === 'open' ? 'done' : 'missing'}>{vacancy.status === 'open' ? 'Open' : 'Closed'}</Tag></td>
                <td>{formatDate(vacancy.closing_date) || '—'}</td>
                <td>{contractLabel(vacancy.contract_type)}{vacancy.hours_per_week ? `, ${vacancy.hours_per_week} hours a week` : ''}</td>
                <td>{payOf(vacancy)}</td>
                <td>{vacancy.applicants}</td>
                <td>{stagesOf(vacancy)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

/** /app/job-vacancies/:id: one vacancy, its advert, and the people who applied for it with their stage. */
export function VacancyPage() {
  const { id = '' } = useParams();
  const answer = useApiQuery<VacancyDetail>(`api/v1/recruitment/vacancies/${id}`, undefined, { failure: 'This vacancy could not be loaded.' });
  const vacancy = answer.data;
  useRouteName(vacancy?.title ?? 'Job vacancy');
  if (answer.error) return <ErrorPanel title="This vacancy could not be loaded">{answer.error.message}</ErrorPanel>;
  if (!vacancy) return <Loading label="Loading the vacancy…" />;
  return (
    <div className={styles.screen}>
      <PageHeader title={vacancy.title} actions={<Link to="/app/job-vacancies">All vacancies</Link>} />
      <dl className={styles.facts}>
        <div><dt>Status</dt><dd>{vacancy.status === 'open' ? 'Open' : 'Closed'}</dd></div>
        <div><dt>Role</dt><dd>{vacancy.role ?? '—'}</dd></div>
        <div><dt>Location</dt><dd>{vacancy.location}</dd></div>
        <div><dt>Contract</dt><dd>{contractLabel(vacancy.contract_type)}{vacancy.hours_per_week ? `, ${vacancy.hours_per_week} hours a week` : ''}</dd></div>
        <div><dt>Pay</dt><dd>{payOf(vacancy)}</dd></div>
        <div><dt>Driver needed</dt><dd>{vacancy.driver_required ? 'Yes, with a car insured for business use' : 'No'}</dd></div>
        <div><dt>Closes</dt><dd>{formatDate(vacancy.closing_date) || '—'}</dd></div>
        <div><dt>Applicants by stage</dt><dd>{stagesOf(vacancy)}</dd></div>
      </dl>
      <p>{vacancy.description}</p>
      <section className={styles.section} aria-label="Applicants">
        <h2>Applicants</h2>
        {vacancy.people.length ? (
          <table className={styles.table}>
            <caption>People who applied for {vacancy.title}</caption>
            <thead>
              <tr><th scope="col">Name</th><th scope="col">Stage</th><th scope="col">Days in stage</th><th scope="col">Branch</th><th scope="col">Applied</th></tr>
            </thead>
            <tbody>
              {vacancy.people.map((person) => (
                <tr key={person.id}>
                  <th scope="row"><Link to={`/app/carers/${person.id}/edit/recruitment-info`}>{person.name}</Link></th>
                  <td>{stageLabel(person.stage)}</td>
                  <td>{person.days_in_stage}</td>
                  <td>{person.branch}</td>
                  <td>{formatDate(person.applied_on) || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p>Nobody in your branches has applied for this vacancy yet. Link an applicant from their file’s Recruitment tab.</p>
        )}
      </section>
    </div>
  );
}
