import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '@hcm/kit';
import { DocumentTab } from './DocumentTab';
import type { DocumentSummary, VersionSummary } from './model';
import { ok, refused, renderRouted, signIn, skinCheck, viewOf, SENSITIVE } from './test-fixtures';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;
const put = api.put as jest.Mock;

const BASE = 'api/v1/clients/12/documents/skin-check';
const TAB = '/app/clients/12/skin-check';

const summaryOf = (overrides: Partial<DocumentSummary> = {}): DocumentSummary => {
  const { content: _content, withheld: _withheld, can: _can, ...summary } = viewOf();
  return { ...summary, ...overrides };
};

/** The server's answers, by path. */
function serve(answers: Record<string, unknown>) {
  get.mockImplementation((path: string) => Promise.resolve(path in answers ? ok(answers[path]) : refused(404, 'No such document.')));
}

function renderTab(at: string = TAB, spec = skinCheck) {
  return renderRouted(<DocumentTab sensitive={SENSITIVE} spec={spec} basePath="clients/12/documents" ownerLabel="Margaret Ellison" />, { route: `${TAB}/*`, at });
}

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  put.mockReset();
  signIn();
});

describe('a kind kept as one document', () => {
  it('says there is none yet and starts one, empty, then shows it once saved', async () => {
    const user = userEvent.setup();
    serve({ [BASE]: [] });
    const { router } = renderTab();
    expect(screen.getByRole('heading', { level: 2, name: 'Skin and pressure-area check' })).toBeInTheDocument();
    expect(await screen.findByText('No Skin and pressure-area check yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start Skin and pressure-area check' }));
    expect(router.state.location.pathname).toBe(`${TAB}/new`);
    expect(screen.getByRole('form', { name: 'Start Skin and pressure-area check' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Date of the check/)).toHaveValue('');

    const saved = viewOf({ id: 60, version: 1, status: 'draft', review_state: null });
    post.mockImplementation(() => {
      serve({ [BASE]: [summaryOf({ id: 60, version: 1, status: 'draft', review_state: null })], [`${BASE}/60`]: saved });
      return Promise.resolve(ok(saved, 201));
    });
    await user.type(screen.getByLabelText('Who checked (role)'), 'Senior carer');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(TAB));
    expect(await screen.findByRole('article', { name: 'Skin and pressure-area check' })).toBeInTheDocument();
    expect(screen.getByText('Draft', { selector: '.status' })).toBeInTheDocument();
  });

  it('shows the current document, edits it at its own address and comes back to it', async () => {
    const user = userEvent.setup();
    serve({ [BASE]: [summaryOf()], [`${BASE}/41`]: viewOf() });
    const { router } = renderTab();
    expect(await screen.findByRole('article', { name: 'Skin and pressure-area check' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(router.state.location.pathname).toBe(`${TAB}/41/edit`);
    const weight = await screen.findByRole('textbox', { name: 'Weight' });
    await user.clear(weight);
    await user.type(weight, '59');
    put.mockResolvedValue(ok(viewOf({ version: 4, content: { ...viewOf().content, weight: 59 } })));
    await user.click(screen.getByRole('button', { name: 'Save as active' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(TAB));
    expect(put.mock.calls[0][1]).toMatchObject({ base_version: 3, status: 'active', content: { weight: 59 } });
  });

  it('warns before leaving a form with answers typed, and stays when the user says so', async () => {
    const user = userEvent.setup();
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    serve({ [BASE]: [] });
    const { router } = renderTab(`${TAB}/new`);
    await user.type(screen.getByLabelText('Who checked (role)'), 'Senior carer');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(confirm).toHaveBeenCalledWith('You have unsaved changes. Leave this page and lose them?');
    expect(router.state.location.pathname).toBe(`${TAB}/new`);
    expect(screen.getByLabelText('Who checked (role)')).toHaveValue('Senior carer');
    confirm.mockRestore();
  });

  it('offers no start to a user who may only read', async () => {
    signIn(['clients.view']);
    serve({ [BASE]: [] });
    renderTab();
    expect(await screen.findByText('No Skin and pressure-area check yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Start/ })).not.toBeInTheDocument();
  });

  it('tells the server’s refusal when the user may not read this kind', async () => {
    get.mockResolvedValue(refused(403, 'You may not read Skin and pressure-area check documents.'));
    renderTab();
    expect(await screen.findByRole('alert')).toHaveTextContent('You may not read Skin and pressure-area check documents.');
  });
});

describe('a kind with many documents', () => {
  const reviews = { ...skinCheck, name: 'skin-check', multiple: true };

  it('lists them with date, status, version, review date and the results’ bands, adds and opens one', async () => {
    const user = userEvent.setup();
    serve({
      [BASE]: [
        summaryOf({ id: 42, version: 1, status: 'draft', review_date: null, review_state: null, updated_at: '2026-01-20T10:00:00.000Z', results: [] }),
        summaryOf(),
      ],
      [`${BASE}/41`]: viewOf(),
    });
    const { router } = renderTab(TAB, reviews);
    const table = await screen.findByRole('table', { name: 'Skin and pressure-area check, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Tue 20 Jan 2026');
    expect(rows[0]).toHaveTextContent('Draft');
    expect(rows[1]).toHaveTextContent('Wed 10 Dec 2025 by Nadia Okafor');
    expect(rows[1]).toHaveTextContent('Active');
    expect(rows[1]).toHaveTextContent('Sat 10 Jan 2026 Review overdue');
    expect(rows[1]).toHaveTextContent('Pressure risk score 7 points: High risk (level: High)');

    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(router.state.location.pathname).toBe(`${TAB}/new`);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe(TAB);

    await user.click(await screen.findByRole('link', { name: 'Open Skin and pressure-area check of Wed 10 Dec 2025, version 3' }));
    expect(router.state.location.pathname).toBe(`${TAB}/41`);
    expect(await screen.findByRole('article', { name: 'Skin and pressure-area check' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All Skin and pressure-area check' })).toHaveAttribute('href', TAB);
  });
});

describe('versions', () => {
  const versions: VersionSummary[] = [
    {
      version: 3,
      status: 'active',
      saved_at: '2025-12-10T14:05:00.000Z',
      saved_by: 'Nadia Okafor',
      note: 'Heel blistered: district nurse told.',
      changes: [
        { key: 'skin_type', label: 'Skin type in the risk areas', before: 'Tissue paper or dry (1)', after: 'Discoloured (grade 1) (2)' },
        { key: 'concern', label: 'Any concern about how the marks came about', before: '(withheld)', after: '(withheld)' },
      ],
    },
    { version: 2, status: 'active', saved_at: '2025-11-02T09:00:00.000Z', saved_by: 'Tom Reid', note: '', changes: [] },
    { version: 1, status: 'draft', saved_at: '2025-11-01T16:20:00.000Z', saved_by: null, note: 'First assessment.', changes: [] },
  ];

  it('lists every version with who, when, the note and what changed, and opens one read only', async () => {
    const user = userEvent.setup();
    serve({
      [BASE]: [summaryOf()],
      [`${BASE}/41`]: viewOf(),
      [`${BASE}/41/versions`]: versions,
      [`${BASE}/41/versions/2`]: viewOf({ version: 2, updated_by: 'Tom Reid', can: { edit: false, signOff: false } }),
    });
    const { router } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Versions' }));
    expect(router.state.location.pathname).toBe(`${TAB}/41/versions`);
    const table = await screen.findByRole('table', { name: 'Versions of Skin and pressure-area check, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('3ActiveNadia OkaforWed 10 Dec 2025, 14:05Heel blistered: district nurse told.');
    expect(within(rows[0]!).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Skin type in the risk areas: Tissue paper or dry (1) → Discoloured (grade 1) (2)',
      'Any concern about how the marks came about: (withheld) → (withheld)',
    ]);
    expect(rows[1]).toHaveTextContent('No note');
    expect(rows[1]).toHaveTextContent('No answers changed');
    expect(rows[2]).toHaveTextContent('Someone no longer listed');

    await user.click(within(rows[1]!).getByRole('button', { name: 'Open version 2' }));
    expect(router.state.location.pathname).toBe(`${TAB}/41/versions/2`);
    expect(await screen.findByRole('article', { name: 'Skin and pressure-area check, version 2' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('An earlier version, read only: version 2');
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to the current version' }));
    expect(router.state.location.pathname).toBe(TAB);
  });
});
