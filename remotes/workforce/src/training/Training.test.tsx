import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CurrentUser } from '@hcm/contract';
import { api, useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import { careCertificateOf, type CareCertificate, type CarerTraining, type CarerTrainingStats, type TrainingCourse, type TrainingMatrix as Matrix } from '../../contract/training';
import TrainingMatrix from './TrainingMatrix';
import TrainingStats from './TrainingStats';
import TrainingTab from './TrainingTab';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;
const put = api.put as jest.Mock;
const ok = (data: unknown, message = 'OK') => ({ data, error: false, message, errors: null, httpStatus: 200 });
const invalid = (errors: Record<string, string[]>) => ({ data: null, error: true, message: 'The given data was invalid.', errors, httpStatus: 422 });

const course = (id: number, code: string, name: string, validity: number | null): TrainingCourse => ({ id, code, name, category: 'refresher', validity_months: validity, required_for: 'all', delivery: 'classroom' });
const courses = [course(1, 'CC', 'Care Certificate (standards 1–16)', null), course(2, 'MH', 'Moving and handling of people', 12), course(3, 'BLS', 'Basic life support and first aid', 12)];
const counts = (valid: number, expiring: number, expired: number, missing: number) => ({ valid, expiring, expired, missing });

const matrix: Matrix = {
  today: '2026-11-24',
  alert_days: 30,
  courses: [
    { ...courses[0]!, counts: counts(1, 0, 0, 1) },
    { ...courses[1]!, counts: counts(1, 1, 0, 0) },
    { ...courses[2]!, counts: counts(0, 0, 1, 1) },
  ],
  rows: [
    {
      carer_id: 4, name: 'Callum McLeod', branch: 'Leeds Supported Living', status: 'active',
      cells: [
        { course_id: 1, state: 'valid', in_progress: false, completed_on: '2024-04-15', expires_on: null },
        { course_id: 2, state: 'expiring', in_progress: false, completed_on: '2025-12-10', expires_on: '2026-12-10' },
        { course_id: 3, state: 'expired', in_progress: false, completed_on: '2025-11-04', expires_on: '2026-11-04' },
      ],
    },
    {
      carer_id: 9, name: 'Daniel Kowalski', branch: 'Camden Domiciliary', status: 'active',
      cells: [
        { course_id: 1, state: 'missing', in_progress: true, completed_on: null, expires_on: null },
        { course_id: 2, state: 'valid', in_progress: false, completed_on: '2026-09-10', expires_on: '2027-09-10' },
        { course_id: 3, state: 'missing', in_progress: false, completed_on: null, expires_on: null },
      ],
    },
  ],
  total: 2, page: 1, page_size: 50, last_page: 1,
};

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  put.mockReset();
  useSession.setState({
    status: 'authenticated',
    user: {
      userID: 2, userRole: 'office_staff', userPermissions: ['carers.view', 'carers.edit'], userUnreadMessageCount: 0,
      name: 'Oliver Office', email: 'office@homecare.test', userType: 'domiciliary', roleLabel: 'Office staff', branches: [{ id: 1, name: 'Camden Domiciliary' }, { id: 2, name: 'Leeds Supported Living' }],
    } as CurrentUser,
  });
});

function renderAt(path: string, route: string, element: ReactNode) {
  const router = createMemoryRouter([{ path: route, element }], { initialEntries: [path] });
  render(withData(<RouterProvider router={router} />));
}

