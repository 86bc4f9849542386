import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { api, useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import { setClock } from '@hcm/contract/time';
import InvoicingScreens from './Screens';

// The invoice run screens with the API client as the only fake: preview, generate (posted, 409 and 422 in
// words), reset with a reason and its refusal, the raised list's server-side sort and filters, unclaimed.

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;

const page = (rows: unknown[]) => ({ data: rows, total: rows.length, page: 1, page_size: 25, last_page: 1 });
const ok = (data: unknown, message = 'OK') => ({ data, error: false, message, errors: null, httpStatus: 200 });
const refused = (httpStatus: number, message: string, errors: Record<string, string[]> | null = null) => ({ data: null, error: true, message, errors, httpStatus });

const line = {
  visit_id: 41,
  client_id: 7,
  client_label: 'CAM-007',
  visit_date: '2026-10-03',
  planned_start: '2026-10-03T08:00:00Z',
  planned_end: '2026-10-03T08:45:00Z',
  actual_start: '2026-10-03T08:00:00Z',
  actual_end: '2026-10-03T09:05:00Z',
  day_kind: 'weekend',
  rate_card_id: 1,
  billed_minutes: 45,
  rate_pence: 2700,
  rate_label: 'Weekend',
  carers_charged: 1,
  care_pence: 2025,
  mileage_pence: 0,
  call_out_pence: 0,
  amount_pence: 2025,
  cancellation: '',
  warnings: ['discrepancy'],
  explanation: '45 min (65 actual, 45 planned, rounded up to 15): 45 min × £27.00/h (Weekend) = £20.25.',
};

const preview = {
  request: { branch_id: 1, payer_kind: 'funder', funder_code_id: 3, client_id: null, period_from: '2026-10-01', period_to: '2026-10-31', issue_date: '2026-11-01' },
  invoices: [
    {
      payer_kind: 'funder',
      funder_code_id: 3,
      client_id: null,
      payer_name: 'London Borough of Camden',
      payer_address: '',
      payer_email: 'invoices@camden.example',
      purchase_order: '',
      template: 'local-authority',
      client_identifier: 'council-id',
      issue_date: '2026-11-01',
      due_date: '2026-12-01',
      subtotal_pence: 2025,
      total_pence: 2025,
      lines: [line],
    },
  ],
  excluded: [{ visit_id: 42, client_id: 8, client_name: 'Ada Lovelace', visit_date: '2026-10-04', reason: 'Not confirmed by the office yet.' }],
  missing_rates: [],
  discrepancies: [{ visit_id: 41, client_label: 'CAM-007', visit_date: '2026-10-03', planned_minutes: 45, actual_minutes: 65, billed_minutes: 45 }],
  totals: { invoices: 1, lines: 1, total_pence: 2025 },
};

const invoiceRow = {
  id: 5,
  number: 'INV-2026-27-000001',
  run_id: 2,
  branch_id: 1,
  branch: 'Camden',
  payer_kind: 'funder',
  funder_code_id: 3,
  funder: 'London Borough of Camden',
  client_id: null,
  payer_name: 'London Borough of Camden',
  period_from: '2026-10-01',
  period_to: '2026-10-31',
  issue_date: '2026-11-01',
  due_date: '2026-12-01',
  total_pence: 2025,
  credited_pence: 0,
  paid_pence: 1000,
  outstanding_pence: 1025,
  status: 'part-paid',
  sent_at: '2026-11-02T10:00:00Z',
};

const runRow = {
  id: 2,
  branch_id: 1,
  branch: 'Camden',
  payer_kind: 'funder',
  funder_code_id: 3,
  funder: 'London Borough of Camden',
  client_id: null,
  period_from: '2026-10-01',
  period_to: '2026-10-31',
  status: 'posted',
  invoice_count: 1,
  total_pence: 2025,
  created_by_name: 'Fay Finance',
  created_at: '2026-11-01T09:00:00Z',
  reset_by_name: null,
  reset_at: null,
  reset_reason: '',
  resettable: true,
};

function answer(path: string) {
  if (path === 'api/v1/funder-codes') return ok(page([{ id: 3, name: 'London Borough of Camden', funder_type: 'local-authority' }, { id: 4, name: 'Self-funded', funder_type: 'private' }]));
  if (path === 'api/v1/finance/invoice-runs/next-period') return ok({ frequency: 'monthly', last_period_to: '2026-09-30', period_from: '2026-10-01', period_to: '2026-10-31' });
  if (path === 'api/v1/finance/invoice-runs') return ok(page([runRow]));
  if (path === 'api/v1/finance/invoices') return ok(page([invoiceRow]));
  if (path === 'api/v1/finance/unclaimed') {
    return ok(page([{ visit_id: 43, branch_id: 1, client_id: 9, client_name: 'Grace Hopper', funder_code_id: 3, funder: 'London Borough of Camden', visit_date: '2026-10-05', planned_start: '2026-10-05T08:00:00Z', status: 'completed', amount_pence: null, explanation: 'No rate card for the funder on 2026-10-05: cannot be charged.', reason: 'A rate is missing.' }]));
  }
  return ok(page([]));
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    ['pre-generate', 'generate', 'reset', 'raised', 'batch-invoice', 'client-invoice', 'unclaimed'].map((segment) => ({ path: `/app/finance/${segment}/*`, element: <InvoicingScreens /> })),
    { initialEntries: [path] },
  );
  render(withData(<RouterProvider router={router} />));
  return router;
}

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  document.cookie = 'finance_date=; max-age=0; path=/';
  document.cookie = 'finance_name=; max-age=0; path=/';
  get.mockImplementation((path: string) => Promise.resolve(answer(path)));
  useSession.setState({
    status: 'authenticated',
    user: {
      userID: 9,
      userRole: 'finance_officer',
      userPermissions: ['finance.view', 'finance.invoices.generate'],
      userUnreadMessageCount: 0,
      name: 'Fay Finance',
      email: 'f@x.test',
      userType: 'domiciliary',
      roleLabel: 'Finance officer',
      branches: [{ id: 1, name: 'Camden' }],
    },
  });
});

