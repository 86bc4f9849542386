import '@testing-library/jest-dom';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { setClock } from '@hcm/contract/time';
import { CACHE, putValue, run } from '../../queue/db';
import { VisitScreen } from '../VisitScreen';
import { harness, SHEET, VISIT } from './test-harness';

jest.mock('../App', () => jest.requireActual('./test-harness').appMock);

// The visit screen as a whole: the key safe's place from the care sheet and its code on a tap, never kept on the
// phone; the PRN medicines; the Record section's buttons.

let restore: () => void;
beforeEach(() => {
  restore = setClock('2026-03-02T10:00:00Z', { frozen: true });
});
afterEach(() => restore());

test('the visit: key safe code on a tap and never kept on the phone; PRN and the Record section offered', async () => {
  const sheet = { ...SHEET, as_needed: [{ schedule_id: 12, medicine: 'Paracetamol 500 mg', dose: '1 tablet', prn_reason: 'For pain', max_doses: 4, min_gap_hours: 4, given_24h: [] }] };
  const h = await harness((call) => {
    if (call.path.startsWith('/api/v1/carer-app/visits')) return { status: 200, data: [VISIT] };
    if (call.path.endsWith('/care')) return { status: 200, data: sheet };
    if (call.path.endsWith('/key-safe')) return { status: 200, data: { location: 'Left of the front door', code: 'Q7X4K2' } };
    return { status: 404, message: 'No such thing.' };
  });
  // A care sheet kept by the app's earlier version, with the code in it: the code is taken out.
  await putValue(h.db, CACHE, 'care:aisha.bello@homecare.test:9', { data: { ...SHEET, key_facts: { ...SHEET.key_facts, key_safe: { location: 'Porch', code: '9911' } } }, fetchedAt: '2026-03-01T09:00:00.000Z' });
  render(
    <h.Provider>
      <VisitScreen visitId={VISIT.id} />
    </h.Provider>,
  );
  expect(await screen.findByText(/Left of the front door/)).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'When needed (PRN)' })).toBeInTheDocument();
  const record = screen.getByRole('region', { name: 'Record' });
  for (const name of ['Money', 'Incident or fall', 'Hazard', 'Family feedback', 'Ask for support', 'Photo of the MAR sheet or blister pack']) {
    expect(within(record).getByRole('button', { name })).toHaveAttribute('aria-expanded', 'false');
  }
  fireEvent.click(screen.getByRole('button', { name: 'Show the key safe code' }));
  expect(await screen.findByText('Q7X4K2')).toBeInTheDocument();
  const kept = await run<{ key: string; value: unknown }[]>(h.db, CACHE, 'readonly', (store) => store.getAll());
  expect(kept.map((row) => row.key).sort()).toEqual(['care:aisha.bello@homecare.test:3', 'care:aisha.bello@homecare.test:9', 'visits:aisha.bello@homecare.test:today']);
  expect(JSON.stringify(kept)).not.toContain('Q7X4K2');
  expect(JSON.stringify(kept)).not.toContain('9911');
  expect(kept.find((row) => row.key.endsWith(':9'))).toMatchObject({ value: { data: { key_facts: { key_safe: { location: 'Porch' } } } } });
});
