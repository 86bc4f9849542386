import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { GROUP_TARGET, type AreaRegistration, type CurrentUser } from '@hcm/contract';
import { useRouteName, useRuntime, useSession } from '@hcm/kit';
import { renderWithData } from '@hcm/kit/testing';
import { AppLayout } from './AppLayout';
import { demoAreas, demoSubject } from './demoMenus.testing';
import { Shell } from './Shell';
import { sidebarCollapsedKey } from './useSidebarCollapsed';

// No chat socket and no area code in a unit test: the layout itself is real.
jest.mock('../chat/useChatConnection', () => ({ useChatConnection: () => undefined }));
jest.mock('../areas/prefetch', () => ({ openableAreas: () => [], prefetchAreasWhenIdle: () => () => undefined }));
jest.mock('../areas/RemoteArea', () => ({ preloadArea: () => Promise.resolve() }));

const person = (userID: number, name: string): CurrentUser => ({
  userID, name, userPermissions: ['dashboard.view', 'clients.view'], switchedFrom: null, userRole: 'office_staff', userUnreadMessageCount: 0,
  email: `${userID}@homecare.test`, userType: 'domiciliary', roleLabel: 'Office staff', branches: [],
});
const OLIVER = person(2, 'Oliver Office');
const MAYA = person(3, 'Maya Manager');

const CARE = {
  name: 'care-records', title: 'Care records', description: '', version: '1', container: 'care_records', home: '/app/clients', routePrefixes: ['clients'],
  manifestUrl: 'http://localhost/care-records/mf-manifest.json',
  navigation: [
    {
      name: 'clients', title: 'Clients', target: GROUP_TARGET, permission: ['clients.view'],
      children: [{ name: 'clients-all', title: 'All clients', target: '/app/clients', permission: ['clients.view'] }],
    },
  ],
} as unknown as AreaRegistration;

function ClientsPage() {
  return <h1>Clients</h1>;
}
function NamedPage() {
  useRouteName('Named by the screen');
  return <h1>Named</h1>;
}

