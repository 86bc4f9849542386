import '@testing-library/jest-dom';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setClock } from '@hcm/contract/time';
import type { CareSheet } from '@hcm/area-care-records/contract/live-medication.js';
import { PrnDoses } from './PrnDoses';
import { limitText } from './prn';
import { harness, SHEET, VISIT } from './test-harness';

jest.mock('../App', () => jest.requireActual('./test-harness').appMock);

// PRN (when needed) doses: the limits said in words from the care sheet's doses of the last 24 hours and those
// waiting on the phone; the reason asked; a dose over the limit needs its own reason; the server's 422 in words.

let restore: () => void;
beforeEach(() => {
  // 10:00 on a winter Monday in the UK (GMT).
  restore = setClock('2026-03-02T10:00:00Z', { frozen: true });
});
afterEach(() => restore());

const PARACETAMOL = { schedule_id: 12, medicine: 'Paracetamol 500 mg', dose: '1 or 2 tablets', prn_reason: 'For knee pain', max_doses: 4, min_gap_hours: 4 };
const sheetWith = (given: string[]): CareSheet => ({ ...SHEET, as_needed: [{ ...PARACETAMOL, given_24h: given }] });

test('the limits in words: how many of the most in 24 hours, and when the next may be given', () => {
  const now = Date.parse('2026-03-02T10:00:00Z');
  const prn = { ...PARACETAMOL, given_24h: [] };
  expect(limitText(prn, [Date.parse('2026-03-01T16:00:00Z'), Date.parse('2026-03-02T06:30:00Z')], now)).toBe('2 of 4 in 24 hours given (at least 4 hours apart); next not before 10:30.');
  expect(limitText(prn, [], now)).toBe('0 of 4 in 24 hours given (at least 4 hours apart); can be given now if needed.');
  // Four in 24 hours: the next when the first of them is 24 hours old.
  const four = ['2026-03-01T11:00:00Z', '2026-03-01T16:00:00Z', '2026-03-01T21:00:00Z', '2026-03-02T02:00:00Z'].map(Date.parse);
  expect(limitText(prn, four, now)).toBe('4 of 4 in 24 hours given (at least 4 hours apart); next not before 11:00.');
  expect(limitText({ ...prn, max_doses: null, min_gap_hours: null }, four.slice(1), now)).toBe('3 given in the last 24 hours; can be given now if needed.');
  expect(limitText(prn, [Date.parse('2026-03-02T22:30:00Z')], Date.parse('2026-03-02T23:30:00Z'))).toBe('1 of 4 in 24 hours given (at least 4 hours apart); next not before 02:30 tomorrow.');
});

test('too soon on the phone’s count: the reason and the over-the-limit reason are asked before it is queued', async () => {
  const h = await harness();
  render(
    <h.Provider>
      <PrnDoses visit={VISIT} sheet={sheetWith(['2026-03-01T16:00:00Z', '2026-03-02T06:30:00Z'])} />
    </h.Provider>,
  );
  const give = screen.getByRole('button', { name: 'Give a PRN dose: Paracetamol 500 mg' });
  expect(give).toHaveAccessibleDescription('2 of 4 in 24 hours given (at least 4 hours apart); next not before 10:30.');
  await userEvent.click(give);
  await userEvent.click(screen.getByRole('button', { name: 'Save PRN dose' }));
  expect(screen.getByLabelText('Why is it given? (the chart says: For knee pain)')).toHaveAccessibleDescription('Say why it is given (the chart says: For knee pain).');
  expect(screen.getByLabelText('Over the limit: why is it given anyway?')).toHaveAttribute('aria-invalid', 'true');
  expect(h.posts()).toEqual([]);
  await userEvent.type(screen.getByLabelText('Why is it given? (the chart says: For knee pain)'), 'Knee pain after the walk');
  await userEvent.type(screen.getByLabelText('Over the limit: why is it given anyway?'), 'NHS 111 advised it now');
  await userEvent.click(screen.getByRole('button', { name: 'Save PRN dose' }));
  expect(await screen.findByText('Paracetamol 500 mg (PRN) sent to the office.')).toBeInTheDocument();
  expect(h.posts()[0]).toMatchObject({
    path: '/api/v1/carer-app/clients/3/medication-outcomes',
    body: { schedule_id: 12, due_date: '', due_slot: '', outcome: 'A', dose_given: '1 or 2 tablets', prn_reason: 'Knee pain after the walk', over_limit_reason: 'NHS 111 advised it now', inr: '', recorded_at: '2026-03-02T10:00:00.000Z' },
  });
});

test('a dose waiting on the phone counts; the server’s refusal over the limit is shown in words and at its field, then corrected', async () => {
  const h = await harness(() => 'offline');
  const sheet = sheetWith(['2026-03-02T05:00:00Z']);
  render(
    <h.Provider>
      <PrnDoses visit={VISIT} sheet={sheet} />
    </h.Provider>,
  );
  expect(screen.getByText('1 of 4 in 24 hours given (at least 4 hours apart); can be given now if needed.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Give a PRN dose: Paracetamol 500 mg' }));
  expect(screen.queryByLabelText('Over the limit: why is it given anyway?')).not.toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('Why is it given? (the chart says: For knee pain)'), 'Knee pain');
  await userEvent.click(screen.getByRole('button', { name: 'Save PRN dose' }));
  expect(await screen.findByText('Paracetamol 500 mg (PRN) kept on this phone: it is sent as soon as there is a connection.')).toBeInTheDocument();
  expect(screen.getByText('2 of 4 in 24 hours given (at least 4 hours apart); next not before 14:00.')).toBeInTheDocument();

  // Back online: another carer's dose reached the office first, so the server refuses this one over the limit.
  const refusal = 'Over the limit for Paracetamol: another dose was given at 09:00 on Monday 2 March 2026, 1 h 00 min before, and the minimum gap is 4 hours. Record why it is given anyway (e.g. advised by the GP or NHS 111), or do not give it.';
  h.answer(() => ({ status: 422, message: refusal, errors: { over_limit_reason: [refusal] } }));
  await act(() => h.send());
  // The card is read again at each try: it is drawn anew when the refusal comes back (on a busy machine, after).
  await waitFor(() => expect(within(screen.getByRole('listitem')).getByRole('status')).toHaveTextContent(`Not accepted by the office: ${refusal}`));
  const card = screen.getByRole('listitem');
  // A refused dose no longer counts on the phone.
  expect(within(card).getByText('1 of 4 in 24 hours given (at least 4 hours apart); can be given now if needed.')).toBeInTheDocument();
  const over = within(card).getByLabelText('Over the limit: why is it given anyway?');
  expect(over).toHaveAccessibleDescription(refusal);
  const first = (await h.queue.list())[0]!;

  h.answer(() => ({ status: 201 }));
  await userEvent.type(over, 'GP advised by phone');
  await userEvent.click(within(card).getByRole('button', { name: 'Send the corrected dose' }));
  expect(await within(card).findByText('Paracetamol 500 mg (PRN) sent to the office.')).toBeInTheDocument();
  const resent = h.posts().at(-1)!;
  expect(resent.body).toMatchObject({ over_limit_reason: 'GP advised by phone', prn_reason: 'Knee pain', recorded_at: first.body.recorded_at });
  expect(resent.key).not.toBe(first.idempotencyKey);
});
