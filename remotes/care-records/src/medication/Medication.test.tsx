import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CurrentUser } from '@hcm/contract';
import { api, useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import { DEFAULT_OUTCOME_CODES, MAR_AUDIT_CHECKS, type MarAudit, type MarAuditFindings, type MarCell, type MarChart as Chart, type MedicationList, type MedicationSchedule, type OutcomeCode } from '../../contract';
import MarChart from './MarChart';
import MarChartAudit from './MarChartAudit';
import MedicationTab from './MedicationTab';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
jest.mock('@hcm/kit/pdf', () => ({
  PdfViewer: ({ file, title }: { file: string; title: string }) => <section aria-label={`PDF: ${title}`}>{file}</section>,
}));
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;
const ok = (data: unknown, message = 'OK', httpStatus = 200) => ({ data, error: false, message, errors: null, httpStatus });
const failed = (httpStatus: number, message: string, errors: Record<string, string[]> | null = null) => ({ data: null, error: true, message, errors, httpStatus });

const codes: OutcomeCode[] = DEFAULT_OUTCOME_CODES.map((code, index) => ({ ...code, active: true, sort_order: index * 10 }));
const DAYS = Array.from({ length: 30 }, (_, index) => `2026-11-${String(index + 1).padStart(2, '0')}`);
const medicine = { medicine: 'Donepezil', strength: '10 mg', dose: '1 tablet', route: 'oral', support_level: 'assist', frequency: 'One at night', days_of_week: '', instructions: '', start_date: '2026-01-01', stop_date: null, blister_pack: true, controlled_drug: false };

function chart(cells: (day: string) => MarCell): Chart {
  return {
    client: { id: 7, name: 'Margaret Ellison', date_of_birth: '1938-05-14', nhs_number: '999 000 1014', gp_practice: 'Camden Road Surgery', allergies: 'Penicillin (rash).' },
    month: '2026-11',
    days: DAYS,
    today: '2026-11-24',
    generated_at: '2026-11-24T10:00:00Z',
    codes,
    rows: [{ schedule_id: 3, ...medicine, slot: '08:00', time_critical: false, window_minutes: null, cells: DAYS.map(cells) }],
    prn: [{ schedule_id: 4, ...medicine, medicine: 'Paracetamol', strength: '500 mg', dose: '2 tablets', support_level: 'prompt', prn_reason: 'For knee pain', max_doses: 4, min_gap_hours: 4, days: DAYS.map(() => []) }],
    gaps: [],
    totals: { due: 24, recorded: 1, given: 1, not_given: 0, gaps: 0, prn_doses: 0, over_limit: 0, outside_window: 0 },
  };
}

const recorded: MarCell = {
  state: 'recorded',
  entry: { id: 91, code: 'A', given_at: '2026-11-11T08:04:00Z', by: 'Aisha Bello', note: '', dose_given: '1 tablet', prn_reason: '', over_limit: false, outside_window: false, corrected: false, created_via: 'device' },
};

let answers: Record<string, unknown>;
function signIn(permissions: string[]) {
  useSession.setState({
    status: 'authenticated',
    user: {
      userID: 2, userRole: 'office_staff', userPermissions: ['clients.view', ...permissions], userUnreadMessageCount: 0,
      name: 'Oliver Office', email: 'office@homecare.test', userType: 'domiciliary', roleLabel: 'Office staff', branches: [{ id: 1, name: 'Camden' }],
    } as CurrentUser,
  });
}

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  answers = {};
  get.mockImplementation((path: string) => Promise.resolve(answers[path] === undefined ? failed(404, 'Not found.') : ok(answers[path])));
  signIn(['clients.edit', 'clients.clinical.view', 'medication.administer']);
});

function renderTab(segment: string, element: ReactNode, path = `/app/clients/7/${segment}`) {
  const router = createMemoryRouter([{ path: `/app/clients/:id/${segment}/*`, element }], { initialEntries: [path] });
  render(withData(<RouterProvider router={router} />));
  return router;
}

