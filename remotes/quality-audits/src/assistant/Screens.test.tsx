import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { api, usePageTitleStore, useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import type { AssistantQuestion, AssistantStatus } from '../../contract/assistant';
import Screens from './Screens';

// The assistant's page with the API client as the only fake.

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;
const ok = (data: unknown) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });
const failed = (httpStatus: number, message: string, errors: Record<string, string[]> | null = null) => ({ data: null, error: true, message, errors, httpStatus });

const configured: AssistantStatus = { configured: true, model: 'qwen2.5', how: 'Set ASSISTANT_API_URL and ASSISTANT_MODEL.' };
const answered: AssistantQuestion = {
  id: 7,
  question: 'Which visits were late this week in Camden?',
  answer: 'Desmond Achebe’s breakfast visit on 1 October started 16 minutes late.',
  status: 'answered',
  error: '',
  model: 'qwen2.5',
  asked_at: '2026-11-24T10:15:00.000Z',
  duration_ms: 2400,
  call_count: 2,
  calls: [
    {
      id: 1,
      tool: 'search_visits',
      title: 'Visits',
      parameters: { from: '2026-11-23', branch_id: 1 },
      url: '/api/v1/visits?from=2026-11-23&branch_id=1&page=1&page_size=50',
      status_code: 200,
      row_count: 1,
      total: 60,
      duration_ms: 40,
      error: '',
      rows: [{ id: 273, date: '2026-10-01', start_time: '07:45', end_time: '08:15', actual_start: '08:01', actual_end: null, client_name: 'Desmond Achebe', carers: 'Tom Fletcher', branch: 'Camden Domiciliary', status: 'completed' }],
    },
    { id: 2, tool: 'invoices', title: 'Invoices raised', parameters: {}, url: '', status_code: 403, row_count: 0, total: null, duration_ms: 0, error: 'You may not use this tool.', rows: [] },
  ],
};
const history = { data: [{ ...answered, calls: undefined }], total: 1, page: 1, page_size: 10, last_page: 1 };

function renderAt(path = '/app/ai') {
  const router = createMemoryRouter([{ path: '/app/ai', element: <Screens /> }], { initialEntries: [path] });
  render(withData(<RouterProvider router={router} />));
  return router;
}

function serve(status: AssistantStatus, { empty = false } = {}) {
  get.mockImplementation(async (path: string) => {
    if (path === 'api/v1/assistant/status') return ok(status);
    if (path === 'api/v1/assistant/questions') return ok(empty ? { ...history, data: [], total: 0 } : history);
    if (path === 'api/v1/assistant/questions/7') return ok(answered);
    return failed(404, 'Not found.');
  });
}

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  useSession.setState({
    status: 'authenticated',
    user: { userID: 2, userRole: 'office_staff', userPermissions: ['assistant.use'], userUnreadMessageCount: 0, name: 'Oliver Office', email: 'o@x.test', userType: 'domiciliary', roleLabel: 'Office staff', branches: [{ id: 1, name: 'Camden Domiciliary' }] },
  });
});

it('tells office staff to ask their administrator when no model is set, with no set-up detail, and offers no question box', async () => {
  serve({ configured: false, model: null, how: 'The assistant needs a language model. Set ASSISTANT_API_URL and ASSISTANT_MODEL, then restart.' }, { empty: true });
  renderAt();
  expect(screen.getByRole('heading', { level: 1, name: 'Assistant' })).toBeInTheDocument();
  expect(usePageTitleStore.getState().routeName).toBe('Assistant');
  const card = await screen.findByRole('region', { name: 'The assistant is not switched on' });
  expect(card).toHaveTextContent('Ask your administrator to switch it on.');
  expect(card).not.toHaveTextContent(/ASSISTANT_|ollama|npm/i);
  expect(screen.queryByLabelText('Your question')).not.toBeInTheDocument();
});

