import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, useRuntime } from '@hcm/kit';
import { DocumentView } from './DocumentView';
import { ok, refused, renderRouted, signIn, skinCheck, viewOf } from './test-fixtures';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
// jsdom has no canvas or worker for pdf.js: the viewer says what it would open.
jest.mock('@hcm/kit/pdf', () => ({
  PdfViewer: ({ file, title }: { file: string; title: string }) => (
    <p>
      PDF viewer: {title} from {file}
    </p>
  ),
}));
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;
const put = api.put as jest.Mock;

const BASE = 'api/v1/clients/12/documents/skin-check';

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  put.mockReset();
  signIn();
  useRuntime.setState({ registry: { ...useRuntime.getState().registry, apiUrl: 'https://api.test' } });
});

// The document as the server holds it: a test changes it when the server would.
let stored = viewOf();

function renderView(view = viewOf(), props: Partial<Parameters<typeof DocumentView>[0]> = {}) {
  stored = view;
  get.mockImplementation((path: string) => Promise.resolve(path === `${BASE}/41` ? ok(stored) : refused(404, 'No such document.')));
  const onEdit = jest.fn();
  const onVersions = jest.fn();
  renderRouted(<DocumentView spec={skinCheck} basePath="clients/12/documents" id={41} ownerLabel="Margaret Ellison" onEdit={onEdit} onVersions={onVersions} {...props} />);
  return { onEdit, onVersions };
}

const answerOf = (section: HTMLElement, label: string) => within(section).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('a document read', () => {
  it('shows status, version, who changed it last, the review date and its state, and every answer in words', async () => {
    renderView();
    const document = await screen.findByRole('article', { name: 'Skin and pressure-area check' });
    expect(within(document).getByText('Active')).toBeInTheDocument();
    expect(within(document).getByText('Version 3')).toBeInTheDocument();
    expect(within(document).getByText('Review overdue')).toBeInTheDocument();
    expect(within(document).getByText(/Last changed by/)).toHaveTextContent('Last changed by Nadia Okafor on Wed 10 Dec 2025, 14:05');
    expect(within(document).getByText(/Review date:/)).toHaveTextContent('Review date: Sat 10 Jan 2026');
    expect(within(document).getByText('Not signed off.')).toBeInTheDocument();

    const about = screen.getByRole('region', { name: 'About the check' });
    expect(answerOf(about, 'How the person moves about')).toHaveTextContent('Transfers by hoist');
    expect(answerOf(about, 'Continence')).toHaveTextContent('Incontinent of urine');
    const risk = screen.getByRole('region', { name: 'Risk of pressure damage' });
    expect(answerOf(risk, 'Skin type in the risk areas')).toHaveTextContent('Discoloured (grade 1) (2)');
    expect(answerOf(risk, 'Is there any pressure damage?')).toHaveTextContent('Yes');
    expect(answerOf(risk, 'Weight')).toHaveTextContent('58.4 kg');
    expect(answerOf(risk, 'Pressure-relieving equipment in use')).toHaveTextContent('Pressure-relieving mattress; Heel protectors');
    const marks = screen.getByRole('region', { name: 'Marks and meals' });
    expect(answerOf(marks, 'Marks seen on the skin')).toHaveTextContent('Pressure damage, back, near left heel: Blistered, 2 cm');
    const meals = within(marks).getByRole('table', { name: 'Meals today' });
    expect(within(meals).getByRole('row', { name: /08:15/ })).toHaveTextContent('08:15PorridgeYesSmall200 ml');
    expect(answerOf(screen.getByRole('region', { name: 'Signatures' }), 'Checked by')).toHaveTextContent('Nadia Okafor, Senior carer, 2025-12-10 14:00');
  });

  it('shows each result with its value, band, level in words and the actions it calls for', async () => {
    renderView();
    const results = await screen.findByRole('region', { name: 'Results' });
    expect(within(results).getByText('7 points')).toBeInTheDocument();
    expect(within(results).getByText('— High risk', { exact: false })).toBeInTheDocument();
    expect(within(results).getByText('Level: High')).toHaveAttribute('data-level', 'high');
    expect(within(results).getByText('Ask the district nurse to assess within 24 hours.')).toBeInTheDocument();
  });

  it('says which answers are withheld and why, and shows no results worked out from them', async () => {
    const content = { ...viewOf().content };
    delete content.concern;
    renderView(viewOf({ content, withheld: ['concern'], results: [] }));
    const marks = await screen.findByRole('region', { name: 'Marks and meals' });
    expect(answerOf(marks, 'Any concern about how the marks came about')).toHaveTextContent('Withheld: needs safeguarding access');
    expect(screen.getByText('Results are not shown: they are worked out from answers withheld from you.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Results' })).not.toBeInTheDocument();
  });

  it('leaves out a question whose condition does not hold, and says "Not answered" for an empty one', async () => {
    renderView(viewOf({ content: { ...viewOf().content, pressure_damage: false, damage_details: '', visit_time: '' } }));
    const risk = await screen.findByRole('region', { name: 'Risk of pressure damage' });
    expect(within(risk).queryByText('Where, what grade, and who was told')).not.toBeInTheDocument();
    expect(answerOf(screen.getByRole('region', { name: 'About the check' }), 'Time of the visit')).toHaveTextContent('Not answered');
  });
});

