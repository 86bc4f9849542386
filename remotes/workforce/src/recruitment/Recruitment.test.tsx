import { ukDate } from '@hcm/contract/time';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CurrentUser } from '@hcm/contract';
import { api, useSession } from '@hcm/kit';
import { readSavedFilter } from '@hcm/kit/storage';
import { withData } from '@hcm/kit/testing';
import type { ApplicantRow, RecruitmentDashboard, RecruitmentInfo as Info, SurveyDue } from '../../contract/recruitment';
import RecruitmentInfo from './RecruitmentInfo';
import RecruitmentScreens from './Screens';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;
const ok = (data: unknown, message = 'OK') => ({ data, error: false, message, errors: null, httpStatus: 200 });
const invalid = (errors: Record<string, string[]>) => ({ data: null, error: true, message: 'The given data was invalid.', errors, httpStatus: 422 });
const page = <T,>(rows: T[]) => ({ data: rows, total: rows.length, page: 1, page_size: 25, last_page: 1 });

const applicant = (id: number, name: string, extra: Partial<ApplicantRow> = {}): ApplicantRow => ({
  id, name, stage: 'interview', source: 'referral', branch_id: 1, branch: 'Camden', applied_on: '2026-11-06', days_in_stage: 12, stale: false,
  next_interview: '2026-11-26T10:00:00.000Z', checks: { clear: 2, total: 6, missing: ['DBS check', 'Right to work', 'Two references', 'Photo ID'] }, vacancy: 'Care Worker – Camden',
  email: 'x@homecare.test', phone: '07700 900100', ...extra,
});

const info = (extra: Partial<Info> = {}): Info => ({
  id: 46, name: 'Ella Jones', status: 'applicant', stage: 'ready', source: 'website', applied_on: '2026-09-29', start_date: null, rejection_reason: '', email: 'ella.jones@homecare.test',
  staffcode_id: 1, band_id: 1, contract_type: 'part-time', contracted_hours: null, vacancy: { id: 4, title: 'Bank Care Worker – Leeds' },
  history: [
    { id: 1, from_stage: null, to_stage: 'applied', reason: '', moved_at: '2026-09-29T10:00:00.000Z', moved_by: null },
    { id: 2, from_stage: 'checks', to_stage: 'ready', reason: 'All checks clear.', moved_at: '2026-11-16T10:00:00.000Z', moved_by: 'Oliver Office' },
  ],
  interviews: [],
  checks: ['DBS check', 'Right to work'].map((label, index) => ({ key: `k${index}`, label, clear: true, detail: 'Seen and checked.' })),
  missing: [], has_account: false, ...extra,
});

let answers: Record<string, unknown>;
function signIn(permissions: string[]) {
  useSession.setState({
    status: 'authenticated',
    user: {
      userID: 2, userRole: 'office_staff', userPermissions: permissions, userUnreadMessageCount: 0,
      name: 'Oliver Office', email: 'office@homecare.test', userType: 'domiciliary', roleLabel: 'Office staff', branches: [{ id: 1, name: 'Camden' }],
    } as CurrentUser,
  });
}

beforeEach(() => {
  document.cookie.split(';').forEach((cookie) => (document.cookie = `${cookie.split('=')[0]!.trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`));
  get.mockReset();
  post.mockReset();
  answers = {};
  get.mockImplementation((path: string) => Promise.resolve(ok(answers[path] ?? page([]))));
  signIn(['carers.view', 'carers.create', 'carers.edit', 'recruitment.view', 'recruitment.edit', 'carer-messages.send']);
});

function renderAt(prefix: string, path: string) {
  const router = createMemoryRouter([{ path: `/app/${prefix}/*`, element: <RecruitmentScreens prefix={prefix} /> }], { initialEntries: [path] });
  render(withData(<RouterProvider router={router} />));
}

