import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { api, useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import RateScreens from './Screens';

// The rate cards and minimum wage screens over the kit's resource screens, with the API client as the only fake.

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;

const page = (rows: Record<string, unknown>[]) => ({ data: rows, total: rows.length, page: 1, page_size: 10, last_page: 1 });
const ok = (data: unknown) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });

const camdenCard = {
  id: 1,
  funder_code_id: 3,
  name: 'Camden hourly 2026-27',
  valid_from: '2026-04-01',
  valid_to: null,
  pricing: 'hourly',
  increment_minutes: 15,
  rounding: 'up',
  double_up: 'per-carer',
  minimum_charge_pence: 1200,
  mileage_pence_per_mile: 0,
  call_out_pence: 0,
  call_out_within_hours: 0,
  cancellation_notice_hours: 0,
  cancellation_charge_percent: 100,
  template: 'local-authority',
  client_identifier: 'council-id',
  notes: '',
};
const weekendRule = { id: 7, rate_card_id: 1, label: 'Weekend', applies_on: 'weekend', special_date: null, day_of_week: '', band_start: '', band_end: '', hourly_pence: 2700 };

function answer(path: string) {
  if (path === 'api/v1/funder-codes') return ok(page([{ id: 3, name: 'London Borough of Camden' }]));
  if (path === 'api/v1/rate-cards') return ok(page([camdenCard]));
  if (path === 'api/v1/rate-cards/1') return ok(camdenCard);
  if (path.endsWith('/audit')) return ok([]);
  if (path === 'api/v1/rate-card-rules') return ok(page([weekendRule]));
  if (path === 'api/v1/minimum-wage-rates') return ok(page([{ id: 4, label: 'National Living Wage (21 and over)', age_from: 21, age_to: null, hourly_pence: 1271, valid_from: '2026-04-01' }]));
  return ok(page([]));
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    ['rate-cards', 'minimum-wage-rates'].map((segment) => ({ path: `/app/finance/${segment}/*`, element: <RateScreens /> })),
    { initialEntries: [path] },
  );
  render(withData(<RouterProvider router={router} />));
  return router;
}

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  get.mockImplementation((path: string) => Promise.resolve(answer(path)));
  useSession.setState({
    status: 'authenticated',
    user: { userID: 9, userRole: 'finance_officer', userPermissions: ['finance.view', 'finance.rates.edit'], userUnreadMessageCount: 0, name: 'F', email: 'f@x.test', userType: 'domiciliary', roleLabel: 'Finance officer', branches: [] },
  });
});

