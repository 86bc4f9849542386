import '../queue/idb-test-env';
import '@testing-library/jest-dom';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useMemo, useState } from 'react';
import { setClock } from '@hcm/contract/time';
import type { PhoneTimeOff } from '@hcm/area-workforce/contract/carer-app-time-off';
import { ApiError, type Api } from '../api';
import { openDb } from '../queue/db';
import { WriteQueue, type QueuedWrite, type SendAnswer } from '../queue/queue';
import { ServicesContext, type Services } from './App';
import { TimeOffScreen } from './TimeOffScreen';

// The Time off screen over a recorded Api and the real offline queue (fake IndexedDB): what the office answered
// is shown (and shown again offline from what the phone kept), and "Ask for leave" and "Tell the office I can't
// work" are checked by workforce's schemas, then kept on the phone and sent like every other write; a refusal is
// parked with the server's words.

const CARER = 'tom.fletcher@homecare.test';
const TODAY = '2026-11-25';

const answer: PhoneTimeOff = {
  carer: { id: 9, name: 'Tom Fletcher' },
  today: TODAY,
  days: [
    { date: '2026-11-25', status: 'available', windows: [{ from: '08:00', to: '15:30' }], source: 'pattern', note: '' },
    { date: '2026-11-26', status: 'unavailable', windows: [], source: 'temporary', note: 'Hospital appointment' },
  ],
  holidays: [
    { id: 71, from_date: '2026-12-14', to_date: '2026-12-15', half_day_start: false, half_day_end: false, reason: 'Annual leave', paid: true, deducts_allowance: true, notes: '', status: 'requested', days: 2, hours: 15, requested_at: '2026-11-24T10:00:00Z', decision_reason: '', cancel_reason: '' },
    { id: 70, from_date: '2026-07-20', to_date: '2026-07-24', half_day_start: false, half_day_end: false, reason: 'Annual leave', paid: true, deducts_allowance: true, notes: '', status: 'approved', days: 5, hours: 37.5, requested_at: '2026-06-29T10:00:00Z', decision_reason: '', cancel_reason: '' },
  ],
  balance: {
    leave_year: { start: '2026-04-01', end: '2027-03-31' }, basis: 'statutory', unit: 'days', entitlement: 28, taken: 5, booked: 0, requested: 2, remaining: 21,
    days_per_week: 5, hours_per_week: 37.5, worked_hours: null, accrual_percent: null, explanation: 'Counted in days (a full-time fixed pattern).',
  },
  reasons: [
    { id: 3, name: 'Annual leave', paid: true, deducts_allowance: true },
    { id: 4, name: 'Sickness', paid: true, deducts_allowance: false },
  ],
  availability_requests: [
    { id: 5, carer_id: 9, carer_name: 'Tom Fletcher', branch_id: 1, branch: 'Camden', from_date: '2026-12-03', to_date: '2026-12-03', available: false, windows: [], reason: 'Dentist', status: 'declined', recorded_at: '2026-11-24T19:40:00Z', created_at: '2026-11-24T19:40:00Z', decided_by_name: 'Oliver Office', decided_at: '2026-11-25T08:00:00Z', decision_note: 'Thursday is short: can you move it?', change_id: null },
  ],
};

function fakeApi(online: () => boolean) {
  const calls: { method: string; path: string }[] = [];
  const api: Api = {
    async request<T>(method: string, path: string) {
      calls.push({ method, path });
      if (!online()) throw new TypeError('Failed to fetch');
      if (path === '/api/v1/carer-app/time-off') return { status: 200, body: { data: answer as T } };
      throw new ApiError(404, 'Not found.', null);
    },
  };
  return { api, calls };
}

let dbSeq = 0;
let restoreClock: () => void;
beforeEach(() => {
  restoreClock = setClock('2026-11-25T10:00:00Z', { frozen: true });
  jest.spyOn(window, 'confirm').mockReturnValue(true);
});
afterEach(() => {
  restoreClock();
  jest.restoreAllMocks();
});

