import '@testing-library/jest-dom';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setClock } from '@hcm/contract/time';
import { PAPER_RECEIPT } from './MoneyForm';
import { PhotoForm } from './PhotoForm';
import { RecordSection } from './RecordSection';
import { harness, SHEET, VISIT } from './test-harness';
import type { Jpeg } from './photo';

jest.mock('../App', () => jest.requireActual('./test-harness').appMock);

// The visit's Record section: each form checks its body with the route's own schema, queues it (its own
// Idempotency-Key and device time) and says what became of it: sent, kept on the phone, or refused by the office
// in its words with its errors at the fields, corrected and sent again.

// 10:00 on a winter Monday in the UK (GMT).
let restore: () => void;
beforeEach(() => {
  restore = setClock('2026-03-02T10:00:00Z', { frozen: true });
});
afterEach(() => restore());

async function open(name: string) {
  const h = await harness();
  render(
    <h.Provider>
      <RecordSection visit={VISIT} sheet={SHEET} />
    </h.Provider>,
  );
  await userEvent.click(screen.getByRole('button', { name }));
  return h;
}

test('money: per-field errors from the schema, then the entry is sent with its key, its day and no device time', async () => {
  const h = await open('Money');
  expect(screen.getByRole('button', { name: 'Money' })).toHaveAttribute('aria-expanded', 'true');
  await userEvent.click(screen.getByRole('button', { name: 'Save money entry' }));
  expect(screen.getByLabelText('Amount (£)')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByLabelText('Amount (£)')).toHaveAccessibleDescription(/Amount/);
  expect(screen.getByLabelText('What for')).toHaveAccessibleDescription('What for is required.');
  expect(screen.getByText('Say whether there is a receipt.')).toBeInTheDocument();
  expect(h.posts()).toEqual([]);

  await userEvent.type(screen.getByLabelText('Amount (£)'), '4.20');
  await userEvent.type(screen.getByLabelText('What for'), 'Milk and bread');
  await userEvent.click(screen.getByRole('radio', { name: /Yes: I put the receipt/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Save money entry' }));
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Money entry sent to the office.'));
  const [post] = h.posts();
  expect(post).toMatchObject({ path: '/api/v1/carer-app/clients/3/money', token: 'device-token' });
  expect(post!.key).toMatch(/^carer-[0-9a-f]{32}$/);
  expect(post!.body).toEqual({
    transaction_date: '2026-03-02',
    type: 'spent',
    amount: '4.20',
    description: 'Milk and bread',
    receipt_upload_id: null,
    no_receipt_reason: PAPER_RECEIPT,
    handled_by: 'Aisha Bello',
    witnessed_by: '',
    consent_confirmed: false,
    negative_reason: '',
  });
});

test('money refused by the office: its words, its error at the field, corrected and sent again under a new key', async () => {
  const h = await open('Money');
  h.answer(() => ({ status: 422, message: 'The given data was invalid.', errors: { negative_reason: ['This takes the balance below zero (−£2.80): say why.'] } }));
  await userEvent.selectOptions(screen.getByLabelText('What happened'), 'returned');
  await userEvent.type(screen.getByLabelText('Amount (£)'), '10');
  await userEvent.type(screen.getByLabelText('What for'), 'Change from the shopping');
  await userEvent.click(screen.getByRole('button', { name: 'Save money entry' }));
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Not accepted by the office: The given data was invalid. This takes the balance below zero (−£2.80): say why.'));
  const why = screen.getByLabelText('Why the balance goes below zero');
  expect(why).toHaveAccessibleDescription('This takes the balance below zero (−£2.80): say why.');
  const refusedKey = h.posts()[0]!.key;

  h.answer(() => ({ status: 201, message: 'Entry saved.' }));
  await userEvent.type(why, 'Float not yet topped up by the family');
  await userEvent.click(screen.getByRole('button', { name: 'Send the corrected entry' }));
  expect(await screen.findByText('Money entry sent to the office.')).toBeInTheDocument();
  const resent = h.posts()[1]!;
  expect(resent.key).not.toBe(refusedKey);
  expect(resent.body).toMatchObject({ type: 'returned', amount: '10', negative_reason: 'Float not yet topped up by the family' });
  expect(await h.queue.list()).toEqual([]);
});

test('a fall with the body map: regions are toggle buttons used by keyboard; the fall’s answers and sites are sent', async () => {
  const h = await open('Incident or fall');
  const form = screen.getByRole('form', { name: 'Incident or fall' });
  await userEvent.click(within(form).getByRole('button', { name: 'Report the incident' }));
  expect(within(form).getByLabelText('What happened (in your words)')).toHaveAccessibleDescription('What happened is required.');
  expect(within(form).getByText('Answer yes or no: found on the floor?')).toBeInTheDocument();

  const front = within(form).getByRole('group', { name: 'Front of the body' });
  const leftHip = within(front).getByRole('button', { name: 'Left hip' });
  expect(leftHip).toHaveAttribute('aria-pressed', 'false');
  leftHip.focus();
  await userEvent.keyboard('{Enter}');
  expect(leftHip).toHaveAttribute('aria-pressed', 'true');
  // The same site on the back outline is the same site.
  expect(within(within(form).getByRole('group', { name: 'Back of the body' })).getByRole('button', { name: 'Left hip' })).toHaveAttribute('aria-pressed', 'true');
  within(front).getByRole('button', { name: 'Head' }).focus();
  await userEvent.keyboard(' ');
  expect(within(form).getByText('Marked: Head, Left hip.')).toBeInTheDocument();

  await userEvent.clear(within(form).getByLabelText('When it happened (today)'));
  await userEvent.type(within(form).getByLabelText('When it happened (today)'), '09:40');
  await userEvent.type(within(form).getByLabelText('What happened (in your words)'), 'Found on the kitchen floor at the start of the visit.');
  const answers: [string, 'Yes' | 'No'][] = [
    ['Was the person found on the floor?', 'Yes'],
    ['Did anyone see the fall?', 'No'],
    ['Was any injury seen?', 'Yes'],
    ['A head injury?', 'Yes'],
    ['Was an ambulance called?', 'Yes'],
    ['Able to get up (with help)?', 'No'],
  ];
  for (const [question, answer] of answers) await userEvent.click(within(within(form).getByRole('group', { name: question })).getByRole('radio', { name: answer }));
  await userEvent.type(within(form).getByLabelText('What you did'), 'Called 999, stayed with her, told the office.');
  await userEvent.click(within(form).getByRole('button', { name: 'Report the incident' }));
  expect(await screen.findByText('Incident report sent to the office.')).toBeInTheDocument();
  expect(h.posts()[0]).toMatchObject({
    path: '/api/v1/carer-app/clients/3/incidents',
    body: {
      kind: 'fall',
      happened_at: '2026-03-02T09:40:00.000Z',
      visit_id: 71,
      injuries: '',
      body_map: { found_on_floor: true, witnessed: false, injured: true, head_injury: true, ambulance_called: true, able_to_get_up: false, injury_sites: ['head', 'left-hip'] },
      hazard: null,
    },
  });
});

test('an injury that is not a fall: the sites marked open the injuries, no fall details', async () => {
  const h = await open('Incident or fall');
  await userEvent.selectOptions(screen.getByLabelText('What happened'), 'injury');
  expect(screen.queryByRole('group', { name: 'Was the person found on the floor?' })).not.toBeInTheDocument();
  await userEvent.click(within(screen.getByRole('group', { name: 'Front of the body' })).getByRole('button', { name: 'Right arm' }));
  await userEvent.type(screen.getByLabelText('Injuries seen (optional)'), 'Skin tear, 2 cm.');
  await userEvent.type(screen.getByLabelText('What happened (in your words)'), 'Caught her arm on the door frame.');
  await userEvent.type(screen.getByLabelText('What you did'), 'Cleaned and dressed it; told the district nurse.');
  await userEvent.click(screen.getByRole('button', { name: 'Report the incident' }));
  expect(await screen.findByText('Incident report sent to the office.')).toBeInTheDocument();
  expect(h.posts()[0]!.body).toMatchObject({ kind: 'injury', injuries: 'Body map: Right arm.\nSkin tear, 2 cm.', body_map: null, hazard: null, happened_at: '2026-03-02T10:00:00.000Z' });
});

test('a hazard: where, the risk and whether it was made safe; kept on the phone while offline', async () => {
  const h = await open('Hazard');
  h.answer(() => 'offline');
  await userEvent.click(screen.getByRole('button', { name: 'Report the hazard' }));
  expect(screen.getByLabelText('Where in the home')).toHaveAccessibleDescription('Where in the home is required.');
  expect(screen.getByText('Choose the risk: low, medium or high.')).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('Where in the home'), 'Hallway rug');
  await userEvent.click(within(screen.getByRole('group', { name: 'How big is the risk?' })).getByRole('radio', { name: 'High' }));
  await userEvent.click(within(screen.getByRole('group', { name: 'Was it removed or made safe at the visit?' })).getByRole('radio', { name: 'No' }));
  await userEvent.type(screen.getByLabelText('What is the hazard'), 'The rug curls up at the edge.');
  await userEvent.type(screen.getByLabelText('What you did'), 'Taped the edge down; asked the family to replace it.');
  await userEvent.click(screen.getByRole('button', { name: 'Report the hazard' }));
  expect(await screen.findByText('Hazard report kept on this phone: it is sent as soon as there is a connection.')).toBeInTheDocument();
  const [kept] = await h.queue.list();
  expect(kept).toMatchObject({ state: 'waiting', label: 'Hazard: Hallway rug', body: { kind: 'hazard', hazard: { location: 'Hallway rug', risk_level: 'high', removed: false }, body_map: null } });

  h.answer(() => ({ status: 201 }));
  await act(() => h.send());
  expect(await screen.findByText('Hazard report sent to the office.')).toBeInTheDocument();
  expect(h.posts().at(-1)!.key).toBe(kept!.idempotencyKey);
});

test('family feedback: who, what kind, their words; the device time goes with it', async () => {
  const h = await open('Family feedback');
  await userEvent.type(screen.getByLabelText('Who said it (their relation to the client)'), 'Daughter');
  await userEvent.click(screen.getByRole('radio', { name: 'Compliment' }));
  await userEvent.type(screen.getByLabelText('What they said'), 'Mum looks forward to Aisha’s visits.');
  await userEvent.click(screen.getByRole('button', { name: 'Save feedback' }));
  expect(await screen.findByText('Family feedback sent to the office.')).toBeInTheDocument();
  expect(h.posts()[0]).toMatchObject({
    path: '/api/v1/carer-app/clients/3/family-feedback',
    body: { from: 'Daughter', kind: 'compliment', text: 'Mum looks forward to Aisha’s visits.', recorded_at: '2026-03-02T10:00:00.000Z' },
  });
});

test('ask for support: urgency and message to the scheduler’s route, with the visit', async () => {
  const h = await open('Ask for support');
  await userEvent.click(screen.getByRole('button', { name: 'Send to the office' }));
  expect(screen.getByText('Choose how urgent it is.')).toBeInTheDocument();
  expect(screen.getByLabelText('What do you need?')).toHaveAccessibleDescription('Say what you need.');
  await userEvent.click(screen.getByRole('radio', { name: 'Urgent' }));
  await userEvent.type(screen.getByLabelText('What do you need?'), 'Needs two carers to transfer today: please send someone.');
  await userEvent.click(screen.getByRole('button', { name: 'Send to the office' }));
  expect(await screen.findByText('Your request for support sent to the office.')).toBeInTheDocument();
  expect(h.posts()[0]).toMatchObject({
    path: '/api/v1/carer-app/support-requests',
    body: { visit_id: 71, urgency: 'urgent', message: 'Needs two carers to transfer today: please send someone.', recorded_at: '2026-03-02T10:00:00.000Z' },
  });
});

test('a photo of the blister pack: taken with the camera, made a small JPEG, queued as base64', async () => {
  const h = await harness();
  const toJpeg = jest.fn(async (): Promise<Jpeg> => ({ data: '/9j/4AAQSkZJRg==', bytes: 10, width: 1500, height: 2000 }));
  render(
    <h.Provider>
      <PhotoForm visit={VISIT} sheet={SHEET} refused={null} onClose={() => undefined} toJpeg={toJpeg} />
    </h.Provider>,
  );
  const input = screen.getByLabelText('Take the photo');
  expect(input).toHaveAttribute('accept', 'image/*');
  expect(input).toHaveAttribute('capture', 'environment');
  await userEvent.click(screen.getByRole('button', { name: 'Save photo' }));
  expect(input).toHaveAccessibleDescription('Take the photo first.');
  await userEvent.click(screen.getByRole('radio', { name: 'Blister pack' }));
  await userEvent.upload(input, new File(['camera bytes'], 'IMG_2041.HEIC', { type: 'image/heic' }));
  expect(await screen.findByRole('img', { name: 'The photo to send' })).toBeInTheDocument();
  expect(toJpeg).toHaveBeenCalledTimes(1);
  await userEvent.type(screen.getByLabelText('Caption (optional)'), 'Tuesday teatime still full');
  await userEvent.click(screen.getByRole('button', { name: 'Save photo' }));
  expect(await screen.findByText('Photo sent to the office.')).toBeInTheDocument();
  expect(h.posts()[0]).toMatchObject({
    path: '/api/v1/carer-app/clients/3/medication-images',
    body: { kind: 'blister-pack', schedule_id: null, caption: 'Tuesday teatime still full', file_name: 'IMG_2041.jpg', data: '/9j/4AAQSkZJRg==', recorded_at: '2026-03-02T10:00:00.000Z' },
  });
});

test('a refused record is listed in words and opens its form filled in, to correct', async () => {
  const h = await harness(() => ({ status: 422, message: 'The given data was invalid.', errors: { from: ['Who said it is at most 120 characters.'] } }));
  await h.queue.add({ path: '/api/v1/carer-app/clients/3/family-feedback', body: { from: 'Son', kind: 'concern', text: 'Worried about the stairs.' }, label: 'Family feedback: Concern from Son', visitId: 71 });
  await act(() => h.send());
  render(
    <h.Provider>
      <RecordSection visit={VISIT} sheet={SHEET} />
    </h.Provider>,
  );
  const list = await screen.findByRole('list', { name: 'Not accepted by the office' });
  expect(list).toHaveTextContent('Family feedback: Concern from Son: The given data was invalid. Who said it is at most 120 characters.');
  await userEvent.click(within(list).getByRole('button', { name: 'Correct: Family feedback: Concern from Son' }));
  expect(screen.getByLabelText('What they said')).toHaveValue('Worried about the stairs.');
  expect(screen.getByLabelText('Who said it (their relation to the client)')).toHaveAccessibleDescription('Who said it is at most 120 characters.');
  h.answer(() => ({ status: 201 }));
  await userEvent.click(screen.getByRole('button', { name: 'Send the corrected feedback' }));
  await waitFor(() => expect(screen.queryByRole('list', { name: 'Not accepted by the office' })).not.toBeInTheDocument());
  expect(await screen.findByText('Family feedback sent to the office.')).toBeInTheDocument();
  const [first, again] = h.posts();
  expect(again!.body).toEqual(first!.body);
  expect(again!.key).not.toBe(first!.key);
  expect(await h.queue.list()).toEqual([]);
});
