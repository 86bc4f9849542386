import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { UserCreateSchema, UserUpdateSchema } from '@hcm/contract/schemas';
import * as v from 'valibot';
import { permissionGroups } from '../roles/permissionGroups';
import { bodyOf, EMPTY_USER, UserForm } from './UserForm';
import { withData } from '@hcm/kit/testing';

function renderAddForm() {
  const router = createMemoryRouter([{ path: '/app/users/add', element: <UserForm /> }], { initialEntries: ['/app/users/add'] });
  render(withData(<RouterProvider router={router} />));
}

describe('UserForm', () => {
  it('labels every input of the add form', () => {
    renderAddForm();
    for (const label of ['Name', 'Email', 'Initial password', 'Role', 'User type']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('combobox', { name: 'Branches' })).toBeInTheDocument();
    // Disabling and switch targets belong to editing.
    expect(screen.queryByRole('combobox', { name: 'May switch to' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Disabled/)).not.toBeInTheDocument();
  });

  it('shows the contract’s messages by field and keeps what was typed', async () => {
    renderAddForm();
    await userEvent.type(screen.getByLabelText('Name'), 'Ann Example');
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Initial password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Save user' }));

    expect(await screen.findByText('Enter an email address, like name@example.com.')).toBeInTheDocument();
    expect(screen.getByLabelText('Initial password')).toHaveAccessibleDescription(/Initial password must be at least 12 characters\./);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveValue('Ann Example');
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
  });
});

describe('bodyOf', () => {
  const values = { ...EMPTY_USER, name: 'Ann Example', email: 'Ann@Example.com', password: 'Violet-Harbour-Kettle-42', role_id: '3', branch_ids: ['1', '2'], switch_target_ids: ['7'] };

  it('sends the password only when adding, and what the add schema accepts', () => {
    const body = bodyOf(values, false);
    expect(body).not.toHaveProperty('disabled');
    expect(body).not.toHaveProperty('switch_target_ids');
    expect(v.parse(UserCreateSchema, body)).toMatchObject({ email: 'ann@example.com', role_id: 3, branch_ids: [1, 2] });
  });

  it('sends disabled and switch targets, not the password, when editing', () => {
    const body = bodyOf(values, true);
    expect(body).not.toHaveProperty('password');
    expect(v.parse(UserUpdateSchema, body)).toMatchObject({ disabled: false, switch_target_ids: [7] });
    expect(v.parse(UserUpdateSchema, { ...body, role_id: '' }).role_id).toBeNull();
  });
});

describe('permissionGroups', () => {
  // The catalogue as GET /api/v1/permissions answers it: the platform's permissions, then each area's.
  const catalogue = [
    { name: 'chat.use', description: 'Chat with colleagues', owner: 'platform' },
    { name: 'users.view', description: 'See users', owner: 'platform' },
    { name: 'finance.view', description: 'See finance', owner: 'finance' },
    { name: 'finance.invoices.generate', description: 'Preview, generate, send and reset invoice runs', owner: 'finance' },
    { name: 'chat.monitor', description: 'Read the chats', owner: 'workforce' },
  ];

  it('puts every catalogue permission in exactly one area group, by the part before the first dot, in catalogue order', () => {
    const groups = permissionGroups(catalogue);
    const names = groups.flatMap((group) => group.permissions.map((permission) => permission.name));
    expect([...names].sort()).toEqual(catalogue.map((entry) => entry.name).sort());
    expect(groups.map((group) => group.area)).toEqual(['chat', 'users', 'finance']);
    expect(groups.find((group) => group.area === 'chat')!.permissions.map((permission) => permission.name)).toEqual(['chat.use', 'chat.monitor']);
    const finance = groups.find((group) => group.area === 'finance')!;
    expect(finance.permissions).toContainEqual({ name: 'finance.invoices.generate', description: 'Preview, generate, send and reset invoice runs' });
  });
});
