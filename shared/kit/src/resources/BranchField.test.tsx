import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import * as v from 'valibot';
import { defineResource, requiredText } from '@hcm/contract/engine';
import { api, useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import { ResourceRoutes } from './ResourceRoutes';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;
const ok = (data: unknown) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });

// A branch-scoped declaration, like clients: its rows belong to one of the user's branches.
const rooms = defineResource({
  name: 'rooms',
  title: 'Rooms',
  singular: 'room',
  schema: v.strictObject({ name: requiredText('Name', 40) }),
  fields: { name: { label: 'Name', kind: 'text', column: true } },
  labelField: 'name',
  defaultSort: { field: 'name', mode: 'asc' },
  permissions: { view: 'clients.view', create: 'clients.create', edit: 'clients.edit', delete: 'clients.delete' },
  branchScoped: true,
  deletion: 'soft',
});

// A branch-scoped declaration with a rule across its fields, like carers (a leaving date not before the start).
const stays = defineResource({
  name: 'stays',
  title: 'Stays',
  singular: 'stay',
  schema: v.pipe(
    v.strictObject({ name: requiredText('Name', 40), starts: requiredText('Starts', 10), ends: requiredText('Ends', 10) }),
    v.forward(
      v.check((stay) => stay.ends >= stay.starts, 'The end cannot be before the start.'),
      ['ends'],
    ),
  ),
  fields: { name: { label: 'Name', kind: 'text', column: true }, starts: { label: 'Starts', kind: 'text' }, ends: { label: 'Ends', kind: 'text' } },
  labelField: 'name',
  defaultSort: { field: 'name', mode: 'asc' },
  permissions: { view: 'clients.view', create: 'clients.create', edit: 'clients.edit', delete: 'clients.delete' },
  branchScoped: true,
  deletion: 'soft',
});

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/app/rooms/*', element: <ResourceRoutes spec={rooms} basePath="/app/rooms" /> }], {
    initialEntries: [path],
  });
  render(withData(<RouterProvider router={router} />));
}

function signIn(branches: { id: number; name: string }[]) {
  useSession.setState({
    status: 'authenticated',
    user: { userID: 1, userRole: 'super_admin', userPermissions: [], userUnreadMessageCount: 0, name: 'A', email: 'a@x.test', userType: 'domiciliary', roleLabel: 'Super admin', branches },
  });
}

beforeEach(() => {
  get.mockReset();
  post.mockReset();
});

describe('the branch of a branch-scoped row', () => {
  it('must be chosen from the user’s branches when they have several, and is sent beside the fields', async () => {
    signIn([{ id: 1, name: 'Camden' }, { id: 3, name: 'Bristol North' }]);
    post.mockResolvedValue({ data: { id: 5, name: 'Blue room' }, error: false, message: 'Created', errors: null, httpStatus: 201 });
    renderAt('/app/rooms/add');
    await userEvent.type(await screen.findByLabelText('Name'), 'Blue room');
    await userEvent.click(screen.getByRole('button', { name: 'Save room' }));
    expect(await screen.findByText('Choose one of your branches.')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();

    await userEvent.selectOptions(screen.getByLabelText('Branch'), 'Bristol North');
    await userEvent.click(screen.getByRole('button', { name: 'Save room' }));
    expect(post).toHaveBeenCalledWith('api/v1/rooms', { name: 'Blue room', branch_id: '3' });
  });

  it('keeps the declaration’s rules across fields on the form: the error on its field, nothing sent', async () => {
    signIn([{ id: 1, name: 'Camden' }]);
    const router = createMemoryRouter([{ path: '/app/stays/*', element: <ResourceRoutes spec={stays} basePath="/app/stays" /> }], { initialEntries: ['/app/stays/add'] });
    render(withData(<RouterProvider router={router} />));
    await userEvent.type(await screen.findByLabelText('Name'), 'Respite');
    await userEvent.type(screen.getByLabelText('Starts'), '2026-12-10');
    await userEvent.type(screen.getByLabelText('Ends'), '2026-12-01');
    await userEvent.click(screen.getByRole('button', { name: 'Save stay' }));
    expect(await screen.findByText('The end cannot be before the start.')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('starts at the only branch of a one-branch user, and at the row’s branch when editing', async () => {
    signIn([{ id: 1, name: 'Camden' }]);
    renderAt('/app/rooms/add');
    expect(await screen.findByLabelText('Branch')).toHaveValue('1');
  });

  it('shows the stored branch of the row being edited', async () => {
    signIn([{ id: 1, name: 'Camden' }, { id: 3, name: 'Bristol North' }]);
    get.mockImplementation((path: string) =>
      Promise.resolve(ok(path.endsWith('/audit') ? [] : { id: 5, name: 'Blue room', branch_id: 3, created_at: '', updated_at: '' })),
    );
    renderAt('/app/rooms/5/edit');
    // Read first: the branch by its name; Edit opens the form on it.
    expect(await screen.findByRole('region', { name: 'Room details' })).toHaveTextContent('BranchBristol North');
    await userEvent.click(screen.getByRole('button', { name: 'Edit room' }));
    expect(screen.getByLabelText('Branch')).toHaveValue('3');
    expect(screen.getByLabelText('Name')).toHaveValue('Blue room');
  });
});
