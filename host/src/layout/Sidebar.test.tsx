import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { NavigationItem } from '@hcm/contract';
import { Sidebar } from './Sidebar';

const items: NavigationItem[] = [
  { name: 'dashboard', title: 'Dashboard', target: '/app/dashboard', permission: [] },
  {
    name: 'clients',
    title: 'Clients',
    target: '#',
    permission: [],
    children: [
      { name: 'all', title: 'All clients', target: '/app/clients', permission: [] },
      { name: 'record', title: 'Client record', target: '/app/clients/USERID/edit/profile-info', permission: [] },
    ],
  },
];

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <Sidebar items={items} /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
}

describe('Sidebar (spec §2.3)', () => {
  it('opens the group holding the current path and highlights its item', () => {
    renderAt('/app/clients');
    expect(screen.getByRole('button', { name: /Clients/ })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'All clients' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('toggles a # group open and closed on click', async () => {
    renderAt('/app/dashboard');
    const group = screen.getByRole('button', { name: /Clients/ });
    expect(group).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'All clients' })).not.toBeInTheDocument();
    await userEvent.click(group);
    expect(group).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(group);
    expect(group).toHaveAttribute('aria-expanded', 'false');
  });

  it('replaces USERID with the id of the current page', () => {
    renderAt('/app/clients/42/edit/profile-info');
    expect(screen.getByRole('link', { name: 'Client record' })).toHaveAttribute('href', '/app/clients/42/edit/profile-info');
    expect(screen.getByRole('link', { name: 'Client record' })).toHaveAttribute('aria-current', 'page');
  });
});
