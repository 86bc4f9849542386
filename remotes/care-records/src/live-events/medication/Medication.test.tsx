import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CurrentUser } from '@hcm/contract';
import { api, useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import type { AvailabilityRow, MedicationEventRow } from '../../../contract';
import MedicationAvailability from './MedicationAvailability';
import Medications from './Medications';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;
const ok = (data: unknown) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });
const page = <T,>(rows: T[], total = rows.length) => ({ data: rows, total, page: 1, page_size: 20, last_page: Math.max(1, Math.ceil(total / 20)) });

const refused: MedicationEventRow = {
  id: 11, client_id: 7, client_name: 'Margaret Ellison', branch_id: 1, medicine: 'Warfarin', due_date: '2026-11-20', due_slot: '18:00', outcome: 'R', outcome_label: 'Refused',
  counts_as_given: false, given_at: '2026-11-20T18:10:00Z', recorded_at: '2026-11-20T18:11:00Z', carer_id: 5, carer_name: 'Aisha Bello', dose_given: '3 mg',
  note: 'Said she felt sick; office told.', created_via: 'device', time_critical: true, inr: '2.6',
};
const low: AvailabilityRow = {
  id: 3, client_id: 7, client_name: 'Margaret Ellison', problem: 'running-low', schedule_id: null, medicine: 'Paracetamol 500 mg tablets', quantity_left: 6, note: 'Repeat not come.',
  reported_at: '2026-11-20T09:00:00Z', carer_id: 5, carer_name: 'Aisha Bello', handled_at: null, handled_by_name: null, handled_note: '',
};

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  document.cookie = 'live_event_medication=; max-age=0; path=/';
  useSession.setState({
    status: 'authenticated',
    user: {
      userID: 2, userRole: 'office_staff', userPermissions: ['clients.view', 'clients.edit'], userUnreadMessageCount: 0,
      name: 'Oliver Office', email: 'office@homecare.test', userType: 'domiciliary', roleLabel: 'Office staff', branches: [{ id: 1, name: 'Camden' }],
    } as CurrentUser,
  });
});

function renderAt(element: React.ReactNode) {
  const router = createMemoryRouter([{ path: '/app/live-events/clients/*', element }], { initialEntries: ['/app/live-events/clients/x'] });
  render(withData(<RouterProvider router={router} />));
}

test('medication outcomes: a heading at once, the rows the API answers, and the outcome filter sent and kept in its slot', async () => {
  get.mockImplementation((path: string) => {
    if (path === 'api/v1/mar/outcome-codes') return Promise.resolve(ok([{ code: 'R', label: 'Refused' }, { code: 'A', label: 'Administered' }]));
    if (path === 'api/v1/live-events/medications') return Promise.resolve(ok(page([refused], 41)));
    return Promise.resolve(ok(page([])));
  });
  renderAt(<Medications />);
  expect(screen.getByRole('heading', { level: 1, name: 'Medication given and refused' })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: 'Medication outcomes' });
  expect(within(table).getByRole('columnheader', { name: /Outcome/ })).toBeInTheDocument();
  expect(within(table).getByText('R: Refused')).toBeInTheDocument();
  expect(screen.getByText(/of 41/)).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('option', { name: 'R: Refused' })).toBeInTheDocument());
  await userEvent.selectOptions(screen.getByLabelText('Outcome'), 'R');
  await waitFor(() => expect(get).toHaveBeenCalledWith('api/v1/live-events/medications', expect.objectContaining({ outcome: 'R', page: 1 })));
  expect(decodeURIComponent(document.cookie)).toContain('"outcome":"R"');
});

test('a stock report is marked handled with what was done', async () => {
  get.mockImplementation((path: string) => Promise.resolve(ok(path === 'api/v1/live-events/medication-availability' ? page([low]) : page([]))));
  post.mockResolvedValue(ok({ id: 3 }));
  renderAt(<MedicationAvailability />);
  expect(screen.getByRole('heading', { level: 1, name: 'Medication availability' })).toBeInTheDocument();
  await userEvent.click(await screen.findByRole('button', { name: 'Mark report 3 handled' }));
  await userEvent.type(screen.getByLabelText('What was done'), 'Rang the pharmacy: ready tomorrow.');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(post).toHaveBeenCalledWith('api/v1/live-events/medication-availability/3/handle', { note: 'Rang the pharmacy: ready tomorrow.' }));
});