describe('the training matrix', () => {
  beforeEach(() => {
    get.mockImplementation((path: string) => Promise.resolve(ok(path.endsWith('training-courses') ? courses : matrix)));
  });

  it('shows carers × courses with each state as a code and a date, a legend, counts and the export', async () => {
    renderAt('/app/carers/training-matrix', '/app/carers/training-matrix', <TrainingMatrix />);
    expect(screen.getByRole('heading', { level: 1, name: 'Training matrix' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Carer', 'CC once', 'MH 12 m', 'BLS 12 m']);
    const callum = within(table).getByRole('row', { name: /Callum McLeod/ });
    expect(within(callum).getByRole('cell', { name: 'EXP Wed 4 Nov 2026' })).toBeInTheDocument();
    expect(within(callum).getByRole('cell', { name: 'DUE Thu 10 Dec 2026' })).toBeInTheDocument();
    expect(within(callum).getByRole('cell', { name: 'OK Mon 15 Apr 2024, no expiry' })).toBeInTheDocument();
    const daniel = within(table).getByRole('row', { name: /Daniel Kowalski/ });
    expect(within(daniel).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['PROG', 'OK Fri 10 Sep 2027', 'MISS']);
    expect(within(daniel).getByRole('link', { name: 'Daniel Kowalski' })).toHaveAttribute('href', '/app/carers/9/edit/training');
    const expiredCounts = within(table).getByRole('row', { name: /^Expired \(all pages\)/ });
    expect(within(expiredCounts).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['0', '0', '1']);
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(within(legend).getByText(/within 30 days/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toMatch(/\/api\/v1\/carers\/training-matrix\.csv\?$/);
  });

  it('filters by branch, courses and state, and the export follows the filters', async () => {
    const user = userEvent.setup();
    renderAt('/app/carers/training-matrix', '/app/carers/training-matrix', <TrainingMatrix />);
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Branch'), '2');
    await user.selectOptions(screen.getByLabelText('Courses'), ['2', '3']);
    await user.selectOptions(screen.getByLabelText('State'), 'expired');
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith('api/v1/carers/training-matrix', { branch_id: '2', course_ids: '2,3', status: 'expired', search: '', page: 1, page_size: 50 }),
    );
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toMatch(/training-matrix\.csv\?branch_id=2&course_ids=2%2C3&status=expired$/);
  });
});

const training: CarerTraining = {
  carer_id: 9,
  today: '2026-11-24',
  alert_days: 30,
  courses: [
    { course: courses[0]!, required: true, state: 'missing', in_progress: true, latest: null, days_left: null },
    {
      course: courses[1]!, required: true, state: 'valid', in_progress: false, days_left: 290,
      latest: { id: 31, carer_id: 9, course_id: 2, course_name: 'Moving and handling of people', course_code: 'MH', category: 'refresher', result: 'competent', completed_on: '2026-09-10', expires_on: '2027-09-10', expiry_overridden: false, provider: 'In-house practical assessment', certificate_number: 'BHC-2026-1201', score: null, hours: 3, notes: '', recorded_by: 'Maya Manager', updated_at: '2026-09-10T15:00:00Z' },
    },
  ],
  records: [],
  counts: counts(1, 0, 0, 1),
  competence: {
    medication: { observed: 1, competent_observations: 1, required: 3, competent: false, last_observed_on: '2026-11-04' },
    catheter: { checks: 0, competent: false, assessed_on: null },
    additional: [],
    shadowing: { shifts: 3, ready_to_work_alone: true, last_shift_on: '2026-09-15' },
  },
};

const certificate: CareCertificate = careCertificateOf(
  9,
  [1, 2, 3, 4, 5, 6, 7].map((number) => ({ number, completed_on: `2026-09-${String(10 + number).padStart(2, '0')}`, assessor: 'Siân Evans (Field Care Supervisor)', notes: '', recorded_by: 'Maya Manager', updated_at: '2026-09-20T10:00:00Z' })),
);

describe('a carer’s training tab', () => {
  it('tracks the Care Certificate standard by standard, each with its day and assessor', async () => {
    const user = userEvent.setup();
    get.mockImplementation((path: string) => Promise.resolve(ok(path.endsWith('care-certificate') ? certificate : training)));
    put.mockResolvedValue(ok(certificate, 'Standard 8 (Fluids and nutrition) completed: 8 of 16.'));
    renderAt('/app/carers/9/edit/training', '/app/carers/:id/edit/training/*', <TrainingTab owner="carers" ownerId={9} ownerName="Daniel Kowalski" />);
    const section = await screen.findByRole('region', { name: 'Care Certificate' });
    const table = await within(section).findByRole('table', { name: "The Care Certificate's 16 standards" });
    expect(within(section).getByText('In progress: 7 of 16 standards completed.')).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(16);
    expect(rows[0]).toHaveTextContent('1. Understand your roleFri 11 Sep 2026Siân Evans (Field Care Supervisor)');
    expect(rows[15]).toHaveTextContent('16. Awareness of learning disability and autismNot yet');

    await user.click(within(table).getByRole('button', { name: 'Record standard 8, Fluids and nutrition' }));
    const form = within(section).getByRole('form', { name: 'Standard 8: Fluids and nutrition' });
    await user.type(within(form).getByLabelText('Completed on'), '2026-11-20');
    await user.click(within(form).getByRole('button', { name: 'Save standard' }));
    expect(await within(form).findByText('Name the assessor who signed the standard off.')).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
    await user.type(within(form).getByLabelText(/^Assessor/), 'Hannah Whitaker');
    await user.click(within(form).getByRole('button', { name: 'Save standard' }));
    await waitFor(() => expect(put).toHaveBeenCalledWith('api/v1/carers/9/care-certificate/standards/8', { completed_on: '2026-11-20', assessor: 'Hannah Whitaker', notes: '' }));
  });

  it('shows each course’s state in words and the medication competence against the rule', async () => {
    get.mockImplementation((path: string) => Promise.resolve(ok(path.endsWith('care-certificate') ? certificate : training)));
    renderAt('/app/carers/9/edit/training', '/app/carers/:id/edit/training/*', <TrainingTab owner="carers" ownerId={9} ownerName="Daniel Kowalski" />);
    const courseTable = await screen.findByRole('table', { name: 'Courses on file and required courses' });
    expect(within(within(courseTable).getByRole('row', { name: /Care Certificate/ })).getByText('In progress')).toBeInTheDocument();
    expect(within(courseTable).getByRole('row', { name: /Moving and handling/ })).toHaveTextContent('Valid expires Fri 10 Sep 2027');
    expect(screen.getByText('Not yet signed off to give medication alone')).toBeInTheDocument();
    expect(screen.getByText(/1 of 3 observed administrations assessed competent/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Medication observations' })).toHaveAttribute('href', '/app/carers/9/edit/competency-checks-new');
  });

  it('adds a record; the server’s 422 lands on its field and the typed values stay', async () => {
    const user = userEvent.setup();
    get.mockImplementation((path: string) => Promise.resolve(ok(path.endsWith('training-courses') ? courses : training)));
    post.mockResolvedValue(invalid({ completed_on: ['Completed on cannot be in the future.'] }));
    renderAt('/app/carers/9/edit/training/add', '/app/carers/:id/edit/training/*', <TrainingTab owner="carers" ownerId={9} ownerName="Daniel Kowalski" />);
    const form = await screen.findByRole('form', { name: 'Add a training record' });
    await waitFor(() => expect(within(form).getByRole('option', { name: 'Basic life support and first aid (BLS)' })).toBeInTheDocument());
    await user.click(within(form).getByRole('button', { name: 'Save record' }));
    expect(await within(form).findByText('Choose a course.')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
    await user.selectOptions(within(form).getByLabelText('Course'), '3');
    await user.type(within(form).getByLabelText('Completed on'), '2026-11-20');
    await user.type(within(form).getByLabelText('Hours'), '6');
    await user.click(within(form).getByRole('button', { name: 'Save record' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('api/v1/carers/9/training', expect.objectContaining({ course_id: '3', completed_on: '2026-11-20', hours: '6', result: 'passed' })));
    expect(await within(form).findByText('Completed on cannot be in the future.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Hours')).toHaveValue('6');
  });
});

describe('training statistics', () => {
  it('shows % compliant, hours this year and the history as labelled bars and a table', async () => {
    const stats: CarerTrainingStats = {
      carer_id: 1, today: '2026-11-24', required: 15, compliant: 14, percent_compliant: 93, counts: counts(13, 1, 0, 1), hours_this_year: 18.5, courses_this_year: 7,
      history: [2022, 2023, 2024, 2025, 2026].map((year, index) => ({ year, courses: index + 2, hours: (index + 1) * 4 })),
    };
    get.mockResolvedValue(ok(stats));
    renderAt('/app/carers/1/edit/training-stats', '/app/carers/:id/edit/training-stats/*', <TrainingStats owner="carers" ownerId={1} ownerName="Aisha Bello" />);
    expect(await screen.findByText('93%')).toBeInTheDocument();
    expect(screen.getByText(/14 of 15 required courses/)).toBeInTheDocument();
    const bars = screen.getByRole('list', { name: 'Hours of training by year' });
    expect(within(bars).getAllByRole('listitem').map((item) => item.textContent)).toContain('202620 h, 6 courses');
    const byState = screen.getByRole('table', { name: 'Required and held courses by state' });
    expect(within(byState).getByRole('row', { name: 'Missing 1' })).toBeInTheDocument();
  });
});
