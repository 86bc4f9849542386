import type { ReactElement } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CurrentUser } from '@hcm/contract';
import { api, useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import type { CompliancePicture, FileAlertRow } from '../../contract/compliance';
import Checklist from './Checklist';
import FileAlerts from './FileAlerts';
import RightToWork from './RightToWork';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;
const ok = (data: unknown) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });

const alert = (overrides: Partial<FileAlertRow>): FileAlertRow => ({
  person_id: 30, person_name: 'Patrick Doyle', branch_id: 1, branch: 'Camden Domiciliary', check: 'dbs-update-service', label: 'DBS Update Service check', state: 'expired',
  expires_on: '2026-10-02', days_left: -53, window: 'expired', blocks_rostering: true, detail: 'Last checked 2 October 2025; next check was due 2 October 2026.', tab: 'references-documents/dbs-documents', ...overrides,
});

const picture: CompliancePicture = {
  carer_id: 5, drives: false, status: 'active',
  compliance: {
    carer_id: 5, state: 'non-compliant', rosterable: false, blocked_because: ['Right to work: Permission ended 20 November 2026.'], next_expiry: '2026-11-20', weekly_hours_cap: null, checked_at: '2026-11-24T09:00:00Z',
    checks: [
      { key: 'dbs', label: 'DBS check', state: 'valid', expires_on: null, days_left: null, blocks_rostering: true, detail: 'Enhanced with the adult barred list.' },
      { key: 'right-to-work', label: 'Right to work', state: 'expired', expires_on: '2026-11-20', days_left: -4, blocks_rostering: true, detail: 'Permission ended 20 November 2026.' },
      { key: 'references', label: 'Two references', state: 'missing', expires_on: null, days_left: null, blocks_rostering: false, detail: '1 of 2 references received.' },
    ],
  },
  dbs: [], right_to_work: [], driving_licences: [], business_insurance: [], photo_ids: [],
};

beforeEach(() => {
  document.cookie.split(';').forEach((cookie) => (document.cookie = `${cookie.split('=')[0]!.trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`));
  get.mockReset();
  post.mockReset();
  get.mockImplementation((path: string, params: Record<string, unknown> = {}) => {
    if (path === 'api/v1/carers/file-alerts') {
      const rows = [alert({}), alert({ person_id: 8, person_name: 'Grace Okafor', check: 'business-insurance', label: 'Business car insurance', state: 'expiring', expires_on: '2026-11-30', days_left: 6, window: '7', blocks_rostering: false, detail: 'Business use covered until 30 November 2026.', tab: 'references-documents' })];
      const shown = params.window ? rows.filter((row) => row.window === params.window) : rows;
      return Promise.resolve(ok({ data: shown, total: shown.length, page: 1, page_size: 25, last_page: 1 }));
    }
    if (path === 'api/v1/employees/file-alerts') return Promise.resolve(ok({ data: [], total: 0, page: 1, page_size: 25, last_page: 1 }));
    if (path === 'api/v1/carers/5/compliance') return Promise.resolve(ok(picture));
    return Promise.resolve(ok(null));
  });
  useSession.setState({
    status: 'authenticated',
    user: {
      userID: 2, userRole: 'office_staff', userPermissions: ['carers.view', 'carers.edit'], userUnreadMessageCount: 0,
      name: 'Oliver Office', email: 'office@homecare.test', userType: 'domiciliary', roleLabel: 'Office staff', branches: [{ id: 1, name: 'Camden Domiciliary' }],
    } as CurrentUser,
  });
});

const renderIn = (element: ReactElement) => render(withData(<RouterProvider router={createMemoryRouter([{ path: '*', element }])} />));

