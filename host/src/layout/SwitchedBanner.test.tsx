import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CurrentUser } from '@hcm/contract';
import { useSession } from '@hcm/kit';
import { SwitchedBanner } from './SwitchedBanner';

const mockSwitchBack = jest.fn();
jest.mock('../auth/switchAccount', () => ({ switchBack: () => mockSwitchBack() }));

const office: CurrentUser = {
  userID: 2,
  userRole: 'office_staff',
  userPermissions: ['dashboard.view'],
  userUnreadMessageCount: 0,
  name: 'Oliver Office',
  email: 'office@homecare.test',
  userType: 'domiciliary',
  roleLabel: 'Office staff',
  branches: [],
  switchedFrom: { id: 1, name: 'Amira Admin' },
};

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/app/clients', element: <SwitchedBanner /> },
      { path: '/app/dashboard', element: <h1>Dashboard</h1> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

describe('SwitchedBanner', () => {
  afterEach(() => useSession.setState({ user: null, status: 'unknown' }));

  it('says who you act as and who you are, as a status', () => {
    useSession.setState({ user: office, status: 'authenticated' });
    renderAt('/app/clients');
    expect(screen.getByRole('status')).toHaveTextContent('You are acting as Oliver Office (signed in as Amira Admin).');
    expect(screen.getByRole('button', { name: 'Switch back' })).toBeInTheDocument();
  });

  it('is absent when not switched', () => {
    useSession.setState({ user: { ...office, switchedFrom: null }, status: 'authenticated' });
    renderAt('/app/clients');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('switches back and goes to the dashboard', async () => {
    mockSwitchBack.mockResolvedValue({ error: null });
    useSession.setState({ user: office, status: 'authenticated' });
    renderAt('/app/clients');
    await userEvent.click(screen.getByRole('button', { name: 'Switch back' }));
    expect(mockSwitchBack).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });
});
