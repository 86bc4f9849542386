import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '@hcm/kit';
import { DocumentForm } from './DocumentForm';
import { ok, refused, renderRouted, signIn, skinCheck, viewOf, SENSITIVE } from './test-fixtures';

// The API client answers from these fakes; the data layer, the form and its validation are real.
jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;
const put = api.put as jest.Mock;

const BASE = 'api/v1/clients/12/documents/skin-check';

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  put.mockReset();
  signIn();
});

function renderNew(onSaved = jest.fn()) {
  renderRouted(<DocumentForm sensitive={SENSITIVE} spec={skinCheck} basePath="clients/12/documents" ownerLabel="Margaret Ellison" onSaved={onSaved} />);
  return onSaved;
}

function renderEdit() {
  get.mockImplementation((path: string) => Promise.resolve(path === `${BASE}/41` ? ok(viewOf()) : refused(404, 'No such document.')));
  renderRouted(<DocumentForm sensitive={SENSITIVE} spec={skinCheck} basePath="clients/12/documents" id={41} />);
}

const group = (name: string) => screen.getByRole('group', { name: new RegExp(`^${name.replace(/[()?]/g, '\\$&')}`) });

describe('a new document', () => {
  it('renders every kind of question, takes answers in each, and sends them as stored values', async () => {
    const user = userEvent.setup();
    post.mockImplementation((_path: string, body: { content: Record<string, unknown> }) => Promise.resolve(ok(viewOf({ id: 50, version: 1, status: 'draft', content: body.content }), 201)));
    const onSaved = renderNew();

    expect(screen.getByRole('heading', { name: 'Start Skin and pressure-area check' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'About the check' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Date of the check/), '2026-02-03');
    await user.type(screen.getByLabelText('Time of the visit'), '09:45');
    await user.type(screen.getByLabelText('Who checked (role)'), 'Senior carer');
    await user.type(screen.getByLabelText('What the person told us about their skin'), 'Itchy shins.');
    // Three options: radios; six: a select.
    await user.click(within(group('How the person moves about')).getByRole('radio', { name: 'Walks with a frame or stick' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Continence' }), 'Catheterised');
    await user.click(within(group('Skin type in the risk areas')).getByRole('radio', { name: 'Tissue paper or dry (1 point)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Smokes (1 point)' }));
    await user.click(within(group('Is there any pressure damage?')).getByRole('radio', { name: 'No' }));
    await user.type(screen.getByRole('textbox', { name: 'Weight' }), '61.5');
    expect(screen.getByText('kg')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Cushion' }));
    await user.click(screen.getByRole('button', { name: 'Add row to Meals today' }));
    await user.type(screen.getByRole('textbox', { name: 'Food, row 1' }), 'Toast');
    fireEvent.change(screen.getByLabelText('Time, row 1'), { target: { value: '08:00' } });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ate it all, row 1' }), 'Yes');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Portion, row 1' }), 'Normal');
    await user.type(screen.getByRole('textbox', { name: 'Drink, row 1' }), '150');
    await user.type(screen.getByLabelText('Any concern about how the marks came about'), 'No concern.');
    const signature = group('Checked by');
    await user.type(within(signature).getByLabelText('Name of the person signing'), 'Priya Shah');
    await user.type(within(signature).getByLabelText('Their role'), 'Care coordinator');
    await user.click(within(signature).getByRole('button', { name: 'Sign now: Checked by' }));
    await user.type(screen.getByLabelText('What changed?'), 'First check after discharge.');

    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const [path, body] = post.mock.calls[0] as [string, { content: Record<string, unknown>; status: string; note: string; review_date: string }];
    expect(path).toBe(BASE);
    expect(body.status).toBe('draft');
    expect(body.note).toBe('First check after discharge.');
    expect(body.review_date).toBe('');
    expect(body.content).toMatchObject({
      checked_on: '2026-02-03',
      visit_time: '09:45',
      checked_by_role: 'Senior carer',
      person_said: 'Itchy shins.',
      mobility: 'aid',
      continence: 'catheter',
      skin_type: 'thin',
      special_risks: ['smoking'],
      pressure_damage: false,
      damage_details: '',
      weight: 61.5,
      aids: ['cushion'],
      marks: [],
      meals: [{ time: '08:00', food: 'Toast', eaten_all: true, portion: 'normal', drink: 150 }],
      concern: 'No concern.',
      checked_by: { name: 'Priya Shah', role: 'Care coordinator' },
    });
    expect((body.content.checked_by as { signed_at: string }).signed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 50 })));
  });

  it('keeps the running section score and total, and shows the band and its actions as the user answers', async () => {
    const user = userEvent.setup();
    renderNew();
    const results = screen.getByRole('region', { name: 'Results as you answer' });
    const sectionScore = () => screen.getByText(/^Risk of pressure damage score:/);
    const total = () => within(results).getByText(/^Total score:/);
    expect(within(results).getByText('Not worked out yet')).toBeInTheDocument();
    expect(within(results).getByText('Level: Not scored')).toBeInTheDocument();
    expect(sectionScore()).toHaveTextContent('Risk of pressure damage score: 0');

    await user.click(screen.getByRole('radio', { name: 'Discoloured (grade 1) (2 points)' }));
    expect(sectionScore()).toHaveTextContent('Risk of pressure damage score: 2');
    expect(total()).toHaveTextContent('Total score: 2');
    expect(within(results).getByText('— Low risk', { exact: false })).toBeInTheDocument();
    expect(within(results).getByText('Level: Low')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Peripheral vascular disease (5 points)' }));
    expect(total()).toHaveTextContent('Total score: 7');
    expect(within(results).getByText('7 points')).toBeInTheDocument();
    expect(within(results).getByText('— High risk', { exact: false })).toBeInTheDocument();
    expect(within(results).getByText('Level: High')).toBeInTheDocument();
    expect(within(results).getByText('Ask the district nurse to assess within 24 hours.')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Peripheral vascular disease (5 points)' }));
    expect(total()).toHaveTextContent('Total score: 2');
  });

  it('shows a question only while its condition holds, and does not send a hidden answer', async () => {
    const user = userEvent.setup();
    post.mockResolvedValue(ok(viewOf({ id: 50, version: 1, status: 'draft' }), 201));
    renderNew();
    expect(screen.queryByLabelText(/Where, what grade, and who was told/)).not.toBeInTheDocument();
    await user.click(within(group('Is there any pressure damage?')).getByRole('radio', { name: 'Yes' }));
    await user.type(screen.getByLabelText(/Where, what grade, and who was told/), 'Left heel, grade 2.');
    await user.click(within(group('Is there any pressure damage?')).getByRole('radio', { name: 'No' }));
    expect(screen.queryByLabelText(/Where, what grade, and who was told/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post.mock.calls[0][1].content).toMatchObject({ pressure_damage: false, damage_details: '' });
  });

  it('adds and removes rows by keyboard-reachable buttons, numbering what is left', async () => {
    const user = userEvent.setup();
    renderNew();
    const table = screen.getByRole('table', { name: 'Meals today' });
    expect(within(table).getByText('No rows yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add row to Meals today' }));
    await user.click(screen.getByRole('button', { name: 'Add row to Meals today' }));
    await user.type(screen.getByRole('textbox', { name: 'Food, row 1' }), 'Porridge');
    await user.type(screen.getByRole('textbox', { name: 'Food, row 2' }), 'Soup');
    await user.click(screen.getByRole('button', { name: 'Remove row 1 of Meals today' }));
    expect(screen.getByRole('textbox', { name: 'Food, row 1' })).toHaveValue('Soup');
    expect(screen.queryByRole('textbox', { name: 'Food, row 2' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add row to Meals today' })).toHaveFocus();
  });

  it('signs a signature now with its time, refuses to sign without a name and role, and clears it', async () => {
    const user = userEvent.setup();
    renderNew();
    const signature = group('Checked by');
    await user.click(within(signature).getByRole('button', { name: 'Sign now: Checked by' }));
    expect(within(signature).getByRole('alert')).toHaveTextContent('Write the name and the role of the person signing first.');
    await user.type(within(signature).getByLabelText('Name of the person signing'), 'Priya Shah');
    await user.type(within(signature).getByLabelText('Their role'), 'Care coordinator');
    await user.click(within(signature).getByRole('button', { name: 'Sign now: Checked by' }));
    expect(within(signature).getByText(/Signed by Priya Shah, Care coordinator, on/)).toBeInTheDocument();
    expect(within(signature).getByLabelText('Name of the person signing')).toHaveAttribute('readonly');
    await user.click(within(signature).getByRole('button', { name: 'Clear the signature of Checked by' }));
    expect(within(signature).getByText('Not signed yet.')).toBeInTheDocument();
    expect(within(signature).getByLabelText('Name of the person signing')).toHaveValue('');
  });

  it('places body-map marks by keyboard on the figure and from the lists, lists them as text, and removes them', async () => {
    const user = userEvent.setup();
    post.mockResolvedValue(ok(viewOf({ id: 50, version: 1, status: 'draft' }), 201));
    renderNew();
    const map = group('Marks seen on the skin');
    await user.selectOptions(within(map).getByLabelText('What it is'), 'Pressure damage');
    await user.type(within(map).getByLabelText('Note on the mark'), 'Red, not blanching');
    const back = within(map).getByRole('application', { name: /^Back of the body/ });
    act(() => back.focus());
    // From the start (50 across, 35 down) to the heel: 4 × Shift+Down (40) + 10 × Down (20) = 95; 4 × Left = 42.
    await user.keyboard('{Shift>}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{/Shift}');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(within(map).getByText(/Marker on the back, 42% across and 95% down: near the left heel/)).toBeInTheDocument();
    await user.keyboard('{Enter}');
    const list = within(map).getByRole('list', { name: 'Marks on Marks seen on the skin' });
    expect(within(list).getByText('Pressure damage, back, near left heel: Red, not blanching')).toBeInTheDocument();

    await user.selectOptions(within(map).getByLabelText('View'), 'Front');
    await user.selectOptions(within(map).getByLabelText('Part of the body'), 'Right forearm');
    await user.selectOptions(within(map).getByLabelText('What it is'), 'Bruise');
    await user.type(within(map).getByLabelText('Note on the mark'), '3 cm, yellowing');
    await user.click(within(map).getByRole('button', { name: 'Add mark' }));
    expect(within(list).getByText('Bruise, front, near right forearm: 3 cm, yellowing')).toBeInTheDocument();

    await user.click(within(map).getByRole('button', { name: /^Remove mark 1:/ }));
    expect(within(list).queryByText(/Pressure damage/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post.mock.calls[0][1].content.marks).toEqual([{ view: 'front', x: 20, y: 39, kind: 'bruise', note: '3 cm, yellowing' }]);
  });

  it('checks what making it active needs before sending, naming each question', async () => {
    const user = userEvent.setup();
    renderNew();
    await user.type(screen.getByRole('textbox', { name: 'Weight' }), '3000');
    await user.click(screen.getByRole('button', { name: 'Save as active' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(within(summary).getByRole('link', { name: 'Date of the check is required.' })).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Skin type in the risk areas is required.' })).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Weight must be at most 300.' })).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Checked by is required.' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Weight' })).toHaveAccessibleDescription(/Weight must be at most 300/);
    expect(post).not.toHaveBeenCalled();
  });

  it('asks the server to keep nothing it may not show: a withheld question is named, not asked', async () => {
    signIn(['clients.view', 'clients.edit', 'clients.clinical.view']);
    const user = userEvent.setup();
    post.mockResolvedValue(ok(viewOf({ id: 50, version: 1, status: 'draft' }), 201));
    renderNew();
    expect(screen.queryByLabelText('Any concern about how the marks came about')).not.toBeInTheDocument();
    expect(screen.getByText(/Withheld: needs safeguarding access/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post.mock.calls[0][1].content).not.toHaveProperty('concern');
  });
});

describe('saving refused by the server', () => {
  it('puts a 422’s messages on their questions (rows included) and keeps everything typed', async () => {
    const user = userEvent.setup();
    post.mockResolvedValue(
      refused(422, 'The given data was invalid.', {
        person_said: ['What the person told us about their skin must be at most 8000 characters.'],
        'meals.0.time': ['Time is required in row 1 of Meals today.'],
        review_date: ['Review date must be a date.'],
      }),
    );
    renderNew();
    await user.type(screen.getByLabelText('What the person told us about their skin'), 'Itchy shins.');
    await user.click(screen.getByRole('button', { name: 'Add row to Meals today' }));
    await user.type(screen.getByRole('textbox', { name: 'Food, row 1' }), 'Toast');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));

    expect(await screen.findByText(/Some answers need attention: they are marked below. Nothing you typed was lost./)).toBeInTheDocument();
    expect(screen.getByLabelText('What the person told us about their skin')).toHaveAccessibleDescription(/must be at most 8000 characters/);
    expect(screen.getByLabelText('Time, row 1')).toHaveAccessibleDescription('Error: Time is required in row 1 of Meals today.');
    expect(screen.getByLabelText('Review date')).toHaveAccessibleDescription(/Review date must be a date/);
    expect(screen.getByLabelText('What the person told us about their skin')).toHaveValue('Itchy shins.');
    expect(screen.getByRole('textbox', { name: 'Food, row 1' })).toHaveValue('Toast');
  });

  it('on a 409, says who saved what since, then opens their version with the user’s answers kept beside it', async () => {
    const user = userEvent.setup();
    renderEdit();
    const weight = await screen.findByRole('textbox', { name: 'Weight' });
    expect(weight).toHaveValue('58.4');
    await user.clear(weight);
    await user.type(weight, '57.9');
    await user.clear(screen.getByLabelText('What the person told us about their skin'));
    await user.type(screen.getByLabelText('What the person told us about their skin'), 'Heels better.');

    // Someone saved version 4 meanwhile: a different skin type and note.
    const theirs = viewOf({ version: 4, updated_by: 'Tom Reid', updated_at: '2025-12-11T09:00:00.000Z', content: { ...viewOf().content, skin_type: 'broken', person_said: 'Heel blistered overnight.' } });
    put.mockResolvedValue(refused(409, 'Tom Reid saved this Skin and pressure-area check after you opened it (version 4).'));
    get.mockImplementation((path: string) => Promise.resolve(path === `${BASE}/41` ? ok(theirs) : refused(404, 'No such document.')));

    await user.click(screen.getByRole('button', { name: 'Save as active' }));
    const dialog = await screen.findByRole('dialog', { name: 'Someone else saved this document since you opened it' });
    expect(put.mock.calls[0][0]).toBe(`${BASE}/41`);
    expect(put.mock.calls[0][1]).toMatchObject({ base_version: 3, status: 'active', content: { weight: 57.9 } });
    expect(within(dialog).getByText(/Tom Reid saved Skin and pressure-area check as version 4/)).toBeInTheDocument();
    const changes = within(dialog).getByRole('list', { name: 'Their changes' });
    expect(within(changes).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'What the person told us about their skin: My heels are sore at night. → Heel blistered overnight. (Tom Reid)',
      'Skin type in the risk areas: Discoloured (grade 1) (2) → Broken or spots (grade 2 to 4) (3) (Tom Reid)',
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Review their version' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('What the person told us about their skin')).toHaveValue('Heel blistered overnight.');
    expect(screen.getByRole('textbox', { name: 'Weight' })).toHaveValue('58.4');
    expect(screen.getByText(/Changing version 4/)).toBeInTheDocument();
    const mine = screen.getByRole('region', { name: 'Your answers, not saved' });
    expect(within(mine).getByText('Yours: 57.9 kg', { exact: false })).toBeInTheDocument();
    await user.click(within(mine).getByRole('button', { name: 'Use my answer for Weight' }));
    expect(screen.getByRole('textbox', { name: 'Weight' })).toHaveValue('57.9');
    expect(within(mine).queryByRole('button', { name: 'Use my answer for Weight' })).not.toBeInTheDocument();

    put.mockResolvedValue(ok(viewOf({ version: 5 })));
    await user.click(screen.getByRole('button', { name: 'Save as active' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(2));
    expect(put.mock.calls[1][1]).toMatchObject({ base_version: 4, content: { weight: 57.9, person_said: 'Heel blistered overnight.', skin_type: 'broken' } });
  });

  it('opens the document there is when a kind kept as one already has one', async () => {
    const user = userEvent.setup();
    const onOpenExisting = jest.fn();
    post.mockResolvedValue(refused(409, 'There is already a Skin and pressure-area check: open it and change it.'));
    get.mockImplementation((path: string) => Promise.resolve(path === BASE ? ok([viewOf({ id: 33 })]) : refused(404, 'No such document.')));
    renderRouted(<DocumentForm sensitive={SENSITIVE} spec={skinCheck} basePath="clients/12/documents" onOpenExisting={onOpenExisting} />);
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByText('There is already a Skin and pressure-area check: open it and change it.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open the Skin and pressure-area check there is' }));
    expect(onOpenExisting).toHaveBeenCalledWith(33);
  });
});

describe('an existing document', () => {
  it('opens with its answers, and offers only "Save as active" once active', async () => {
    renderEdit();
    expect(await screen.findByRole('heading', { name: 'Edit Skin and pressure-area check' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Date of the check/)).toHaveValue('2025-12-10');
    expect(within(group('Is there any pressure damage?')).getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(screen.getByLabelText(/Where, what grade, and who was told/)).toHaveValue('Grade 2 on the left heel; district nurse told 10/12.');
    expect(screen.getByRole('checkbox', { name: 'Peripheral vascular disease (5 points)' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Food, row 1' })).toHaveValue('Porridge');
    expect(screen.getByText(/Signed by Nadia Okafor, Senior carer, on/)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Marks on Marks seen on the skin' })).toHaveTextContent('Pressure damage, back, near left heel: Blistered, 2 cm');
    expect(screen.getByLabelText('Review date')).toHaveValue('2026-01-10');
    expect(screen.queryByRole('button', { name: 'Save as draft' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save as active' })).toBeInTheDocument();
  });

  it('says an archived document cannot be changed', async () => {
    get.mockResolvedValue(ok(viewOf({ status: 'archived', can: { edit: false, signOff: false } })));
    renderRouted(<DocumentForm sensitive={SENSITIVE} spec={skinCheck} basePath="clients/12/documents" id={41} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('It is archived: it can be read and printed, not changed.');
  });
});

// The live results are worked out by the declaration's own function: a failure there must not break the form.
it('keeps the form usable when a declaration cannot work out its results', async () => {
  const broken = { ...skinCheck, results: () => { throw new Error('half-typed'); } };
  renderRouted(<DocumentForm sensitive={SENSITIVE} spec={broken} basePath="clients/12/documents" />);
  await act(async () => undefined);
  expect(within(screen.getByRole('region', { name: 'Results as you answer' })).getByText('Nothing worked out yet.')).toBeInTheDocument();
});
