import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { api, useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import type { ExportJobView } from '../../contract/reports';
import ExportScreens from './Screens';

// The export screens with the API client as the only fake: start, progress polled to done, download; refusals.

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;
const put = api.put as jest.Mock;
const SETTINGS = 'api/v1/finance/export-settings';
const settings = { xero_sales_account: '200', sage_sales_nominal: '4000', sage_bank_nominal: '1200', sage_funder_prefix: 'F', sage_client_prefix: 'C', updated_by_name: null, updated_at: null };
const ok = (data: unknown) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });

const job = (values: Partial<ExportJobView>): ExportJobView => ({
  id: 9,
  kind: 'xero',
  format: 'csv',
  status: 'running',
  from: '2031-03-01',
  to: '2031-03-31',
  branch_id: null,
  progress: 0,
  total: 0,
  filename: '',
  error: '',
  created_at: '2031-04-01T09:00:00Z',
  finished_at: null,
  ...values,
});

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/app/export/*', element: <ExportScreens /> }], { initialEntries: [path] });
  render(withData(<RouterProvider router={router} />));
}

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  put.mockReset();
  useSession.setState({
    status: 'authenticated',
    user: { userID: 5, userRole: 'finance_officer', userPermissions: ['export.run'], userUnreadMessageCount: 0, name: 'F', email: 'f@x.test', userType: 'domiciliary', roleLabel: 'Finance officer', branches: [{ id: 1, name: 'Camden Domiciliary' }] },
  });
});

it('starts a Xero export, follows its progress to the download link and lists it', async () => {
  const polls = [job({ progress: 200, total: 400 }), job({ status: 'done', progress: 400, total: 400, filename: 'xero-2031-03-01-to-2031-03-31.csv' })];
  let started = false;
  get.mockImplementation(async (path: string) => {
    if (path === SETTINGS) return ok(settings);
    if (path === 'api/v1/finance/exports') return ok(started ? [polls.at(-1)] : []);
    return ok(polls.length > 1 ? polls.shift() : polls[0]);
  });
  post.mockImplementation(async () => {
    started = true;
    return { ...ok(job({ status: 'queued' })), httpStatus: 202 };
  });
  renderAt('/app/export/finance');
  expect(screen.getByRole('heading', { level: 1, name: 'Export finance' })).toBeInTheDocument();
  expect(await screen.findByText('No export yet.')).toBeInTheDocument();

  await userEvent.selectOptions(screen.getByLabelText('What'), 'xero');
  const from = screen.getByLabelText('From');
  await userEvent.clear(from);
  await userEvent.type(from, '2031-03-01');
  const to = screen.getByLabelText('To');
  await userEvent.clear(to);
  await userEvent.type(to, '2031-03-31');
  await userEvent.selectOptions(screen.getByLabelText('Branch'), '1');
  await userEvent.click(screen.getByRole('button', { name: 'Start the export' }));
  expect(post).toHaveBeenCalledWith('api/v1/finance/exports', { kind: 'xero', format: 'csv', branch_id: 1, from: '2031-03-01', to: '2031-03-31' });

  const bar = await screen.findByRole('progressbar', { name: 'Sales invoices for Xero export progress' });
  expect(bar).toBeInTheDocument();
  const link = await screen.findByRole('link', { name: 'Download xero-2031-03-01-to-2031-03-31.csv' }, { timeout: 4000 });
  expect(link).toHaveAttribute('href', '/api/v1/finance/exports/9/file');
  expect(screen.getByRole('progressbar')).toHaveAttribute('value', '400');
  // The recent exports list is asked again once the export ends, and shows its file.
  await waitFor(() => expect(within(screen.getByRole('table', { name: 'Your recent exports' })).getByRole('link', { name: 'xero-2031-03-01-to-2031-03-31.csv' })).toBeInTheDocument());
});

it('shows the server’s field errors beside their fields, and offers no period for people exports', async () => {
  get.mockResolvedValue(ok([]));
  post.mockResolvedValue({ data: null, error: true, message: 'The given data was invalid.', errors: { branch_id: ['Choose one of your branches.'] }, httpStatus: 422 });
  renderAt('/app/export/carers');
  expect(screen.getByRole('heading', { level: 1, name: 'Export carers' })).toBeInTheDocument();
  expect(screen.queryByLabelText('From')).not.toBeInTheDocument();
  await userEvent.selectOptions(screen.getByLabelText('Format'), 'xlsx');
  await userEvent.click(screen.getByRole('button', { name: 'Start the export' }));
  expect(post).toHaveBeenCalledWith('api/v1/finance/exports', { kind: 'carers', format: 'xlsx', branch_id: null });
  expect(await screen.findByRole('alert')).toHaveTextContent('The given data was invalid.');
  expect(screen.getByLabelText('Branch')).toHaveAccessibleDescription('Choose one of your branches.');
});

it('says why a failed export failed', async () => {
  get.mockImplementation(async (path: string) => ok(path === 'api/v1/finance/exports' ? [] : job({ kind: 'employees', status: 'failed', error: 'You may not export employees.' })));
  post.mockResolvedValue({ ...ok(job({ kind: 'employees', status: 'queued' })), httpStatus: 202 });
  renderAt('/app/export/employees');
  await userEvent.click(screen.getByRole('button', { name: 'Start the export' }));
  expect(await screen.findByText('You may not export employees.')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: /Download/ })).not.toBeInTheDocument();
});

it('keeps the accounting codes of the Xero and Sage files: checked on the form, the server’s refusals beside their fields, saved', async () => {
  get.mockImplementation(async (path: string) => ok(path === SETTINGS ? settings : []));
  renderAt('/app/export/finance');
  const section = await screen.findByRole('form', { name: 'Accounting codes' });
  const xero = within(section).getByLabelText('Xero sales account code');
  expect(xero).toHaveValue('200');
  expect(within(section).getByLabelText('Sage sales nominal code')).toHaveValue('4000');
  expect(within(section).getByLabelText('Sage bank nominal code (receipts)')).toHaveValue('1200');
  expect(within(section).getByLabelText('Sage account prefix for funders')).toHaveValue('F');
  expect(within(section).getByLabelText('Sage account prefix for private clients')).toHaveValue('C');

  // The same schema as the server: a nominal code of letters is refused before anything is sent.
  const nominal = within(section).getByLabelText('Sage sales nominal code');
  await userEvent.clear(nominal);
  await userEvent.type(nominal, 'SALES');
  await userEvent.click(within(section).getByRole('button', { name: 'Save the accounting codes' }));
  expect(await within(section).findByText('Sage sales nominal code is up to 8 digits, as in Sage’s chart of accounts.')).toBeInTheDocument();
  expect(put).not.toHaveBeenCalled();

  await userEvent.clear(nominal);
  await userEvent.type(nominal, '4010');
  await userEvent.clear(xero);
  await userEvent.type(xero, '4100');
  put.mockResolvedValueOnce({ data: null, error: true, message: 'The given data was invalid.', errors: { xero_sales_account: ['Xero sales account code is not in use.'] }, httpStatus: 422 });
  await userEvent.click(within(section).getByRole('button', { name: 'Save the accounting codes' }));
  expect(await within(section).findByText('Xero sales account code is not in use.')).toBeInTheDocument();
  expect(put).toHaveBeenLastCalledWith(SETTINGS, { xero_sales_account: '4100', sage_sales_nominal: '4010', sage_bank_nominal: '1200', sage_funder_prefix: 'F', sage_client_prefix: 'C' });

  put.mockResolvedValueOnce(ok({ ...settings, xero_sales_account: '4100', sage_sales_nominal: '4010', updated_by_name: 'Farah Finance', updated_at: '2031-04-01T09:00:00Z' }));
  await userEvent.click(within(section).getByRole('button', { name: 'Save the accounting codes' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Accounting codes saved.');
});