async function chooseFunderAndPeriod() {
  await userEvent.selectOptions(await screen.findByLabelText('Funder'), await screen.findByRole('option', { name: 'London Borough of Camden' }));
  // The period fills itself in with the funder's first period not yet posted.
  await waitFor(() => expect(screen.getByLabelText('Period from')).toHaveValue('2026-10-01'));
  expect(screen.getByLabelText('Period to')).toHaveValue('2026-10-31');
}

describe('pre-generate', () => {
  it('previews every line with its warnings in words, and what is left out', async () => {
    post.mockResolvedValue(ok(preview));
    renderAt('/app/finance/pre-generate');
    expect(screen.getByRole('heading', { level: 1, name: 'Preview invoices' })).toBeInTheDocument();
    await chooseFunderAndPeriod();
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(post).toHaveBeenCalledWith('api/v1/finance/invoice-runs/preview', expect.objectContaining({ branch_id: 1, payer_kind: 'funder', funder_code_id: 3, client_id: null, period_from: '2026-10-01' }));
    const invoice = await screen.findByRole('article', { name: 'Invoice to London Borough of Camden' });
    const row = within(invoice).getByRole('row', { name: /CAM-007/ });
    expect(within(row).getByText('£20.25')).toBeInTheDocument();
    expect(within(row).getByText('Actual and planned times differ by more than 10 minutes')).toBeInTheDocument();
    expect(screen.getByText(/Ada Lovelace, Sun 4 Oct 2026 \(visit 42\): Not confirmed by the office yet\./)).toBeInTheDocument();
  });

  it('asks for the funder by its field when none is chosen', async () => {
    renderAt('/app/finance/pre-generate');
    await userEvent.click(await screen.findByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Choose the funder to invoice.')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });
});

describe('generate', () => {
  it('shows a summary, generates, and lists the posted invoices with links to them and their PDFs', async () => {
    post.mockImplementation((path: string) =>
      Promise.resolve(path.endsWith('/preview') ? ok(preview) : { ...ok({ ...runRow, invoices: [invoiceRow] }, 'Posted 1 invoice, £20.25.'), httpStatus: 201 }),
    );
    renderAt('/app/finance/generate');
    expect(screen.getByRole('heading', { level: 1, name: 'Generate invoices' })).toBeInTheDocument();
    await chooseFunderAndPeriod();
    await userEvent.click(screen.getByRole('button', { name: 'Show the summary' }));
    expect(await screen.findByText('London Borough of Camden: 1 visit, £20.25')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(post).toHaveBeenLastCalledWith('api/v1/finance/invoice-runs', expect.objectContaining({ funder_code_id: 3 }));
    expect(await screen.findByRole('link', { name: 'INV-2026-27-000001' })).toHaveAttribute('href', '/app/finance/invoices/5');
    expect(screen.getByRole('link', { name: 'PDF of INV-2026-27-000001' })).toHaveAttribute('href', '/app/scheduler/invoice/INV-2026-27-000001');
  });

  it('says in words when the period is already posted (409) or rates are missing (422)', async () => {
    post.mockImplementation((path: string) => Promise.resolve(path.endsWith('/preview') ? ok(preview) : refused(409, 'This period is already posted: run 2, by Fay Finance on 1 Nov 2026, 09:00.')));
    renderAt('/app/finance/generate');
    await chooseFunderAndPeriod();
    await userEvent.click(screen.getByRole('button', { name: 'Show the summary' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Generate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This period is already posted: run 2, by Fay Finance');

    post.mockImplementation((path: string) =>
      Promise.resolve(path.endsWith('/preview') ? ok(preview) : refused(422, 'Nothing was posted: 1 rate is missing.', { missing_rates: ['London Borough of Camden, bank-holiday at 09:00: no hourly rate (2 visits)'] })),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Nothing was posted: 1 rate is missing.'));
    expect(screen.getByText('London Borough of Camden, bank-holiday at 09:00: no hourly rate (2 visits)')).toBeInTheDocument();
  });
});

describe('reset', () => {
  it('offers the reset only on a run the server would reset, in a dialog that says what will happen; a refusal is shown in it', async () => {
    const sent = { ...runRow, id: 3, funder: 'Kent County Council', resettable: false };
    get.mockImplementation((path: string) => Promise.resolve(path === 'api/v1/finance/invoice-runs' ? ok(page([runRow, sent])) : answer(path)));
    post.mockResolvedValueOnce(refused(409, 'Run 2 cannot be reset: INV-2026-27-000001 was sent. Credit those invoices instead.'));
    renderAt('/app/finance/reset');
    expect(screen.getByRole('heading', { level: 1, name: 'Reset a run' })).toBeInTheDocument();
    const refusedRow = await screen.findByRole('row', { name: /Kent County Council/ });
    expect(within(refusedRow).queryByRole('button')).not.toBeInTheDocument();
    expect(refusedRow).toHaveTextContent('Cannot be reset: an invoice was sent, credited or paid.');
    // Nothing is asked for on the page itself until the run is chosen.
    expect(screen.queryByLabelText(/Reason for resetting/)).not.toBeInTheDocument();

    await userEvent.click(within(screen.getByRole('row', { name: /London Borough of Camden/ })).getByRole('button', { name: 'Reset run 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset run 2?' });
    expect(dialog).toHaveTextContent('Its 1 invoice become void. Their numbers are kept');
    expect(dialog).toHaveTextContent('Their visits can be invoiced again');
    await userEvent.type(within(dialog).getByLabelText('Reason for resetting run 2'), 'Wrong period');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset run 2' }));
    expect(post).toHaveBeenCalledWith('api/v1/finance/invoice-runs/2/reset', { reason: 'Wrong period' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('INV-2026-27-000001 was sent');
    expect(within(dialog).getByLabelText('Reason for resetting run 2')).toHaveValue('Wrong period');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep the run' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('resets a run and says so', async () => {
    post.mockResolvedValueOnce(ok({ ...runRow, status: 'reset', resettable: false }, 'Run 2 reset: its invoices are void and its visits can be invoiced again.'));
    renderAt('/app/finance/reset');
    await userEvent.click(await screen.findByRole('button', { name: 'Reset run 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset run 2?' });
    await userEvent.type(within(dialog).getByLabelText('Reason for resetting run 2'), 'Wrong period');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset run 2' }));
    expect(await screen.findByText('Run 2 reset: its invoices are void and its visits can be invoiced again.')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('the default period', () => {
  // Last month (the form's first default) is February 2027: the funder's first period not yet posted is October 2026.
  let restoreClock: () => void = () => undefined;
  beforeEach(() => {
    restoreClock = setClock('2027-03-10T10:00:00Z');
  });
  afterEach(() => restoreClock());

  it('is the funder\'s first period not yet posted, and a period the user typed is kept', async () => {
    renderAt('/app/finance/generate');
    const from = await screen.findByLabelText('Period from');
    expect(from).toHaveValue('2027-02-01');
    await userEvent.selectOptions(await screen.findByLabelText('Funder'), await screen.findByRole('option', { name: 'London Borough of Camden' }));
    await waitFor(() => expect(from).toHaveValue('2026-10-01'));
    expect(screen.getByLabelText('Period to')).toHaveValue('2026-10-31');
    expect(get).toHaveBeenCalledWith('api/v1/finance/invoice-runs/next-period', expect.objectContaining({ branch_id: '1', funder_code_id: '3' }));
    expect(screen.getByText(/Next monthly period after the last posted run \(to Wed 30 Sep 2026\): Thu 1 Oct 2026 to Sat 31 Oct 2026/)).toBeInTheDocument();

    // Typed by the user: kept, and the suggestion is offered instead.
    await userEvent.clear(from);
    await userEvent.type(from, '2026-09-01');
    await userEvent.selectOptions(screen.getByLabelText('Funder'), 'Choose a funder');
    await userEvent.selectOptions(screen.getByLabelText('Funder'), 'London Borough of Camden');
    expect(await screen.findByRole('button', { name: 'Use the suggested period' })).toBeInTheDocument();
    expect(from).toHaveValue('2026-09-01');
    await userEvent.click(screen.getByRole('button', { name: 'Use the suggested period' }));
    expect(from).toHaveValue('2026-10-01');
  });
  it('keeps a period typed before the suggestion arrives, even one that matches the first default', async () => {
    // The suggestion is slow (a busy server): the user types the 1st of February into "Period from", the value the form
    // already showed, and the suggestion arrives while they are still in the field: what they typed stays.
    let answerSuggestion: () => void = () => undefined;
    get.mockImplementation((path: string) =>
      path === 'api/v1/finance/invoice-runs/next-period' ? new Promise((resolve) => (answerSuggestion = () => resolve(answer(path)))) : Promise.resolve(answer(path)),
    );
    renderAt('/app/finance/generate');
    const from = await screen.findByLabelText('Period from');
    await userEvent.selectOptions(await screen.findByLabelText('Funder'), await screen.findByRole('option', { name: 'London Borough of Camden' }));
    // Still in "Period from" when it arrives: nothing moved the focus on yet.
    await userEvent.clear(from);
    await userEvent.type(from, '2027-02-01');
    const to = screen.getByLabelText('Period to');
    await waitFor(() => expect(get).toHaveBeenCalledWith('api/v1/finance/invoice-runs/next-period', expect.anything()));
    act(() => answerSuggestion());
    expect(await screen.findByRole('button', { name: 'Use the suggested period' })).toBeInTheDocument();
    expect(from).toHaveValue('2027-02-01');
    await userEvent.clear(to);
    await userEvent.type(to, '2027-03-05');
    expect(from).toHaveValue('2027-02-01');
    expect(to).toHaveValue('2027-03-05');
  });
});

describe('raised', () => {
  it('lists invoices with outstanding amounts; sorts, filters and searches through the API', async () => {
    renderAt('/app/finance/raised');
    expect(screen.getByRole('heading', { level: 1, name: 'Raised invoices' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /INV-2026-27-000001/ });
    expect(within(row).getByText('£10.25')).toBeInTheDocument();
    expect(within(row).getByText('Part paid')).toBeInTheDocument();
    expect(get).toHaveBeenLastCalledWith('api/v1/finance/invoices', expect.objectContaining({ sort: 'number', mode: 'desc', page: 1 }));
    await userEvent.click(screen.getByRole('button', { name: /^Payer$/ }));
    expect(get).toHaveBeenLastCalledWith('api/v1/finance/invoices', expect.objectContaining({ sort: 'payer_name', mode: 'asc' }));
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Void (run reset)');
    expect(get).toHaveBeenLastCalledWith('api/v1/finance/invoices', expect.objectContaining({ status: 'void' }));
    await userEvent.type(screen.getByLabelText('Number or payer'), '0001');
    expect(get).toHaveBeenLastCalledWith('api/v1/finance/invoices', expect.objectContaining({ search: '0001' }));
    expect(document.cookie).toContain('finance_name=');
  });
});

describe('unclaimed and the funders\' and clients\' screens', () => {
  it('lists unclaimed visits with why one cannot be charged', async () => {
    renderAt('/app/finance/unclaimed');
    expect(screen.getByRole('heading', { level: 1, name: 'Unclaimed visits' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Grace Hopper/ });
    expect(within(row).getByText('Cannot be charged: A rate is missing.')).toBeInTheDocument();
  });

  it('shows a funder\'s runs and invoices, and private clients\' invoices', async () => {
    renderAt('/app/finance/batch-invoice');
    expect(screen.getByRole('heading', { level: 1, name: 'Funder batch invoices' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Funder'), await screen.findByRole('option', { name: 'London Borough of Camden' }));
    expect(get).toHaveBeenLastCalledWith(expect.stringMatching(/invoice-runs|invoices/), expect.objectContaining({ payer_kind: 'funder', funder_code_id: '3' }));
    expect(await screen.findByRole('table', { name: "Funders' invoice runs" })).toBeInTheDocument();
  });

  it('renders the private clients\' screen with the generate form for them', async () => {
    renderAt('/app/finance/client-invoice');
    expect(screen.getByRole('heading', { level: 1, name: 'Private client invoices' })).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: "Private clients' invoice run" })).toBeInTheDocument();
    expect(screen.queryByLabelText('Who is invoiced')).not.toBeInTheDocument();
    expect(await screen.findByRole('option', { name: 'Self-funded' })).toBeInTheDocument();
  });
});
