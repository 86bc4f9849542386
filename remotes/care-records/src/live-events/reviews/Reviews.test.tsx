import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CurrentUser } from '@hcm/contract';
import { api, useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import Area from '../../Area';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;
const ok = (data: unknown, httpStatus = 200) => ({ data, error: false, message: 'OK', errors: null, httpStatus });
const page = (rows: unknown[]) => ({ data: rows, total: rows.length, page: 1, page_size: 25, last_page: 1 });

const bruise = {
  id: 41, client_id: 2, client_name: 'Desmond Achebe', branch_id: 1, category: 'personal-care', category_label: 'Personal care', visit_date: '2026-11-17',
  planned_time: '17:00', written_at: '2026-11-17T17:40:00Z', author_name: 'Grace Mensah', note: 'Noticed a bruise on his left forearm he could not explain.',
  concern: false, flags: ['safeguarding'], audit: null,
};
const overdue = {
  key: 'overdue-9', alert: 'overdue', client_id: 1, client_name: 'Margaret Ellison', branch_id: 1, document_id: 9, kind: 'choking', title: 'Choking', tab: 'choking',
  version: 1, last_reviewed: '2026-05-10', due_date: '2026-11-12', days_overdue: 5, reason: 'The review date has passed.',
};

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/app/live-events/clients/*', element: <Area prefix="live-events/clients" /> }], { initialEntries: [path] });
  render(withData(<RouterProvider router={router} />));
  return router;
}

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  document.cookie = 'live_event_logbook_audit_client=; max-age=0; path=/';
  useSession.setState({
    status: 'authenticated',
    user: {
      userID: 2, userRole: 'office_staff', userPermissions: ['clients.view', 'clients.edit'], userUnreadMessageCount: 0,
      name: 'Oliver Office', email: 'office@homecare.test', userType: 'domiciliary', roleLabel: 'Office staff', branches: [{ id: 1, name: 'Camden' }],
    } as CurrentUser,
  });
});

test('log book audit: flagged notes awaiting audit, a flag filter kept in its slot, and "mark audited" with an outcome and comment', async () => {
  let audited = false;
  get.mockImplementation((path: string) =>
    Promise.resolve(ok(page(path === 'api/v1/live-events/logbook-audit' && !audited ? [bruise] : []))),
  );
  post.mockImplementation(() => {
    audited = true;
    return Promise.resolve(ok({ ...bruise, audit: { outcome: 'escalated', comment: 'Safeguarding lead told.', audited_by_name: 'Oliver Office', audited_at: '2026-11-18T09:00:00Z' } }, 201));
  });
  renderAt('/app/live-events/clients/logbook-audit');
  expect(await screen.findByRole('heading', { level: 1, name: 'Log book audit' })).toBeInTheDocument();
  const row = await screen.findByRole('row', { name: /Desmond Achebe/ });
  expect(within(row).getByText('Safeguarding words')).toBeInTheDocument();

  await userEvent.selectOptions(screen.getByLabelText('Flag'), 'safeguarding');
  expect(get).toHaveBeenLastCalledWith('api/v1/live-events/logbook-audit', expect.objectContaining({ flag: 'safeguarding', audited: 'no', page: 1 }));
  expect(document.cookie).toContain('live_event_logbook_audit_client');

  await userEvent.click(within(await screen.findByRole('row', { name: /Desmond Achebe/ })).getByRole('button', { name: 'Audit note 41' }));
  const form = screen.getByRole('form', { name: 'Audit note 41' });
  await userEvent.selectOptions(within(form).getByLabelText('Outcome'), 'escalated');
  await userEvent.click(within(form).getByRole('button', { name: 'Mark audited' }));
  expect(await within(form).findByText('Say what was found and done.')).toBeInTheDocument();
  expect(post).not.toHaveBeenCalled();
  await userEvent.type(within(form).getByLabelText(/Comment/), 'Safeguarding lead told.');
  await userEvent.click(within(form).getByRole('button', { name: 'Mark audited' }));
  expect(post).toHaveBeenCalledWith('api/v1/live-events/logbook-audit/notes/41/audit', { outcome: 'escalated', comment: 'Safeguarding lead told.' });
  expect(await screen.findByText('No care note matches.')).toBeInTheDocument();
});

test('assessment alerts: the heading while loading, then the overdue review linking to the record tab; sorting asks the API', async () => {
  get.mockImplementation((path: string) => {
    if (path === 'api/v1/live-events/assessment-alerts/kinds') return Promise.resolve(ok([{ kind: 'choking', title: 'Choking', tab: 'choking' }]));
    return Promise.resolve(ok(page([overdue])));
  });
  renderAt('/app/live-events/clients/assessment-alerts');
  expect(await screen.findByRole('heading', { level: 1, name: 'Assessments due' })).toBeInTheDocument();
  const row = await screen.findByRole('row', { name: /Margaret Ellison/ });
  expect(within(row).getByRole('link', { name: 'Choking' })).toHaveAttribute('href', '/app/clients/1/choking');
  expect(within(row).getByText('5 days overdue')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: /Days overdue/ }));
  expect(get).toHaveBeenLastCalledWith('api/v1/live-events/assessment-alerts', expect.objectContaining({ sort: 'days_overdue', mode: 'asc', within: '14' }));
});