it('shows how to set it up to those who change the settings', async () => {
  useSession.setState({ user: { ...useSession.getState().user!, userRole: 'registered_manager', userPermissions: ['assistant.use', 'settings.edit'] } });
  serve({ configured: false, model: null, how: 'The assistant needs a language model. Set ASSISTANT_API_URL and ASSISTANT_MODEL, then restart.' }, { empty: true });
  renderAt();
  const card = await screen.findByRole('region', { name: 'The assistant is not switched on' });
  expect(within(card).getByText(/Set ASSISTANT_API_URL and ASSISTANT_MODEL/)).toBeInTheDocument();
  expect(within(card).getByText(/ollama pull/)).toBeInTheDocument();
});

it('asks with Enter, announces the wait, then shows the answer and one table per call with readable rows and links', async () => {
  serve(configured, { empty: true });
  let resolve: (value: unknown) => void = () => undefined;
  post.mockReturnValue(new Promise((done) => (resolve = done)));
  renderAt();
  const box = await screen.findByLabelText('Your question');
  await userEvent.type(box, 'Which visits were late this week in Camden?{Enter}');
  expect(post).toHaveBeenCalledWith('api/v1/assistant/questions', { question: 'Which visits were late this week in Camden?' });
  expect(screen.getByText(/Asking the assistant/)).toHaveAttribute('role', 'status');
  expect(screen.getByRole('button', { name: 'Asking…' })).toBeDisabled();

  serve(configured);
  resolve({ ...ok(answered), httpStatus: 201 });
  const answer = await screen.findByRole('region', { name: 'Answer' });
  expect(within(answer).getByText(/started 16 minutes late/)).toBeInTheDocument();
  expect(box).toHaveValue('');

  const rowsUsed = screen.getByRole('region', { name: 'Rows used' });
  const table = within(rowsUsed).getByRole('table', { name: /Visits \(from: 2026-11-23; branch id: 1\)/ });
  const row = within(table).getByRole('row', { name: /Desmond Achebe/ });
  expect(within(row).getByText('Thu 1 Oct 2026')).toBeInTheDocument();
  expect(within(row).getByText('08:01')).toBeInTheDocument();
  expect(within(row).getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/app/visits/273');
  expect(within(rowsUsed).getByText(/1 of 60 rows used/)).toBeInTheDocument();
  expect(within(rowsUsed).getByRole('region', { name: '2. Invoices raised' })).toHaveTextContent('Not run: You may not use this tool.');

  const historyTable = await screen.findByRole('table', { name: 'Your questions, newest first' });
  expect(within(historyTable).getByRole('button', { name: 'Which visits were late this week in Camden?' })).toHaveAttribute('aria-current', 'true');
});

it('opens a question from the history', async () => {
  serve(configured);
  const router = renderAt();
  await userEvent.click(await screen.findByRole('button', { name: 'Which visits were late this week in Camden?' }));
  expect(router.state.location.search).toBe('?question=7');
  expect(await screen.findByRole('region', { name: 'Rows used' })).toBeInTheDocument();
  expect(get).toHaveBeenCalledWith('api/v1/assistant/questions/7');
});

it('says what went wrong: an empty question is not sent, a model error is shown', async () => {
  serve(configured, { empty: true });
  renderAt();
  const box = await screen.findByLabelText('Your question');
  await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Type a question.');
  expect(post).not.toHaveBeenCalled();
  expect(box).toHaveAttribute('aria-invalid', 'true');

  // A model failure in words for office staff (the server's message names the model's address: for administrators).
  post.mockResolvedValue(failed(502, 'The assistant could not answer: The language model at http://127.0.0.1:11434/v1 answered 500: model not found'));
  await userEvent.type(box, 'How many complaints are open?');
  await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The assistant could not answer just now. Try again in a moment; if it keeps happening, tell your administrator.'));
  expect(screen.getByRole('alert')).not.toHaveTextContent('127.0.0.1');
  expect(box).toHaveValue('How many complaints are open?');
});