/** The screen with the services App gives it: the queue's writes kept in state as the app keeps them. */
function Harness({ api, db, queue }: { api: Api; db: IDBDatabase; queue: WriteQueue }) {
  const [writes, setWrites] = useState<QueuedWrite[]>([]);
  useEffect(() => queue.subscribe(() => void queue.list().then(setWrites)), [queue]);
  const services = useMemo<Services>(
    () => ({ api, db, session: { token: 'device-token', email: CARER, name: 'Tom Fletcher', deviceId: 1 }, writes, record: async (write) => void (await queue.add(write)), signedOut: () => undefined }),
    [api, db, queue, writes],
  );
  return (
    <ServicesContext.Provider value={services}>
      <TimeOffScreen />
    </ServicesContext.Provider>
  );
}

async function setUp(online = true) {
  const db = await openDb(`time-off-test-${++dbSeq}`);
  const queue = new WriteQueue(db, () => CARER);
  const phone = { online };
  const { api, calls } = fakeApi(() => phone.online);
  const view = render(<Harness api={api} db={db} queue={queue} />);
  await screen.findByRole('heading', { name: 'Holiday left' });
  return { db, queue, phone, api, calls, view };
}

test('shows the coming days, the balance in its unit, the leave with its status and what the office said', async () => {
  await setUp();
  expect(screen.getByRole('link', { name: 'Time off' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getByText('21 days of 28 days')).toBeInTheDocument();
  const days = screen.getByRole('list', { name: 'Your next 4 weeks' });
  expect(within(days).getAllByRole('listitem')[0]).toHaveTextContent('Wed 25 Nov 2026: Available 08:00–15:30');
  expect(within(days).getAllByRole('listitem')[1]).toHaveTextContent('Not available (Hospital appointment)');
  const leave = screen.getByRole('list', { name: 'Your leave' });
  expect(within(leave).getAllByRole('listitem')[0]).toHaveTextContent('Waiting for the office');
  expect(within(leave).getAllByRole('listitem')[1]).toHaveTextContent('Approved');
  expect(within(leave).getAllByRole('button')).toHaveLength(1);
  expect(screen.getByRole('list', { name: 'What you told the office' })).toHaveTextContent('Declined');
  expect(screen.getByRole('list', { name: 'What you told the office' })).toHaveTextContent('Why: Thursday is short: can you move it?');
});

test('offline, it shows what the phone kept and says when it was fetched', async () => {
  const { db, queue, api, view, phone } = await setUp();
  view.unmount();
  phone.online = false;
  render(<Harness api={api} db={db} queue={queue} />);
  expect(await screen.findByText(/^Offline: showing what was fetched at/)).toBeInTheDocument();
  expect(await screen.findByText('21 days of 28 days')).toBeInTheDocument();
});

test('a leave request is checked by the office’s schema, kept on the phone and sent with its key; a refusal is parked in the server’s words', async () => {
  const user = userEvent.setup();
  const { queue } = await setUp();
  const form = screen.getByRole('region', { name: 'Ask for leave' });
  await user.click(within(form).getByRole('button', { name: 'Ask for leave' }));
  expect(within(form).getByText('Choose a reason.')).toBeInTheDocument();
  expect(within(form).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
  expect(await queue.list()).toHaveLength(0);

  await user.clear(within(form).getByLabelText('First day'));
  await user.type(within(form).getByLabelText('First day'), '2027-01-18');
  await user.clear(within(form).getByLabelText('Last day'));
  await user.type(within(form).getByLabelText('Last day'), '2027-01-19');
  await user.selectOptions(within(form).getByLabelText('Reason'), 'Annual leave');
  await user.selectOptions(within(form).getByLabelText('Half days'), 'The last day is a half day');
  await user.type(within(form).getByLabelText('Note for the office (optional)'), 'Brother’s wedding');
  await user.click(within(form).getByRole('button', { name: 'Ask for leave' }));
  expect(await within(form).findByRole('status')).toHaveTextContent('kept on this phone');

  const [write] = await queue.list();
  expect(write).toMatchObject({
    path: '/api/v1/carer-app/holidays',
    label: 'Annual leave: Mon 18 Jan 2027 – Tue 19 Jan 2027',
    body: { from_date: '2027-01-18', to_date: '2027-01-19', half_day_start: false, half_day_end: true, reason_id: 3, notes: 'Brother’s wedding', recorded_at: '2026-11-25T10:00:00.000Z' },
  });
  expect(write!.idempotencyKey).toMatch(/^carer-/);
  expect(await screen.findByRole('generic', { name: 'Waiting to send' })).toHaveTextContent('Annual leave: Mon 18 Jan 2027 – Tue 19 Jan 2027');

  const refused: SendAnswer = { status: 409, message: 'Tom Fletcher already has a holiday from 2027-01-18 to 2027-01-19 overlapping these dates.' };
  await act(async () => void (await queue.flush(async () => refused)));
  expect(await screen.findByText(/not accepted: Tom Fletcher already has a holiday/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Correct or discard what was not accepted' })).toHaveAttribute('href', '#/outbox');
});

test('“I can’t work” and “I can work these hours” are queued as requests to the office; a day past is refused first', async () => {
  const user = userEvent.setup();
  const { queue } = await setUp();
  const form = screen.getByRole('region', { name: 'Tell the office I can’t work' });
  await user.clear(within(form).getByLabelText('From'));
  await user.type(within(form).getByLabelText('From'), '2026-11-24');
  await user.type(within(form).getByLabelText('Why you can’t work'), 'Ill');
  await user.click(within(form).getByRole('button', { name: 'Send to the office' }));
  expect(within(form).getByText('Tell the office about today or a later day.')).toBeInTheDocument();
  expect(await queue.list()).toHaveLength(0);

  await user.clear(within(form).getByLabelText('From'));
  await user.type(within(form).getByLabelText('From'), '2026-12-09');
  await user.clear(within(form).getByLabelText('To'));
  await user.type(within(form).getByLabelText('To'), '2026-12-10');
  await user.clear(within(form).getByLabelText('Why you can’t work'));
  await user.type(within(form).getByLabelText('Why you can’t work'), 'Moving house');
  await user.click(within(form).getByRole('button', { name: 'Send to the office' }));
  expect(await within(form).findByRole('status')).toHaveTextContent('once the office accepts it');

  await user.selectOptions(within(form).getByLabelText('What do you want to tell the office?'), 'I can work these hours');
  await user.clear(within(form).getByLabelText('From'));
  await user.type(within(form).getByLabelText('From'), '2026-12-12');
  await user.clear(within(form).getByLabelText('To'));
  await user.type(within(form).getByLabelText('To'), '2026-12-12');
  await user.clear(within(form).getByLabelText('To (time)'));
  await user.type(within(form).getByLabelText('To (time)'), '07:00');
  await user.type(within(form).getByLabelText('Note for the office'), 'Saturday morning');
  await user.click(within(form).getByRole('button', { name: 'Send to the office' }));
  expect(within(form).getByText('The end must be after the start.')).toBeInTheDocument();
  await user.clear(within(form).getByLabelText('To (time)'));
  await user.type(within(form).getByLabelText('To (time)'), '12:00');
  await user.click(within(form).getByRole('button', { name: 'Send to the office' }));

  const writes = await queue.list();
  expect(writes.map((write) => [write.path, write.label])).toEqual([
    ['/api/v1/carer-app/availability', 'Can’t work: Wed 9 Dec 2026 – Thu 10 Dec 2026'],
    ['/api/v1/carer-app/availability', 'Can work 08:00–12:00: Sat 12 Dec 2026'],
  ]);
  expect(writes[0]!.body).toMatchObject({ from_date: '2026-12-09', to_date: '2026-12-10', available: false, windows: [], reason: 'Moving house' });
  expect(writes[1]!.body).toMatchObject({ available: true, windows: [{ from: '08:00', to: '12:00' }], reason: 'Saturday morning' });
});

test('cancelling a request waiting for the office is queued too, and the button gives way to “waiting to send”', async () => {
  const user = userEvent.setup();
  const { queue } = await setUp();
  const leave = screen.getByRole('list', { name: 'Your leave' });
  await user.click(within(leave).getByRole('button', { name: 'Cancel request for Mon 14 Dec 2026 – Tue 15 Dec 2026' }));
  expect(await within(leave).findByText('Cancelling: waiting to send.')).toBeInTheDocument();
  const [write] = await queue.list();
  expect(write).toMatchObject({ path: '/api/v1/carer-app/holidays/71/cancel', body: { reason: '' } });
});