describe('what can be done with it', () => {
  it('signs the current version off in a role the user gives, then says who signed it', async () => {
    const user = userEvent.setup();
    renderView();
    await user.click(await screen.findByRole('button', { name: 'Sign off' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign off Skin and pressure-area check' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign off version 3' }));
    expect(within(dialog).getByLabelText('Your role')).toHaveAccessibleDescription(/Say in what role you sign it off/);
    expect(post).not.toHaveBeenCalled();

    post.mockImplementation(() => {
      stored = viewOf({ signed_off: { name: 'Priya Shah', role: 'Registered manager', at: '2025-12-12T10:30:00.000Z', version: 3 } });
      return Promise.resolve(ok(stored));
    });
    await user.type(within(dialog).getByLabelText('Your role'), 'Registered manager');
    await user.click(within(dialog).getByRole('button', { name: 'Sign off version 3' }));
    expect(post).toHaveBeenCalledWith(`${BASE}/41/sign-off`, { base_version: 3, role: 'Registered manager' });
    expect(await screen.findByText(/Signed off by/)).toHaveTextContent('Signed off by Priya Shah, Registered manager, Fri 12 Dec 2025, 10:30');
    expect(screen.queryByRole('button', { name: 'Sign off' })).not.toBeInTheDocument();
  });

  it('puts the server’s refusal of a role on the role', async () => {
    const user = userEvent.setup();
    post.mockResolvedValue(refused(422, 'The given data was invalid.', { role: ['Say in what role you sign it off, e.g. Registered manager.'] }));
    renderView();
    await user.click(await screen.findByRole('button', { name: 'Sign off' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign off Skin and pressure-area check' });
    await user.type(within(dialog).getByLabelText('Your role'), ' x');
    await user.click(within(dialog).getByRole('button', { name: 'Sign off version 3' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Your role')).toHaveAccessibleDescription(/Say in what role you sign it off, e.g. Registered manager./));
  });

  it('offers no sign-off, edit or archive to a user who may only read it', async () => {
    renderView(viewOf({ can: { edit: false, signOff: false } }));
    const actions = await screen.findByRole('group', { name: 'Skin and pressure-area check actions' });
    expect(within(actions).getAllByRole('button').map((button) => button.textContent)).toEqual(['Print', 'Versions']);
  });

  it('makes a draft active, and says what is missing when the server refuses', async () => {
    const user = userEvent.setup();
    const { onEdit } = renderView(viewOf({ status: 'draft', review_state: null, review_date: null }));
    expect(await screen.findByText('No review date set.')).toBeInTheDocument();
    put.mockResolvedValueOnce(refused(422, 'The given data was invalid.', { checked_by: ['Checked by is required.'] }));
    await user.click(screen.getByRole('button', { name: 'Make active' }));
    expect(put).toHaveBeenCalledWith(`${BASE}/41`, { base_version: 3, status: 'active' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Checked by is required.');
    await user.click(within(alert).getByRole('button', { name: 'Edit to answer them' }));
    expect(onEdit).toHaveBeenCalled();

    put.mockImplementationOnce(() => {
      stored = viewOf({ status: 'active', version: 4 });
      return Promise.resolve(ok(stored));
    });
    await user.click(screen.getByRole('button', { name: 'Make active' }));
    expect(await screen.findByText('Version 4')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make active' })).not.toBeInTheDocument();
  });

  it('archives only after the user confirms', async () => {
    const user = userEvent.setup();
    const onArchived = jest.fn();
    renderView(viewOf(), { onArchived });
    await user.click(await screen.findByRole('button', { name: 'Archive' }));
    const dialog = screen.getByRole('dialog', { name: 'Archive this Skin and pressure-area check?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(put).not.toHaveBeenCalled();

    put.mockImplementation(() => {
      stored = viewOf({ status: 'archived', version: 4, review_state: null, can: { edit: false, signOff: false } });
      return Promise.resolve(ok(stored));
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Archive this Skin and pressure-area check?' })).getByRole('button', { name: 'Archive' }));
    expect(put).toHaveBeenCalledWith(`${BASE}/41`, { base_version: 3, status: 'archived' });
    expect(await screen.findByText('Archived', { selector: '.status' })).toBeInTheDocument();
    expect(onArchived).toHaveBeenCalledWith(expect.objectContaining({ status: 'archived' }));
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('prints the document from the server’s PDF in the kit’s viewer', async () => {
    const user = userEvent.setup();
    renderView();
    await user.click(await screen.findByRole('button', { name: 'Print' }));
    const dialog = screen.getByRole('dialog', { name: 'Print: Skin and pressure-area check: Margaret Ellison' });
    expect(await within(dialog).findByText(/PDF viewer:/)).toHaveTextContent(
      'PDF viewer: Skin and pressure-area check: Margaret Ellison from https://api.test/api/v1/clients/12/documents/skin-check/41/pdf',
    );
  });

  it('opens the form and the versions from their buttons', async () => {
    const user = userEvent.setup();
    const { onEdit, onVersions } = renderView();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Versions' }));
    expect(onEdit).toHaveBeenCalledTimes(1);
    expect(onVersions).toHaveBeenCalledTimes(1);
  });
});

it('reads an earlier version, read only, and prints that version', async () => {
  const user = userEvent.setup();
  get.mockImplementation((path: string) =>
    Promise.resolve(path === `${BASE}/41/versions/2` ? ok(viewOf({ version: 2, status: 'draft', can: { edit: false, signOff: false } })) : refused(404, 'No such version.')),
  );
  const onCurrent = jest.fn();
  renderRouted(<DocumentView spec={skinCheck} basePath="clients/12/documents" id={41} version={2} onCurrent={onCurrent} onEdit={jest.fn()} />);
  expect(await screen.findByRole('note')).toHaveTextContent('An earlier version, read only: version 2, draft.');
  expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Make active' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Print' }));
  expect(await screen.findByText(/PDF viewer:/)).toHaveTextContent('/skin-check/41/pdf?version=2');
  await user.click(screen.getByRole('button', { name: 'Back to the current version' }));
  expect(onCurrent).toHaveBeenCalled();
});
