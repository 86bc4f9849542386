import { Link, useParams } from 'react-router-dom';
import { ErrorPanel, Loading, PageHeader, useCan, useRouteName } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import type { SurveyDue, SurveyRow } from '../../contract/recruitment';
import { styles, Tag } from './common';
import { formatDate } from '@hcm/contract/format';

const statusLabel = (status: string) => ({ draft: 'Draft', open: 'Open', closed: 'Closed' })[status] ?? status;
const dueText = (survey: SurveyRow) => (survey.closes_on ? `Due by ${formatDate(survey.closes_on) || '—'}` : 'No closing date');

/** /app/surveys: reference data's carer surveys with their dates, questions and answers so far. */
export function SurveyList() {
  useRouteName('Surveys');
  const answer = useApiQuery<SurveyRow[]>('api/v1/recruitment/surveys', undefined, { failure: 'The surveys could not be loaded.' });
  return (
    <div className={styles.screen}>
      <PageHeader title="Surveys" actions={<Link to="/app/datatables/carer-surveys">Edit surveys (reference data)</Link>} />
      {answer.error ? <ErrorPanel title="The surveys could not be loaded" onRetry={() => void answer.refetch()}>{answer.error.message}</ErrorPanel> : null}
      {!answer.data && !answer.error ? <Loading label="Loading the surveys…" /> : null}
      {answer.data && !answer.data.length ? <p>No carer survey is recorded. Add one in reference data (Carer surveys).</p> : null}
      {answer.data?.length ? (
        <table className={styles.table}>
          <caption>Carer surveys</caption>
          <thead>
            <tr><th scope="col">Survey</th><th scope="col">Status</th><th scope="col">Opens</th><th scope="col">Due</th><th scope="col">How often</th><th scope="col">Questions</th><th scope="col">Answers</th><th scope="col">Who has not answered</th></tr>
          </thead>
          <tbody>
            {answer.data.map((survey) => (
              <tr key={survey.id}>
                <th scope="row">{survey.title}{survey.anonymous ? ' (anonymous)' : ''}</th>
                <td><Tag state={survey.status === 'open' ? 'done' : 'in-progress'}>{statusLabel(survey.status)}</Tag></td>
                <td>{formatDate(survey.opens_on) || '—'}</td>
                <td>{dueText(survey)}</td>
                <td>{survey.frequency}</td>
                <td>{survey.questions}</td>
                <td>{survey.submissions}</td>
                <td><Link to={`/app/surveys/${survey.id}/due`}>Carers yet to answer</Link></td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

/**
 * /app/surveys/:id/due: the active carers of the user's branches who have not answered the survey (a submission
 * names its respondent). A reminder is a message in the carer's thread (the communication screens), linked from
 * each row; an anonymous survey cannot tell who answered, so it lists nobody and says so.
 */
export function SurveyDuePage() {
  const { id = '' } = useParams();
  const can = useCan();
  const answer = useApiQuery<SurveyDue>(`api/v1/recruitment/surveys/${id}/due`, undefined, { failure: 'This survey could not be loaded.' });
  const data = answer.data;
  useRouteName(data ? `${data.survey.title}: not answered` : 'Survey');
  if (answer.error) return <ErrorPanel title="This survey could not be loaded">{answer.error.message}</ErrorPanel>;
  if (!data) return <Loading label="Loading who has not answered…" />;
  const { survey } = data;
  return (
    <div className={styles.screen}>
      <PageHeader title={`${survey.title}: not answered`} actions={<Link to="/app/surveys">All surveys</Link>} />
      <p>
        {statusLabel(survey.status)}. Opened {formatDate(survey.opens_on) || '—'}; {dueText(survey).toLowerCase()}. {data.answered} of {data.active_carers} active carers in your branches have answered.
      </p>
      {survey.anonymous ? (
        <p className={styles.notice}>This survey is anonymous: answers do not say who gave them, so nobody can be listed. Send everyone a reminder with a notice instead.</p>
      ) : data.carers.length ? (
        <table className={styles.table}>
          <caption>Active carers who have not answered ({data.carers.length})</caption>
          <thead>
            <tr><th scope="col">Carer</th><th scope="col">Branch</th><th scope="col">Email</th><th scope="col">Reminder</th></tr>
          </thead>
          <tbody>
            {data.carers.map((carer) => (
              <tr key={carer.id}>
                <th scope="row"><Link to={`/app/carers/${carer.id}/edit/csw-details`}>{carer.name}</Link></th>
                <td>{carer.branch}</td>
                <td>{carer.email || '—'}</td>
                <td>
                  {carer.user_id && can('carer-messages.send') ? (
                    <Link to={`/app/communication/carer-messages/${carer.user_id}`}>Send {carer.name} a reminder</Link>
                  ) : carer.user_id ? 'Ask someone who messages carers' : 'No sign-in account to message'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>Every active carer in your branches has answered.</p>
      )}
    </div>
  );
}
