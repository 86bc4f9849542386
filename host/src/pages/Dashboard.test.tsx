import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { AreaRegistration } from '@hcm/contract';
import { useRuntime, useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import { Dashboard } from './Dashboard';

// The dashboard shows what areas contribute through `dashboard.panel` (their area.json), loaded from the area that
// declares it, and only to users with the permissions the panel declares: the host names no area's route.

const area = (name: string, extensions: AreaRegistration['extensions']): AreaRegistration =>
  ({ name, title: name, description: '', version: '1', home: `/app/${name}`, routePrefixes: [name], navigation: [], manifestUrl: `http://localhost/${name}/mf-manifest.json`, container: name, extensions }) as AreaRegistration;

const asUser = (permissions: string[]) =>
  useSession.setState({ status: 'authenticated', user: { userID: 1, name: 'Olive Office', email: 'o@homecare.test', userRole: 'office', userPermissions: permissions, branches: [] } as never });

test("each area's dashboard panels show, loaded from their area; one needing a permission the user lacks does not", async () => {
  const loaded: string[] = [];
  useRuntime.setState((state) => ({
    ...state,
    registry: {
      ...state.registry,
      areas: [
        area('workforce', [{ point: 'dashboard.panel', key: 'notices', title: 'Notices for you', module: './DashboardPanels' }]),
        area('finance', [{ point: 'dashboard.panel', key: 'unallocated', title: 'Unallocated payments', module: './DashboardPanels', permission: ['finance.view'] }]),
      ],
    },
    loadExposed: async (from: AreaRegistration, module: string) => {
      loaded.push(`${from.name}${module.slice(1)}`);
      return { default: ({ extensionKey }: { extensionKey: string }) => <section aria-label={`${from.name} ${extensionKey}`}>panel</section> };
    },
  }));
  asUser(['dashboard.view']);
  render(withData(<MemoryRouter><Dashboard /></MemoryRouter>));
  expect(await screen.findByRole('region', { name: 'workforce notices' })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'finance unallocated' })).toBeNull();
  expect(loaded).toEqual(['workforce/DashboardPanels']);
});