test('file alerts: the window reached in words, links to the tab that fixes it, filters kept in the saved slot', async () => {
  renderIn(<FileAlerts scope="carers" />);
  expect(screen.getByRole('heading', { level: 1, name: 'File alerts' })).toBeInTheDocument();
  const patrick = await screen.findByRole('row', { name: /Patrick Doyle/ });
  expect(within(patrick).getByText('Lapsed 53 days ago')).toBeInTheDocument();
  expect(within(patrick).getByText(/needed to be rostered/)).toBeInTheDocument();
  expect(within(patrick).getByRole('link', { name: 'Patrick Doyle' })).toHaveAttribute('href', '/app/carers/30/edit/references-documents/dbs-documents');
  expect(within(screen.getByRole('row', { name: /Grace Okafor/ })).getByText('Within 7 days')).toBeInTheDocument();

  await userEvent.selectOptions(screen.getByLabelText('Window'), 'expired');
  expect(get).toHaveBeenLastCalledWith('api/v1/carers/file-alerts', expect.objectContaining({ window: 'expired', page: 1 }));
  expect(await screen.findByRole('row', { name: /Patrick Doyle/ })).toBeInTheDocument();
  expect(screen.queryByRole('row', { name: /Grace Okafor/ })).not.toBeInTheDocument();
  expect(decodeURIComponent(document.cookie)).toContain('live_event_file_alerts={"branch_id":"","window":"expired","check":""}');
});

test('office employee alerts have their own heading and ask the employees API', async () => {
  renderIn(<FileAlerts scope="employees" />);
  expect(screen.getByRole('heading', { level: 1, name: 'Office employee alerts' })).toBeInTheDocument();
  await screen.findByText('Nothing missing, lapsed or due soon.');
  expect(get).toHaveBeenCalledWith('api/v1/employees/file-alerts', expect.anything());
});

test('the checklist says in words who may not be rostered and why, each check linking to its tab', async () => {
  renderIn(<Checklist owner="carers" ownerId={5} ownerName="Priya Nair" />);
  expect(await screen.findByRole('heading', { level: 2, name: 'File checklist' })).toBeInTheDocument();
  expect(screen.getByText(/Priya Nair cannot be rostered/)).toBeInTheDocument();
  expect(within(screen.getByRole('note', { name: 'Why they cannot be rostered' })).getByText(/Permission ended/)).toBeInTheDocument();
  expect(screen.getByText('Lapsed 4 days ago')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Fix: Right to work' })).toHaveAttribute('href', '/app/carers/5/edit/references-documents/student-visa-terms');
  expect(screen.getByRole('link', { name: 'Fix: Two references' })).toHaveAttribute('href', '/app/carers/5/edit/reference-form');
});

test('right to work: the contract’s schema refuses as typed, the server’s 422 lands on its field, what was typed kept', async () => {
  post.mockResolvedValue({ data: null, error: true, message: 'The given data was invalid.', errors: { checked_on: ['Checked on cannot be in the future.'] }, httpStatus: 422 });
  renderIn(<RightToWork owner="carers" ownerId={5} ownerName="Priya Nair" />);
  await userEvent.click(await screen.findByRole('button', { name: 'Record a new check' }));
  const form = screen.getByRole('form', { name: 'New right to work check' });
  await userEvent.type(within(form).getByLabelText('Permission ends on'), '2030-01-01');
  await userEvent.click(within(form).getByRole('button', { name: 'Save the check' }));
  // The contract's schema refuses it as typed, before the server is asked.
  expect(await within(form).findByText(/without an end date/)).toBeInTheDocument();
  expect(within(form).getByLabelText('Permission ends on')).toHaveValue('2030-01-01');
  expect(post).not.toHaveBeenCalled();
  await userEvent.clear(within(form).getByLabelText('Permission ends on'));
  await userEvent.click(within(form).getByRole('button', { name: 'Save the check' }));
  expect(await within(form).findByText('Checked on cannot be in the future.')).toBeInTheDocument();
  expect(post).toHaveBeenCalledWith('api/v1/carers/5/compliance/right-to-work', expect.objectContaining({ document_type: 'british-irish-passport', expires_on: '' }));
});