function renderInfo(extra: Partial<Info> = {}) {
  answers['api/v1/recruitment/applicants/46'] = info(extra);
  answers['api/v1/recruitment/vacancies'] = [];
  answers['api/v1/staffcodes'] = page([{ id: 1, name: 'Care Worker' }, { id: 2, name: 'Senior Care Worker' }]);
  answers['api/v1/bands'] = page([{ id: 1, name: 'Band 1' }]);
  const router = createMemoryRouter([{ path: '/app/carers/:id/edit/recruitment-info/*', element: <RecruitmentInfo owner="carers" ownerId={46} ownerName="Ella Jones" /> }], { initialEntries: ['/app/carers/46/edit/recruitment-info'] });
  render(withData(<RouterProvider router={router} />));
}

test('/app/recruitment/applicants: the pipeline in words with checks and days in stage; filters kept in the applicant slot', async () => {
  answers['api/v1/recruitment/applicants'] = page([applicant(3, 'Yasmin Ali'), applicant(2, 'George Taylor', { stage: 'screening', days_in_stage: 20, stale: true, next_interview: null })]);
  renderAt('recruitment', '/app/recruitment/applicants');
  expect(screen.getByRole('heading', { level: 1, name: 'Applicants' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Add applicant' })).toHaveAttribute('href', '/app/carer/add');
  const yasmin = await screen.findByRole('row', { name: /Yasmin Ali/ });
  expect(within(yasmin).getByRole('link', { name: 'Yasmin Ali' })).toHaveAttribute('href', '/app/carers/3/edit/recruitment-info');
  expect(yasmin).toHaveTextContent('2 of 6 (not clear: DBS check, Right to work, Two references, Photo ID)');
  expect(screen.getByRole('row', { name: /George Taylor/ })).toHaveTextContent('20 days: waiting too long');
  expect(get).toHaveBeenCalledWith('api/v1/recruitment/applicants', expect.objectContaining({ stage: 'open' }));

  await userEvent.selectOptions(screen.getByLabelText('Source'), 'indeed');
  await waitFor(() => expect(get).toHaveBeenLastCalledWith('api/v1/recruitment/applicants', expect.objectContaining({ source: 'indeed', page: 1 })));
  expect(readSavedFilter<{ filters: { source: string } }>('applicant', { filters: { source: '' } }).filters.source).toBe('indeed');
});

test('recruitment info: a ready applicant has the Hire form; the server’s errors land on their fields', async () => {
  renderInfo();
  expect(await screen.findByRole('heading', { level: 2, name: 'Recruitment' })).toBeInTheDocument();
  expect(screen.getByRole('table', { name: /Every move of Ella Jones/ })).toHaveTextContent('All checks clear.');
  const form = screen.getByRole('form', { name: 'Hire' });
  post.mockResolvedValueOnce(invalid({ start_date: ['Start date must be a date.'] }));
  await userEvent.type(within(form).getByLabelText('Start date'), '2026-12-01');
  await userEvent.click(within(form).getByRole('button', { name: 'Hire Ella Jones' }));
  await waitFor(() => expect(post).toHaveBeenCalledWith('api/v1/recruitment/applicants/46/hire', expect.objectContaining({ start_date: '2026-12-01', contract_type: 'part-time', staffcode_id: '1' })));
  expect(await within(form).findByText('Start date must be a date.')).toBeInTheDocument();
});

test('recruitment info: not ready names what is missing; a rejection needs a reason before it is sent', async () => {
  renderInfo({ stage: 'checks', missing: ['DBS check'], checks: [{ key: 'dbs', label: 'DBS check', clear: false, detail: 'Not recorded yet.' }] });
  expect(await screen.findByText('The Hire form opens once the applicant is at Ready to start.')).toBeInTheDocument();
  expect(screen.queryByRole('form', { name: 'Hire' })).not.toBeInTheDocument();
  expect(screen.getByRole('list', { name: 'Pre-employment checks' })).toHaveTextContent('DBS check: Not clear Not recorded yet.');
  const move = screen.getByRole('form', { name: 'Move to another stage' });
  await userEvent.selectOptions(within(move).getByLabelText('Move to'), 'rejected');
  await userEvent.click(within(move).getByRole('button', { name: 'Move' }));
  expect(await within(move).findByText(/Say why the application ends/)).toBeInTheDocument();
  expect(api.put).not.toHaveBeenCalled();
});

test('L8: a javascript: video link is refused on the form with the schema’s message, before anything is sent', async () => {
  renderInfo({ stage: 'screening' });
  await userEvent.click(await screen.findByRole('button', { name: 'Book an interview' }));
  const form = screen.getByRole('form', { name: 'Book an interview' });
  await userEvent.type(within(form).getByLabelText('Video link'), 'javascript:alert(document.cookie)');
  await userEvent.type(within(form).getByLabelText('Interviewers'), 'Marcus Webb');
  await userEvent.click(within(form).getByRole('button', { name: 'Book interview' }));
  expect(await within(form).findByText('Video link must start with http:// or https://.')).toBeInTheDocument();
  expect(post).not.toHaveBeenCalled();
});

const storedInterview = (id: number, video_link: string, date = '2026-11-26') => ({
  id, carer_id: 46, carer_name: 'Ella Jones', branch: 'Camden', stage: 'interview' as const, date, start_time: '10:00', end_time: '11:00',
  starts_at: `${date}T10:00:00.000Z`, location: 'Camden office', video_link, interviewers: 'Marcus Webb', status: 'scheduled' as const, notes: '',
});

test('Issue 26: a video link stored before L8 (javascript:, data:) is plain text, never a link; an https one is a link', async () => {
  renderInfo({
    stage: 'interview',
    interviews: [storedInterview(1, 'javascript:alert(document.cookie)'), storedInterview(2, 'data:text/html,<script>alert(1)</script>'), storedInterview(3, 'https://meet.example/abc')],
  });
  const section = await screen.findByRole('region', { name: 'Interviews' });
  const items = within(within(section).getByRole('list')).getAllByRole('listitem');
  expect(within(items[0]!).queryByRole('link')).toBeNull();
  expect(within(items[0]!).getByText(/video call at javascript:alert\(document\.cookie\) \(not a web address/)).toBeInTheDocument();
  expect(within(items[1]!).queryByRole('link')).toBeNull();
  expect(within(items[2]!).getByRole('link', { name: 'video call' })).toHaveAttribute('href', 'https://meet.example/abc');
  expect(document.querySelector('a[href^="javascript:"], a[href^="data:"]')).toBeNull();
});

test('Issue 26: the interviews calendar shows a stored javascript: video link as plain text, never a link', async () => {
  const today = ukDate();
  answers['api/v1/recruitment/interviews'] = [storedInterview(1, 'javascript:alert(1)', today), storedInterview(2, 'http://meet.example/x', today)];
  renderAt('recruitment', '/app/recruitment/calendar');
  const [bad, good] = within(await screen.findByRole('list')).getAllByRole('listitem');
  expect(within(bad!).getAllByRole('link').map((link) => link.textContent)).toEqual(['Ella Jones']);
  expect(within(bad!).getByText(/video call at javascript:alert\(1\)/)).toBeInTheDocument();
  expect(within(good!).getByRole('link', { name: 'video call' })).toHaveAttribute('href', 'http://meet.example/x');
  expect(document.querySelector('a[href^="javascript:"]')).toBeNull();
});

test('a hired carer’s tab shows how they were recruited, without forms', async () => {
  renderInfo({ status: 'active', stage: 'hired', start_date: '2026-09-07', has_account: true });
  expect(await screen.findByRole('heading', { level: 2, name: 'How they were recruited' })).toBeInTheDocument();
  expect(screen.queryByRole('form')).not.toBeInTheDocument();
});

test('the dashboard shows the funnel as a table with figures beside the bars', async () => {
  const dashboard: RecruitmentDashboard = {
    period: 'year', from: '2026-01-01', to: '2026-11-24', applied: 5, hired: 1, rejected: 1, withdrawn: 0, conversion: 20, average_days_to_hire: 50, hires_counted: 1,
    funnel: [{ stage: 'applied', label: 'Applied', reached: 5, now: 1, conversion: null }, { stage: 'screening', label: 'Screening', reached: 4, now: 1, conversion: 80 }],
    sources: [{ source: 'indeed', label: 'Indeed', applied: 2, hired: 0 }], open_vacancies: [{ id: 1, title: 'Care Worker – Camden', location: 'Camden', closing_date: '2026-12-18', applicants: 4 }],
  };
  answers['api/v1/recruitment/dashboard'] = dashboard;
  renderAt('recruitment', '/app/recruitment/dashboard');
  expect(screen.getByRole('heading', { level: 1, name: 'Recruitment dashboard' })).toBeInTheDocument();
  expect(await screen.findByRole('row', { name: /Screening 4 80%/ })).toBeInTheDocument();
  expect(screen.getByText('50 days')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Care Worker – Camden' })).toHaveAttribute('href', '/app/job-vacancies/1');
  await userEvent.selectOptions(screen.getByLabelText('Applied in'), '90-days');
  await waitFor(() => expect(get).toHaveBeenLastCalledWith('api/v1/recruitment/dashboard', { period: '90-days' }));
});

test('/app/surveys/:id/due lists who has not answered, each with a reminder through their message thread', async () => {
  const due: SurveyDue = {
    survey: { id: 1, title: 'Carer satisfaction survey 2026', description: '', status: 'open', opens_on: '2026-04-01', closes_on: '2026-04-30', anonymous: false, questions: 6, submissions: 3, frequency: 'Once (no frequency declared)' },
    carers: [{ id: 1, name: 'Aisha Bello', branch: 'Camden', email: 'aisha.bello@homecare.test', user_id: 12 }, { id: 8, name: 'Grace Okafor', branch: 'Camden', email: '', user_id: null }],
    active_carers: 12, answered: 10,
  };
  answers['api/v1/recruitment/surveys/1/due'] = due;
  renderAt('surveys', '/app/surveys/1/due');
  expect(await screen.findByRole('heading', { level: 1, name: 'Carer satisfaction survey 2026: not answered' })).toBeInTheDocument();
  expect(screen.getByText(/10 of 12 active carers/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Send Aisha Bello a reminder' })).toHaveAttribute('href', '/app/communication/carer-messages/12');
  expect(screen.getByRole('row', { name: /Grace Okafor/ })).toHaveTextContent('No sign-in account to message');
});

test('every recruitment page has an h1', async () => {
  for (const [prefix, path, title] of [
    ['recruitment', '/app/recruitment/calendar', 'Interviews calendar'],
    ['recruitment', '/app/recruitment/matrix', 'Pre-employment checks'],
    ['recruitment', '/app/recruitment/reports', 'Recruitment reports'],
    ['job-vacancies', '/app/job-vacancies', 'Job vacancies'],
    ['surveys', '/app/surveys', 'Surveys'],
  ] as const) {
    answers['api/v1/recruitment/interviews'] = [];
    answers['api/v1/recruitment/matrix'] = [];
    answers['api/v1/recruitment/vacancies'] = [];
    answers['api/v1/recruitment/surveys'] = [];
    answers['api/v1/recruitment/reports'] = { year: 2026, months: [], rejection_reasons: [], time_in_stage: [] };
    const { unmount } = (() => {
      const router = createMemoryRouter([{ path: `/app/${prefix}/*`, element: <RecruitmentScreens prefix={prefix} /> }], { initialEntries: [path] });
      return render(withData(<RouterProvider router={router} />));
    })();
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    unmount();
  }
});
