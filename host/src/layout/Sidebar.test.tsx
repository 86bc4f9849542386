import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { filterNavigation, type NavigationItem } from '@hcm/contract';
import { demoAreas, demoSubject } from './demoMenus.testing';
import { arrangeMenu, sidebarTree } from './navigation';
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

describe('Sidebar with the office staff’s arranged demo menu', () => {
  const subject = demoSubject('office_staff');
  const menu = arrangeMenu(filterNavigation(sidebarTree(demoAreas()), subject), subject);

  function renderMenuAt(path: string) {
    const router = createMemoryRouter([{ path: '*', element: <Sidebar items={menu} /> }], { initialEntries: [path] });
    render(<RouterProvider router={router} />);
    return within(screen.getByRole('navigation', { name: 'Main' }));
  }

  it('opens More and the group inside it that hold the current page', () => {
    const nav = renderMenuAt('/app/quality-assurance/complaints');
    expect(nav.getByRole('button', { name: 'More' })).toHaveAttribute('aria-expanded', 'true');
    expect(nav.getByRole('button', { name: 'Quality assurance' })).toHaveAttribute('aria-expanded', 'true');
    expect(nav.getByRole('link', { name: 'Complaints' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('button', { name: 'Communication' })).toHaveAttribute('aria-expanded', 'false');
    expect(nav.getByRole('button', { name: 'Clients' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens Settings and reference data and the sub-group of the current list', () => {
    const nav = renderMenuAt('/app/datatables/medications');
    expect(nav.getByRole('button', { name: 'Settings and reference data' })).toHaveAttribute('aria-expanded', 'true');
    expect(nav.getByRole('button', { name: 'Care and medication' })).toHaveAttribute('aria-expanded', 'true');
    expect(nav.getByRole('link', { name: 'Medications' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('button', { name: 'Agency and calendar' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows only the top level closed on the dashboard, and a folded group opens from the keyboard', async () => {
    const nav = renderMenuAt('/app/dashboard');
    const topLevel = nav.getAllByRole('listitem').filter((item) => item.parentElement?.parentElement?.tagName === 'NAV');
    expect(topLevel).toHaveLength(8);
    expect(nav.queryByRole('button', { name: 'Quality assurance' })).not.toBeInTheDocument();
    nav.getByRole('button', { name: 'More' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(nav.getByRole('button', { name: 'More' })).toHaveAttribute('aria-expanded', 'true');
    expect(nav.getByRole('button', { name: 'Quality assurance' })).toHaveAttribute('aria-expanded', 'false');
  });
});
