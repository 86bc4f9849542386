import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import * as v from 'valibot';
import { choice, defineResource, flag, moneyPence, optionalIsoDate, optionalText, requiredText } from '@hcm/contract/engine';
import { api, useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import { ResourceRoutes } from './ResourceRoutes';

// A stored row reads first (its values in words, "Edit" for who may edit), the form comes on request and goes
// back to the summary on Save or Cancel; deleting is confirmed in a dialog that says what happens; a new row
// opens as the form.

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;
const put = api.put as jest.Mock;
const del = api.delete as jest.Mock;
const ok = (data: unknown) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });
const page = (rows: Record<string, unknown>[]) => ({ data: rows, total: rows.length, page: 1, page_size: 10, last_page: 1 });

const KINDS = [
  { value: 'day', label: 'Day room' },
  { value: 'quiet', label: 'Quiet room' },
];

const rooms = defineResource({
  name: 'rooms',
  title: 'Rooms',
  singular: 'room',
  schema: v.strictObject({
    name: requiredText('Name', 40),
    kind: choice('Kind', KINDS),
    hourly_rate_pence: moneyPence('Hourly rate'),
    accessible: flag(false),
    opened_on: optionalIsoDate('Opened on'),
    notes: optionalText('Notes', 500),
  }),
  fields: {
    name: { label: 'Name', kind: 'text', column: true },
    kind: { label: 'Kind', kind: 'choice', choices: KINDS, column: true },
    hourly_rate_pence: { label: 'Hourly rate (£)', kind: 'money' },
    accessible: { label: 'Step-free', kind: 'boolean' },
    opened_on: { label: 'Opened on', kind: 'date' },
    notes: { label: 'Notes', kind: 'long-text' },
  },
  labelField: 'name',
  defaultSort: { field: 'name', mode: 'asc' },
  permissions: { view: 'rooms.view', create: 'rooms.create', edit: 'rooms.edit', delete: 'rooms.delete' },
  deletion: 'soft',
});

const blueRoom = { id: 5, name: 'Blue room', kind: 'quiet', hourly_rate_pence: 1250, accessible: true, opened_on: '2026-03-02', notes: '', created_at: '', updated_at: '' };