describe('rate cards', () => {
  it('lists the cards with their funder and pricing, sorted by the server on a header click', async () => {
    renderAt('/app/finance/rate-cards');
    expect(screen.getByRole('heading', { level: 1, name: 'Rate cards' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Camden hourly 2026-27/ });
    expect(within(row).getByText('Hourly rate')).toBeInTheDocument();
    expect(within(row).getByText('£12.00')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('api/v1/rate-cards', expect.objectContaining({ sort: 'valid_from', mode: 'desc', page: 1 }));
    await userEvent.click(screen.getByRole('button', { name: /^Name/ }));
    expect(get).toHaveBeenLastCalledWith('api/v1/rate-cards', expect.objectContaining({ sort: 'name', mode: 'asc' }));
  });

  it('edits a card with its hourly rules listed under it', async () => {
    renderAt('/app/finance/rate-cards/1/edit');
    // The card reads first; its form opens on Edit.
    await userEvent.click(await screen.findByRole('button', { name: 'Edit rate card' }));
    expect(await screen.findByDisplayValue('Camden hourly 2026-27')).toBe(screen.getByLabelText('Name'));
    expect(screen.getByLabelText('Billing increment (minutes)')).toHaveValue('15');
    const rule = await screen.findByRole('row', { name: /Weekend/ });
    expect(within(rule).getByText('£27.00')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('api/v1/rate-card-rules', expect.objectContaining({ rate_card_id: '1' }));
  });

  it('adds an evening band to a card: pounds typed, pence sent, back to the card', async () => {
    post.mockResolvedValue({ data: { id: 8 }, error: false, message: 'Created', errors: null, httpStatus: 201 });
    const router = renderAt('/app/finance/rate-cards/1/rate-card-rules/add');
    expect(await screen.findByLabelText('Rate card')).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Label'), 'Evenings');
    await userEvent.selectOptions(screen.getByLabelText('Applies on'), 'weekday');
    await userEvent.type(screen.getByLabelText('Band start'), '20:00');
    await userEvent.type(screen.getByLabelText('Band end'), '07:00');
    await userEvent.type(screen.getByLabelText('Hourly rate (£)'), '30.00');
    await userEvent.click(screen.getByRole('button', { name: 'Save hourly rule' }));
    expect(post).toHaveBeenCalledWith('api/v1/rate-card-rules', expect.objectContaining({ rate_card_id: 1, label: 'Evenings', applies_on: 'weekday', band_start: '20:00', band_end: '07:00', hourly_pence: 3000 }));
    expect(router.state.location.pathname).toBe('/app/finance/rate-cards/1/edit');
  });

  it('sends a card’s money as pence: the minimum typed as 12.50 goes as 1250, and the overlap option is offered', async () => {
    const put = api.put as jest.Mock;
    put.mockReset();
    put.mockResolvedValue({ data: camdenCard, error: false, message: 'Updated', errors: null, httpStatus: 200 });
    renderAt('/app/finance/rate-cards/1/edit');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit rate card' }));
    const minimum = await screen.findByLabelText('Minimum charge (£)');
    expect(minimum).toHaveValue('12.00');
    expect(screen.getByRole('checkbox', { name: 'End the funder’s earlier card the day before this one starts' })).not.toBeChecked();
    await userEvent.clear(minimum);
    await userEvent.type(minimum, '12.50');
    await userEvent.click(screen.getByRole('button', { name: 'Save rate card' }));
    await waitFor(() => expect(put).toHaveBeenCalledWith('api/v1/rate-cards/1', expect.objectContaining({ minimum_charge_pence: 1250, call_out_pence: 0, end_earlier_card: false })));
  });

  it('shows what the form refuses before sending: a special date rule without its date', async () => {
    renderAt('/app/finance/rate-cards/1/rate-card-rules/add');
    await userEvent.type(await screen.findByLabelText('Label'), 'Christmas Day');
    await userEvent.selectOptions(screen.getByLabelText('Applies on'), 'special-date');
    await userEvent.type(screen.getByLabelText('Hourly rate (£)'), '49.00');
    await userEvent.click(screen.getByRole('button', { name: 'Save hourly rule' }));
    expect(await screen.findByText('Give the special date.')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });
});

describe('trying a rate card', () => {
  const christmas = {
    visit_id: 0, client_id: 0, billable: true, postable: true, cancellation: false, day_kind: 'bank-holiday', planned_minutes: 60, actual_minutes: null,
    basis_minutes: 60, billed_minutes: 60, rate_pence: 3675, rate_label: 'Bank holiday', band_minutes: null, charged_as: '£36.75/h Bank holiday',
    carers_charged: 2, care_pence: 7350, mileage_pence: 0, call_out_pence: 0, total_pence: 7350, warnings: [],
    explanation: '60 min (60 planned, rounded up to 15): 60 min × £36.75/h (Bank holiday) = £36.75 × 2 carers = £73.50.',
  };

  it('prices a made-up visit from a form on the rate cards screen, showing the bank holiday and the sentence', async () => {
    get.mockImplementation((path: string) => Promise.resolve(path.endsWith('/try') ? ok(christmas) : answer(path)));
    renderAt('/app/finance/rate-cards');
    const form = screen.getByRole('form', { name: 'Try a rate card' });
    const card = within(form).getByLabelText('Funder and rate card');
    await waitFor(() => expect(within(card).getByRole('option', { name: 'London Borough of Camden: Camden hourly 2026-27 (from Wed 1 Apr 2026)' })).toBeInTheDocument());
    await userEvent.selectOptions(card, '1');
    await userEvent.clear(within(form).getByLabelText('Date'));
    await userEvent.type(within(form).getByLabelText('Date'), '2026-12-25');
    await userEvent.clear(within(form).getByLabelText('Start time'));
    await userEvent.type(within(form).getByLabelText('Start time'), '09:00');
    await userEvent.clear(within(form).getByLabelText('Duration (minutes)'));
    await userEvent.type(within(form).getByLabelText('Duration (minutes)'), '60');
    await userEvent.selectOptions(within(form).getByLabelText('Carers'), '2');
    await userEvent.click(within(form).getByRole('button', { name: 'Work out the price' }));
    expect(get).toHaveBeenCalledWith('api/v1/finance/rate-cards/1/try', { date: '2026-12-25', start: '09:00', minutes: 60, carers: 2 });
    const result = await screen.findByRole('region', { name: 'Price: £73.50' });
    expect(within(result).getByText('Yes: the bank-holiday rate applies')).toBeInTheDocument();
    expect(within(result).getByText('£36.75/h Bank holiday')).toBeInTheDocument();
    expect(within(result).getByText(christmas.explanation)).toBeInTheDocument();
  });

  it('says what is missing before asking, and shows the server’s refusal on its field', async () => {
    get.mockImplementation((path: string) =>
      Promise.resolve(path.endsWith('/try') ? { data: null, error: true, message: 'The given data was invalid.', errors: { date: ['This card is not the one in force for its funder on that day.'] }, httpStatus: 422 } : answer(path)),
    );
    renderAt('/app/finance/rate-cards');
    const form = screen.getByRole('form', { name: 'Try a rate card' });
    await userEvent.clear(within(form).getByLabelText('Duration (minutes)'));
    await userEvent.click(within(form).getByRole('button', { name: 'Work out the price' }));
    expect(await within(form).findByText('Choose a rate card.')).toBeInTheDocument();
    expect(within(form).getByText('Planned minutes is required.')).toBeInTheDocument();
    expect(get).not.toHaveBeenCalledWith(expect.stringMatching(/\/try$/), expect.anything());

    await waitFor(() => expect(within(form).getByRole('option', { name: /Camden hourly 2026-27/ })).toBeInTheDocument());
    await userEvent.selectOptions(within(form).getByLabelText('Funder and rate card'), '1');
    await userEvent.type(within(form).getByLabelText('Duration (minutes)'), '30');
    await userEvent.click(within(form).getByRole('button', { name: 'Work out the price' }));
    expect(await within(form).findByText('This card is not the one in force for its funder on that day.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Date')).toHaveAttribute('aria-invalid', 'true');
  });

  it('states the pricing rules, the shortest band charged in full among them', () => {
    renderAt('/app/finance/rate-cards');
    const rules = screen.getByRole('region', { name: 'How a card prices a call' });
    expect(within(rules).getByText(/a call shorter than the shortest band is charged the shortest band in full/)).toBeInTheDocument();
  });
});

describe('minimum wage rates', () => {
  it('lists the rates by age band with the hourly rate in pounds', async () => {
    renderAt('/app/finance/minimum-wage-rates');
    expect(screen.getByRole('heading', { level: 1, name: 'Minimum wage rates' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /National Living Wage/ });
    expect(within(row).getByText('£12.71')).toBeInTheDocument();
    expect(get).toHaveBeenLastCalledWith('api/v1/minimum-wage-rates', expect.objectContaining({ sort: 'valid_from', mode: 'desc' }));
  });

  it('adds a rate for next April', async () => {
    post.mockResolvedValue({ data: { id: 5 }, error: false, message: 'Created', errors: null, httpStatus: 201 });
    renderAt('/app/finance/minimum-wage-rates/add');
    await userEvent.type(await screen.findByLabelText('Label'), 'National Living Wage (21 and over)');
    await userEvent.type(screen.getByLabelText('Age from'), '21');
    await userEvent.type(screen.getByLabelText('Hourly rate (£)'), '13.10');
    await userEvent.type(screen.getByLabelText('Valid from'), '2027-04-01');
    await userEvent.click(screen.getByRole('button', { name: 'Save minimum wage rate' }));
    expect(post).toHaveBeenCalledWith('api/v1/minimum-wage-rates', expect.objectContaining({ age_from: 21, age_to: null, hourly_pence: 1310, valid_from: '2027-04-01' }));
  });
});