test('the MAR grid is a table with headers; a recorded cell names its outcome; a due cell records the dose', async () => {
  answers['api/v1/clients/7/mar'] = chart((day) => (day === '2026-11-11' ? recorded : day < '2026-11-12' ? { state: 'off' } : day === '2026-11-12' ? { state: 'gap' } : { state: 'upcoming' }));
  post.mockResolvedValue(ok({ id: 92, outcome: 'A' }, 'Donepezil: Administered recorded.', 201));
  renderTab('marchart', <MarChart clientId={7} />);

  const grid = await screen.findByRole('table', { name: 'MAR chart: Margaret Ellison, November 2026' });
  expect(within(grid).getByRole('columnheader', { name: 'Medicine and time' })).toBeInTheDocument();
  expect(within(grid).getByRole('rowheader', { name: /Donepezil 10 mg.*08:00/ })).toBeInTheDocument();
  expect(within(grid).getByRole('button', { name: '08:00 dose of Donepezil on 11 Nov: A Administered by Aisha Bello at 08:04. Open the record' })).toHaveTextContent('A');
  // The key reads without colour: each code is written out.
  expect(within(screen.getByRole('list', { name: 'Key to the chart' })).getByText('Refused')).toBeInTheDocument();

  await userEvent.click(within(grid).getByRole('button', { name: 'Record 08:00 dose of Donepezil on 12 Nov (missed: nothing recorded)' }));
  const dialog = await screen.findByRole('dialog', { name: 'Record the 08:00 dose of Donepezil on 12 Nov' });
  expect(within(dialog).getByLabelText('Date and time given')).toHaveValue('2026-11-12T08:00');
  await userEvent.selectOptions(within(dialog).getByLabelText('Outcome'), 'A: Administered');
  await userEvent.type(within(dialog).getByLabelText('Note'), 'Taken with breakfast.');
  get.mockClear();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Record dose' }));

  await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
  const [path, body] = post.mock.calls[0]!;
  expect(path).toBe('api/v1/clients/7/administrations');
  expect(body).toMatchObject({ schedule_id: 3, due_date: '2026-11-12', due_slot: '08:00', outcome: 'A', given_at: '2026-11-12T08:00', note: 'Taken with breakfast.', dose_given: '1 tablet' });
  expect(body.idempotency_key).toMatch(/^office-/);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  // The chart is asked again, so the new record shows.
  await waitFor(() => expect(get).toHaveBeenCalledWith('api/v1/clients/7/mar', { month: expect.any(String) }));
});

test('the grid scrolls in its own focusable box; every cell button is named with the words it shows', async () => {
  const answer = chart((day) => (day === '2026-11-11' ? recorded : day < '2026-11-12' ? { state: 'off' } : day === '2026-11-12' ? { state: 'gap' } : day === '2026-11-24' ? { state: 'due' } : { state: 'upcoming' }));
  answer.prn = [{ ...answer.prn[0]!, days: DAYS.map((day) => (day === '2026-11-20' ? [{ ...recorded.entry, id: 93, given_at: '2026-11-20T14:10:00Z' }] : [])) }];
  answers['api/v1/clients/7/mar'] = answer;
  renderTab('marchart', <MarChart clientId={7} />);
  const box = await screen.findByRole('region', { name: 'MAR chart grid, November 2026: scroll to see every day' });
  expect(box).toHaveAttribute('tabindex', '0');
  const grid = within(box).getByRole('table', { name: 'MAR chart: Margaret Ellison, November 2026' });
  expect(within(grid).getByRole('button', { name: 'Record 08:00 dose of Donepezil on 24 Nov, due now' })).toHaveTextContent('Due');
  expect(within(grid).getByRole('button', { name: 'Paracetamol on 20 Nov at 14:10: A Administered by Aisha Bello. Open the record' })).toHaveTextContent('A14:10');
  // Label in name (WCAG 2.5.3): each word a cell shows is in its accessible name.
  for (const button of within(grid).getAllByRole('button')) {
    const name = (button.getAttribute('aria-label') ?? button.textContent ?? '').toLowerCase();
    const shown: string[] = [];
    const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) shown.push(node.textContent ?? '');
    for (const word of shown.join(' ').match(/[A-Za-z0-9:]+/g) ?? []) expect(name).toContain(word.toLowerCase());
  }
});