function signIn(permissions: string[]) {
  useSession.setState({
    status: 'authenticated',
    user: { userID: 2, userRole: 'office_staff', userPermissions: permissions, userUnreadMessageCount: 0, name: 'O', email: 'o@x.test', userType: 'domiciliary', roleLabel: 'Office staff', branches: [] },
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/app/rooms/*', element: <ResourceRoutes spec={rooms} basePath="/app/rooms" /> }], { initialEntries: [path] });
  render(withData(<RouterProvider router={router} />));
  return router;
}

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  put.mockReset();
  del.mockReset();
  get.mockImplementation((path: string) => Promise.resolve(ok(path === 'api/v1/rooms/5' ? blueRoom : path.endsWith('/audit') ? [] : page([blueRoom]))));
});

describe('a stored row', () => {
  it('opens as a summary of its values in words, with Edit and no inputs until Edit is pressed', async () => {
    signIn(['rooms.view', 'rooms.edit']);
    renderAt('/app/rooms/5/edit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Room: Blue room' })).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Room details' });
    const valueOf = (label: string) => within(details).getByText(label).nextElementSibling;
    expect(valueOf('Kind')).toHaveTextContent('Quiet room');
    expect(valueOf('Hourly rate (£)')).toHaveTextContent('£12.50');
    expect(valueOf('Step-free')).toHaveTextContent('Yes');
    expect(valueOf('Opened on')).toHaveTextContent(/^Mon 2 Mar 2026$/);
    expect(valueOf('Notes')).toHaveTextContent('Not recorded');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    // Deleting needs its own permission.
    expect(screen.queryByRole('button', { name: 'Delete room' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/app/rooms');

    await userEvent.click(screen.getByRole('button', { name: 'Edit room' }));
    const form = screen.getByRole('form', { name: 'Edit room' });
    expect(within(form).getByLabelText('Name')).toHaveValue('Blue room');
    expect(within(form).getByLabelText('Name')).toHaveFocus();
    expect(within(form).getByLabelText('Kind')).toHaveValue('quiet');
    expect(within(form).getByLabelText('Hourly rate (£)')).toHaveValue('12.50');
    expect(screen.queryByRole('region', { name: 'Room details' })).not.toBeInTheDocument();
  });

  it('lists its history with each change’s instant on the UK clock', async () => {
    signIn(['rooms.view']);
    const audit = [{ id: 1, action: 'update', at: '2026-07-01T08:05:00Z', user: { id: 2, name: 'Olive Office' }, before: { ...blueRoom, name: 'Blue' }, after: blueRoom }];
    get.mockImplementation((path: string) => Promise.resolve(ok(path === 'api/v1/rooms/5' ? blueRoom : path.endsWith('/audit') ? audit : page([blueRoom]))));
    renderAt('/app/rooms/5/edit');
    const history = await screen.findByRole('region', { name: 'History' });
    // 08:05 UTC is 09:05 in London in July (BST), in the product's one date-time style.
    expect(await within(history).findByText('Wed 1 Jul 2026, 09:05')).toBeInTheDocument();
    expect(history).toHaveTextContent('Olive Office changed this room: Name.');
  });

  it('goes back to the summary on Save, showing the saved values, and stays on the row', async () => {
    signIn(['rooms.view', 'rooms.edit']);
    put.mockImplementation((_path: string, body: Record<string, unknown>) => Promise.resolve(ok({ ...blueRoom, name: body.name, hourly_rate_pence: 1400 })));
    const router = renderAt('/app/rooms/5/edit');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit room' }));
    const name = screen.getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Garden room');
    await userEvent.clear(screen.getByLabelText('Hourly rate (£)'));
    await userEvent.type(screen.getByLabelText('Hourly rate (£)'), '14');
    await userEvent.click(screen.getByRole('button', { name: 'Save room' }));

    expect(put).toHaveBeenCalledWith('api/v1/rooms/5', expect.objectContaining({ name: 'Garden room', hourly_rate_pence: 1400 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Room: Garden room' })).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Room details' });
    expect(within(details).getByText('Garden room')).toBeInTheDocument();
    expect(within(details).getByText('£14.00')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit room' })).toHaveFocus();
    expect(router.state.location.pathname).toBe('/app/rooms/5/edit');
  });

  it('goes back to the summary on Cancel, nothing sent and what was typed dropped', async () => {
    signIn(['rooms.view', 'rooms.edit']);
    renderAt('/app/rooms/5/edit');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit room' }));
    await userEvent.type(screen.getByLabelText('Name'), ' typo');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(within(screen.getByRole('region', { name: 'Room details' })).getByText('Blue room')).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Edit room' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Blue room');
  });

  it('offers no Edit and no Delete to a user who may only see it', async () => {
    signIn(['rooms.view']);
    renderAt('/app/rooms');
    // The list opens every row for reading, whoever may edit it.
    await userEvent.click(await screen.findByRole('link', { name: 'Blue room' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Room: Blue room' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Room details' })).toHaveTextContent('Quiet room');
    expect(screen.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('deletes only once confirmed, in a dialog that says what happens; Keep it leaves the row alone', async () => {
    signIn(['rooms.view', 'rooms.edit', 'rooms.delete']);
    del.mockResolvedValue({ data: null, error: false, message: 'Room deleted.', errors: null, httpStatus: 200 });
    const router = renderAt('/app/rooms/5/edit');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete room' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete this room?' });
    expect(dialog).toHaveTextContent('Blue room will no longer be offered in lists and forms; records that already use it keep it.');
    expect(dialog).toHaveTextContent('It leaves the rooms list, and its history is kept.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(del).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Delete room' }));
    dialog = screen.getByRole('dialog', { name: 'Delete this room?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete room' }));
    expect(del).toHaveBeenCalledWith('api/v1/rooms/5');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/rooms'));
  });
});

describe('a new row', () => {
  it('opens straight into the form, and goes to the list once saved', async () => {
    signIn(['rooms.view', 'rooms.create']);
    post.mockResolvedValue({ data: { ...blueRoom, id: 9, name: 'Green room' }, error: false, message: 'Created', errors: null, httpStatus: 201 });
    const router = renderAt('/app/rooms/add');
    expect(await screen.findByRole('form', { name: 'Add room' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name'), 'Green room');
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'day');
    await userEvent.type(screen.getByLabelText('Hourly rate (£)'), '11');
    await userEvent.click(screen.getByRole('button', { name: 'Save room' }));
    expect(post).toHaveBeenCalledWith('api/v1/rooms', expect.objectContaining({ name: 'Green room', kind: 'day', hourly_rate_pence: 1100 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/rooms'));
  });
});
