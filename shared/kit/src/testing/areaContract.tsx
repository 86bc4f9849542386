import type { ComponentType } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import {
  areaDescriptorProblems,
  areaPermissionProblems,
  isUnderPrefix,
  navigationLeaves,
  permissionsUsableBy,
  type AreaDescriptor,
  type AreaPermissions,
} from '@hcm/contract';
import { useRuntime } from '../stores/runtime';
import { useSession } from '../stores/session';
import { withData } from './data';

export { createTestQueryClient, renderWithData, withData } from './data';

/** What the host loads from a remote (its exposed `./Area` module, see AREA_EXPOSE): a default component. */
export type AreaModule = { default: ComponentType<{ prefix: string }> };

function signInAsSuperAdmin(): void {
  useSession.setState({
    status: 'authenticated',
    user: {
      userID: 1, userRole: 'super_admin', userPermissions: [], userUnreadMessageCount: 0, name: 'Test Admin',
      email: 'admin@example.test', userType: 'domiciliary', roleLabel: 'Super admin', branches: [],
    },
  });
}

/** Renders the area's module the way the host does: under /app/<prefix>/* (the longest of its prefixes) with the prefix as a prop. */
function renderAt(Area: AreaModule['default'], area: AreaDescriptor, path: string): void {
  const prefix = [...area.routePrefixes].sort((a, b) => b.length - a.length).find((candidate) => isUnderPrefix(path, candidate)) ?? '';
  const router = createMemoryRouter([{ path: `/app/${prefix}/*`, element: <Area prefix={prefix} /> }], { initialEntries: [path] });
  render(withData(<RouterProvider router={router} />));
}

/**
 * The contract test every remote runs in its own test script: the module the host loads is there, what the
 * area declares holds (name, home, prefixes, navigation, its permissions: remotes/<area>/contract/permissions.ts),
 * its menus and extensions name only permissions the area declares, the platform's, or those it uses of other
 * areas (whether their owners publish them is checked where the areas meet: the API's start and server tests),
 * its home page renders with the shared kit, and every menu item it declares opens one of its screens rather than
 * the not-found page. (The shared-module versions are checked by `hcm-check-shared` in the same test script.)
 */
export function describeAreaContract(area: AreaDescriptor, areaModule: AreaModule, permissions: AreaPermissions): void {
  describe(`${area.name} area contract`, () => {
    // Screens ask the API for their data; here every request stays pending (screens have tests of their own).
    // (An absolute API address, as the host's registry gives one: a relative URL is no request at all in Node.)
    const realFetch = globalThis.fetch;
    beforeAll(() => {
      globalThis.fetch = () => new Promise<Response>(() => {});
      useRuntime.setState({ registry: { ...useRuntime.getState().registry, apiUrl: 'http://api.test' } });
    });
    afterAll(() => {
      globalThis.fetch = realFetch;
    });
    beforeEach(signInAsSuperAdmin);

    it('exposes a default component, as the host loads it', () => {
      expect(typeof areaModule.default).toBe('function');
    });

    it('declares a valid name, home, prefixes and navigation, naming permissions it declares, uses or the platform has', () => {
      const usable = permissionsUsableBy(permissions);
      expect(areaDescriptorProblems(area, (name) => usable.has(name))).toEqual([]);
    });

    it('declares its permissions under its prefixes, each with a description and standard roles', () => {
      expect(areaPermissionProblems(area.name, permissions)).toEqual([]);
    });

    it('gives every menu item a permission (the sidebar hides what a user may not open)', () => {
      const open = navigationLeaves(area.navigation).filter((item) => !item.permission?.length);
      expect(open.map((item) => item.name)).toEqual([]);
    });

    it('renders its home page inside the host router', () => {
      renderAt(areaModule.default, area, area.home);
      expect(screen.getByRole('heading', { level: 1, name: area.title })).toBeInTheDocument();
    });

    const targets = navigationLeaves(area.navigation)
      .map((item) => item.target)
      .filter((target) => target !== '#');
    it.each(targets)('opens a screen at its menu target %s', async (target) => {
      renderAt(areaModule.default, area, target);
      // A lazily loaded screen shows a status first; its page heading comes when it has loaded.
      const heading = await waitFor(() => screen.getByRole('heading', { level: 1 }), { timeout: 5000 });
      expect(heading).not.toHaveTextContent('Page not found');
    });
  });
}