test('issue 28: a PRN row offers no record button before the medicine started or from the day it stopped', async () => {
  const answer = chart(() => ({ state: 'off' }));
  answer.prn = [{ ...answer.prn[0]!, start_date: '2026-11-10', stop_date: '2026-11-20' }];
  answers['api/v1/clients/7/mar'] = answer;
  renderTab('marchart', <MarChart clientId={7} />);
  const grid = await screen.findByRole('table', { name: /MAR chart/ });
  const recordOn = (day: string) => within(grid).queryByRole('button', { name: `Record a when-needed dose of Paracetamol on ${day} Nov` });
  for (const day of [1, 9, 20, 21, 24]) expect(recordOn(String(day))).toBeNull();
  for (const day of [10, 15, 19]) expect(recordOn(String(day))).toBeInTheDocument();
  const row = within(grid).getByRole('row', { name: /Paracetamol 500 mg/ });
  expect(within(row).getAllByText('not on the chart')).toHaveLength(9 + 11);
});

test('a PRN dose refused with 422 (over the limit) keeps what was typed and shows the error on its field', async () => {
  answers['api/v1/clients/7/mar'] = chart(() => ({ state: 'off' }));
  post.mockResolvedValue(failed(422, 'The given data was invalid.', { over_limit_reason: ['Over the limit for Paracetamol: this would be 5 doses within 24 hours, and the most is 4. Record why it is given anyway.'] }));
  renderTab('marchart', <MarChart clientId={7} />);
  const grid = await screen.findByRole('table', { name: /MAR chart/ });
  await userEvent.click(within(grid).getByRole('button', { name: 'Record a when-needed dose of Paracetamol on 20 Nov' }));
  const dialog = await screen.findByRole('dialog', { name: 'Record the when-needed dose of Paracetamol on 20 Nov' });
  await userEvent.selectOptions(within(dialog).getByLabelText('Outcome'), 'A: Administered');
  await userEvent.type(within(dialog).getByLabelText('Reason for giving it'), 'Knee pain after a fall');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Record dose' }));

  expect(await within(dialog).findByText(/this would be 5 doses within 24 hours/)).toBeInTheDocument();
  expect(within(dialog).getByLabelText('Reason for giving it over the limit')).toHaveAttribute('aria-invalid', 'true');
  expect(within(dialog).getByLabelText('Reason for giving it')).toHaveValue('Knee pain after a fall');
  expect(within(dialog).getByLabelText('Outcome')).toHaveValue('A');
});

