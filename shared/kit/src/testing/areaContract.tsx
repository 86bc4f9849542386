import type { ComponentType } from 'react';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { areaDescriptorProblems, isPermission, type AreaDescriptor } from '@hcm/contract';
import { useSession } from '../stores/session';

/**
 * The contract test every remote runs in its own test script: what the area declares holds (name, home,
 * prefixes, navigation, catalogue permissions) and its home page renders with the shared kit.
 */
export function describeAreaContract(area: AreaDescriptor, Area: ComponentType<{ prefix: string }>): void {
  describe(`${area.name} area contract`, () => {
    it('declares a valid name, home, prefixes, navigation and catalogue permissions', () => {
      expect(areaDescriptorProblems(area, isPermission)).toEqual([]);
    });

    it('renders its home page inside the host router', () => {
      useSession.setState({
        status: 'authenticated',
        user: {
          userID: 1, userRole: 'super_admin', userPermissions: [], userUnreadMessageCount: 0, name: 'Test Admin',
          email: 'admin@example.test', userType: 'domiciliary', roleLabel: 'Super admin', branches: [],
        },
      });
      const prefix = area.home.replace('/app/', '');
      const router = createMemoryRouter([{ path: `/app/${prefix}/*`, element: <Area prefix={prefix} /> }], { initialEntries: [area.home] });
      render(<RouterProvider router={router} />);
      expect(screen.getByRole('heading', { level: 1, name: area.title })).toBeInTheDocument();
    });
  });
}