function renderApp(path = '/app/dashboard') {
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          { path: '/', element: <h1>Log in page</h1> },
          {
            path: '/app',
            element: <AppLayout />,
            children: [
              { path: 'dashboard', element: <h1>Dashboard</h1> },
              { path: 'clients', element: <ClientsPage /> },
              { path: 'named', element: <NamedPage /> },
              { path: '*', element: <h1>Another page</h1> },
            ],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  renderWithData(<RouterProvider router={router} />);
  return router;
}

function resizeTo(width: number) {
  act(() => {
    window.innerWidth = width;
    window.dispatchEvent(new Event('resize'));
  });
}

beforeEach(() => {
  localStorage.clear();
  useRuntime.getState().setRegistry({ productLabel: 'Home Care', apiUrl: 'http://api.test', areas: [CARE] });
  useSession.setState({ user: OLIVER, status: 'authenticated' });
});
afterEach(() => resizeTo(1024));

describe('on a phone (390 px): the menu is a drawer', () => {
  beforeEach(() => resizeTo(390));

  it('puts the page first; "Menu" opens the drawer with focus inside, Escape closes it and focus returns to the button', async () => {
    renderApp();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    // Closed: no menu in the page's way (the drawer is hidden), and the button says so.
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    const drawerId = menu.getAttribute('aria-controls');
    expect(drawerId).toBeTruthy();

    menu.focus();
    await userEvent.keyboard('{Enter}');
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(drawer).toHaveAttribute('id', drawerId);
    expect(drawer).toHaveAttribute('aria-modal', 'true');
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(within(drawer).getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Close menu' })).toHaveFocus();
    // Tab stays inside the drawer: from its last control back to its first.
    await userEvent.tab({ shift: true });
    expect(drawer).toContainElement(document.activeElement as HTMLElement);

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });

  it('closes on a click outside it, and when a link is followed', async () => {
    const router = renderApp();
    const menu = await screen.findByRole('button', { name: 'Menu' });
    await userEvent.click(menu);
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    // The dimmed page beside the drawer.
    await userEvent.click(drawer.previousElementSibling as HTMLElement);
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(menu).toHaveFocus();

    await userEvent.click(menu);
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('button', { name: 'Clients' }));
    await userEvent.click(screen.getByRole('link', { name: 'All clients' }));
    expect(router.state.location.pathname).toBe('/app/clients');
    expect(await screen.findByRole('heading', { name: 'Clients' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(menu).toHaveFocus();
  });

  it('keeps Log out and the account in the header, which may wrap', async () => {
    renderApp();
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Oliver Office' })).toBeInTheDocument();
  });

  it('shows the same arranged menu as the sidebar: the current page’s groups open, under More', async () => {
    useRuntime.getState().setRegistry({ productLabel: 'Home Care', apiUrl: 'http://api.test', areas: demoAreas() });
    useSession.setState({ user: { ...OLIVER, userPermissions: [...demoSubject('office_staff').userPermissions] } });
    renderApp('/app/quality-assurance/complaints');
    await userEvent.click(await screen.findByRole('button', { name: 'Menu' }));
    const drawer = within(screen.getByRole('dialog', { name: 'Menu' }));
    expect(drawer.getByRole('button', { name: 'More' })).toHaveAttribute('aria-expanded', 'true');
    expect(drawer.getByRole('button', { name: 'Quality assurance' })).toHaveAttribute('aria-expanded', 'true');
    expect(drawer.getByRole('link', { name: 'Complaints' })).toHaveAttribute('aria-current', 'page');
    expect(drawer.getByRole('button', { name: 'Settings and reference data' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('puts the sidebar back beside the page when the window widens, closing the drawer', async () => {
    renderApp();
    await userEvent.click(await screen.findByRole('button', { name: 'Menu' }));
    resizeTo(1280);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });
});

describe('on a wide screen: the sidebar is beside the page and collapses to a rail', () => {
  beforeEach(() => resizeTo(1280));

  it('collapses to initials named by their titles, and remembers it for this user only', async () => {
    renderApp();
    await userEvent.click(await screen.findByRole('button', { name: 'Collapse menu' }));
    const rail = screen.getByRole('navigation', { name: 'Main' });
    expect(within(rail).getByRole('link', { name: 'Dashboard' })).toHaveTextContent('Da');
    expect(within(rail).getByRole('button', { name: 'Clients' })).toBeInTheDocument();
    expect(within(rail).queryByRole('link', { name: 'All clients' })).not.toBeInTheDocument();
    expect(localStorage.getItem(sidebarCollapsedKey(OLIVER.userID))).toBe('1');
    expect(screen.getByRole('button', { name: 'Expand menu' })).toBeInTheDocument();
  });

  it('opens collapsed for the user who chose it, and expanded for another user of the same browser', async () => {
    localStorage.setItem(sidebarCollapsedKey(OLIVER.userID), '1');
    renderApp();
    expect(await screen.findByRole('button', { name: 'Expand menu' })).toBeInTheDocument();
    act(() => useSession.setState({ user: MAYA }));
    expect(screen.getByRole('button', { name: 'Collapse menu' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: 'Clients' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('a group chosen on the rail widens the sidebar with that group open and focused', async () => {
    localStorage.setItem(sidebarCollapsedKey(OLIVER.userID), '1');
    renderApp();
    await userEvent.click(await screen.findByRole('button', { name: 'Clients' }));
    const group = screen.getByRole('button', { name: 'Clients' });
    expect(group).toHaveAttribute('aria-expanded', 'true');
    expect(group).toHaveFocus();
    expect(screen.getByRole('link', { name: 'All clients' })).toBeInTheDocument();
    expect(localStorage.getItem(sidebarCollapsedKey(OLIVER.userID))).toBeNull();
  });
});

describe('the page title', () => {
  it('comes from the page’s menu entry when the screen does not name its route', async () => {
    renderApp('/app/clients');
    expect(await screen.findByRole('heading', { name: 'Clients' })).toBeInTheDocument();
    expect(document.title).toBe('Home Care - All clients');
  });

  it('is the screen’s own route name when it gives one', async () => {
    renderApp('/app/named');
    expect(await screen.findByRole('heading', { name: 'Named' })).toBeInTheDocument();
    expect(document.title).toBe('Home Care - Named by the screen');
  });
});