test('a second record for a slot: the conflict is explained in the dialog', async () => {
  answers['api/v1/clients/7/mar'] = chart((day) => (day === '2026-11-12' ? { state: 'gap' } : { state: 'off' }));
  post.mockResolvedValue(failed(409, 'The 08:00 dose of Donepezil on 12/11/2026 is already recorded: A (Administered) by Aisha Bello at 08:04 on 12/11/2026. To change it, correct that record and say why.'));
  renderTab('marchart', <MarChart clientId={7} />);
  await userEvent.click(await screen.findByRole('button', { name: /Record 08:00 dose of Donepezil on 12 Nov/ }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.selectOptions(within(dialog).getByLabelText('Outcome'), 'A: Administered');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Record dose' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('is already recorded: A (Administered) by Aisha Bello');
});

test('without the clinical permission the chart is not read at all', async () => {
  signIn([]);
  renderTab('marchart', <MarChart clientId={7} />);
  expect(await screen.findByText(/The MAR chart is clinical content/)).toBeInTheDocument();
  expect(get).not.toHaveBeenCalled();
});

const schedule = (overrides: Partial<MedicationSchedule>): MedicationSchedule => ({
  id: 3, client_id: 7, medication_id: 12, dose: '1 tablet', route: 'oral', frequency: 'One at night', support_level: 'assist', as_needed: false, timing: 'exact', times: '20:00',
  days_of_week: '', prn_reason: '', prn_max_doses: null, prn_min_gap_hours: null, time_critical: false, time_critical_window: null, start_date: '2026-01-01', stop_date: null,
  stop_reason: '', prescriber: 'Dr Helen Okafor', pharmacy: 'Boots', blister_pack: true, instructions: '', replaces_id: null, replaced_by_id: null, status: 'active',
  medicine: 'Donepezil', strength: '10 mg', form: 'tablet', controlled_drug: false, high_risk: false, created_at: '2026-01-01T09:00:00Z', created_by: 'Oliver Office', stopped_by: null,
  ...overrides,
});

const medicationList = (schedules: MedicationSchedule[]): MedicationList => ({
  client: { id: 7, name: 'Margaret Ellison', date_of_birth: '1938-05-14', nhs_number: '999 000 1014', gp_practice: 'Camden Road Surgery', allergies: 'Penicillin (rash).' },
  schedules,
  medicines: [
    { id: 12, name: 'Donepezil', strength: '10 mg', form: 'tablet', route: 'oral' },
    { id: 1, name: 'Paracetamol', strength: '500 mg', form: 'tablet', route: 'oral' },
  ],
});

test('medication: current and stopped medicines; adding the same medicine warns, and "Add it anyway" confirms', async () => {
  answers['api/v1/clients/7/medications'] = medicationList([schedule({}), schedule({ id: 2, medicine: 'Warfarin', status: 'stopped', stop_date: '2026-10-01', stop_reason: 'Changed to apixaban.' })]);
  post
    .mockResolvedValueOnce(failed(409, 'Donepezil is already on this client\'s chart (1 tablet, 20:00, since 01/01/2026). Add it again only if both are prescribed: confirm to add anyway.'))
    .mockResolvedValueOnce(ok(schedule({ id: 4 }), 'Donepezil added to Margaret Ellison\'s chart.', 201));
  const router = renderTab('medication', <MedicationTab clientId={7} />);
  const current = await screen.findByRole('table', { name: 'Current medicines' });
  expect(within(current).getByRole('row', { name: /Donepezil 10 mg/ })).toHaveTextContent('20:00');
  expect(within(screen.getByRole('table', { name: 'Stopped medicines' })).getByRole('row', { name: /Warfarin/ })).toHaveTextContent('Changed to apixaban.');

  await userEvent.click(screen.getByRole('link', { name: 'Add medication' }));
  const form = await screen.findByRole('form', { name: 'Add medication' });
  await userEvent.selectOptions(within(form).getByLabelText('Medicine'), 'Donepezil 10 mg (tablet)');
  await userEvent.type(within(form).getByLabelText('Dose'), '1 tablet');
  await userEvent.type(within(form).getByLabelText('Directions'), 'One at night');
  await userEvent.type(within(form).getByLabelText('Times'), '21:00');
  await userEvent.click(within(form).getByRole('button', { name: 'Add medicine' }));

  expect(await within(form).findByRole('alert')).toHaveTextContent('already on this client\'s chart');
  expect(post.mock.calls[0]![1]).toMatchObject({ medication_id: '12', times: '21:00', confirm_duplicate: false });
  await userEvent.click(within(form).getByRole('button', { name: 'Add it anyway' }));
  await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
  expect(post.mock.calls[1]![1]).toMatchObject({ medication_id: '12', confirm_duplicate: true });
  await waitFor(() => expect(router.state.location.pathname).toBe('/app/clients/7/medication'));
});

test('medication: a 422 keeps what was typed; PRN asks for its limits before sending', async () => {
  answers['api/v1/clients/7/medications'] = medicationList([]);
  post.mockResolvedValue(failed(422, 'The given data was invalid.', { medication_id: ['Paracetamol is no longer in use in the catalogue: choose another, or make it active in reference data.'] }));
  renderTab('medication', <MedicationTab clientId={7} />, '/app/clients/7/medication/add');
  const form = await screen.findByRole('form', { name: 'Add medication' });
  await userEvent.selectOptions(within(form).getByLabelText('Medicine'), 'Paracetamol 500 mg (tablet)');
  await userEvent.type(within(form).getByLabelText('Dose'), '2 tablets');
  await userEvent.type(within(form).getByLabelText('Directions'), 'Two every 4 hours when needed');
  await userEvent.click(within(form).getByLabelText('Given only when needed (PRN)'));
  await userEvent.click(within(form).getByRole('button', { name: 'Add medicine' }));
  // The same schema as the server's: the PRN fields are asked for before anything is sent.
  expect(await within(form).findByText('Say when to give it (e.g. for knee pain, when breathless).')).toBeInTheDocument();
  expect(post).not.toHaveBeenCalled();

  await userEvent.type(within(form).getByLabelText('When to give it'), 'For knee pain');
  await userEvent.type(within(form).getByLabelText('Maximum doses in 24 hours'), '4');
  await userEvent.type(within(form).getByLabelText('Minimum hours between doses'), '4');
  await userEvent.click(within(form).getByRole('button', { name: 'Add medicine' }));
  expect(await within(form).findByText(/no longer in use in the catalogue/)).toBeInTheDocument();
  expect(within(form).getByLabelText('Dose')).toHaveValue('2 tablets');
  expect(within(form).getByLabelText('When to give it')).toHaveValue('For knee pain');
  expect(within(form).getByLabelText('Medicine')).toHaveAttribute('aria-invalid', 'true');
});

test('medication: "Stop" asks for the date and reason; a stopped medicine is re-created from a pre-filled form', async () => {
  answers['api/v1/clients/7/medications'] = medicationList([schedule({}), schedule({ id: 2, medicine: 'Warfarin', medication_id: 1, dose: '3 mg', times: '18:00', status: 'stopped', stop_date: '2026-10-01', stop_reason: 'INR high: dose changed.' })]);
  post.mockResolvedValue(ok(schedule({ status: 'stopped', stop_reason: 'GP stopped it.' }), 'Donepezil stopped.'));
  renderTab('medication', <MedicationTab clientId={7} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Stop Donepezil' }));
  const dialog = await screen.findByRole('dialog', { name: 'Stop Donepezil 10 mg' });
  await userEvent.type(within(dialog).getByLabelText('Reason for stopping'), 'GP stopped it.');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Stop medicine' }));
  await waitFor(() => expect(post).toHaveBeenCalledWith('api/v1/clients/7/medications/3/stop', expect.objectContaining({ stop_reason: 'GP stopped it.' })));

  await userEvent.click(screen.getByRole('link', { name: 'Re-create Warfarin' }));
  const form = await screen.findByRole('form', { name: 'Re-create Warfarin 10 mg' });
  expect(within(form).getByLabelText('Dose')).toHaveValue('3 mg');
  expect(within(form).getByLabelText('Times')).toHaveValue('18:00');
});

test('MAR chart audit: the month\'s gaps beside the form; a "No" needs a comment', async () => {
  signIn(['clients.clinical.view', 'medication.audit']);
  const findings: MarAuditFindings = {
    month: '2026-10',
    gaps: [{ schedule_id: 3, medicine: 'Donepezil', day: '2026-10-14', slot: '20:00', window_closed_at: '2026-10-14T20:00:00Z', time_critical: false }],
    totals: { due: 62, recorded: 61, given: 59, not_given: 2, gaps: 1, prn_doses: 9, over_limit: 0, outside_window: 1 },
    refused: [{ medicine: 'Warfarin', day: '2026-10-03', slot: '18:00', note: 'R: Felt sick.' }],
  };
  answers['api/v1/clients/7/mar-audits'] = [] satisfies MarAudit[];
  answers['api/v1/clients/7/mar-audits/findings'] = findings;
  renderTab('marchart-audit', <MarChartAudit clientId={7} />);
  await userEvent.click(await screen.findByRole('link', { name: 'Audit a month' }));
  expect(await screen.findByRole('list', { name: 'Gaps found' })).toHaveTextContent('Donepezil');
  const form = screen.getByRole('form', { name: 'MAR chart audit' });
  for (const check of MAR_AUDIT_CHECKS) await userEvent.click(within(within(form).getByRole('group', { name: check.label })).getByLabelText('Yes'));
  await userEvent.click(within(within(form).getByRole('group', { name: MAR_AUDIT_CHECKS[4]!.label })).getByLabelText('No'));
  await userEvent.type(within(form).getByLabelText('Findings'), 'One gap.');
  await userEvent.selectOptions(within(form).getByLabelText('Outcome'), 'Satisfactory: no action needed');
  await userEvent.click(within(form).getByRole('button', { name: 'Save audit' }));
  expect(await within(form).findByText('Say what was wrong.')).toBeInTheDocument();
  expect(post).not.toHaveBeenCalled();
});
