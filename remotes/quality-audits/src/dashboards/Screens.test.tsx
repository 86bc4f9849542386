import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { api } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import type { DashboardAnswer } from '../../contract/dashboards';
import Screens from './Screens';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn() } };
});
const get = api.get as jest.Mock;
const ok = (data: unknown) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });

const ANSWER: DashboardAnswer = {
  kind: 'client',
  page: 'weekly-branch-comparison',
  title: 'Weekly branch comparison',
  from: '2031-03-03',
  to: '2031-03-09',
  branch_id: null,
  charts: [
    {
      id: 'hours', kind: 'bar', layout: 'grouped', title: 'Hours delivered per branch', unit: 'hours', categoryLabel: 'Branch', rows: 'visits',
      series: [
        { key: 'last', label: 'Week of 24 Feb', points: [{ key: '1', label: 'Camden Domiciliary', value: 1 }, { key: '2', label: 'Leeds supported living', value: 0 }] },
        { key: 'this', label: 'Week of 3 Mar', points: [{ key: '1', label: 'Camden Domiciliary', value: 1.5 }, { key: '2', label: 'Leeds supported living', value: 2 }] },
      ],
    },
  ],
};
const ROWS = { data: [{ id: 41, name: 'Margaret Ellison', branch: 'Camden Domiciliary', date: '2031-03-04', detail: 'Completed, planned 09:00–10:00', link: '/app/visits/41' }], total: 1, page: 1, page_size: 25, last_page: 1 };

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/app/dashboard/client/*', element: <Screens prefix="dashboard/client" /> }], { initialEntries: [url] });
  render(withData(<RouterProvider router={router} />));
  return router;
}

beforeEach(() => {
  get.mockReset();
  get.mockImplementation((path: string) =>
    Promise.resolve(ok(path.endsWith('/rows') ? ROWS : path === 'api/v1/branches' ? { data: [], total: 0, page: 1, page_size: 100, last_page: 1 } : ANSWER)),
  );
});

it('draws the page’s charts from the API with the filters in the URL', async () => {
  const router = renderAt('/app/dashboard/client/weekly-branch-comparison?from=2031-03-03&to=2031-03-09');
  expect(screen.getByRole('heading', { level: 1, name: 'Client dashboard: Weekly branch comparison' })).toBeInTheDocument();
  const chart = await screen.findByRole('group', { name: /^Hours delivered per branch\./ });
  // The kit's chart: hours as hours, each bar a button, the figures in a table on demand.
  expect(within(chart).getByRole('button', { name: /Week of 24 Feb, Camden Domiciliary: 1 h/ })).toBeInTheDocument();
  await userEvent.click(within(chart.closest('figure')!).getByRole('button', { name: 'Show the figures as a table' }));
  expect(screen.getByRole('table', { name: 'Hours delivered per branch: figures' })).toBeInTheDocument();
  expect(get).toHaveBeenCalledWith('api/v1/dashboards/client/weekly-branch-comparison', { from: '2031-03-03', to: '2031-03-09' });
  await userEvent.click(screen.getByRole('button', { name: 'Last week' }));
  expect(new URLSearchParams(router.state.location.search).get('from')).not.toBe('2031-03-03');
});

it('lists the visits behind a bar chosen with the keyboard, with links to them', async () => {
  const router = renderAt('/app/dashboard/client/weekly-branch-comparison?from=2031-03-03&to=2031-03-09');
  const bar = await screen.findByRole('button', { name: /Week of 3 Mar, Leeds supported living: 2 h/ });
  bar.focus();
  await userEvent.keyboard('{Enter}');
  const list = await screen.findByRole('table', { name: /Visits behind Hours delivered per branch: Week of 3 Mar, Leeds supported living/ });
  expect(within(list).getByRole('link', { name: 'Margaret Ellison' })).toHaveAttribute('href', '/app/visits/41');
  expect(within(list).getByRole('row', { name: /Margaret Ellison/ })).toHaveTextContent('Tue 4 Mar 2031');
  expect(get).toHaveBeenCalledWith('api/v1/dashboards/client/weekly-branch-comparison/rows', expect.objectContaining({ chart: 'hours', series: 'this', key: '2', page: 1 }));
  expect(new URLSearchParams(router.state.location.search).get('key')).toBe('2');
  expect(screen.getByRole('heading', { level: 2, name: /Visits behind/ })).toHaveFocus();
});

it('lists the pages of the client dashboards', () => {
  renderAt('/app/dashboard/client');
  expect(screen.getByRole('link', { name: 'Weekly pie charts' })).toHaveAttribute('href', '/app/dashboard/client/weekly-pie-charts');
});

it('says a page that does not exist is not there', () => {
  renderAt('/app/dashboard/client/nothing-here');
  expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  expect(get).not.toHaveBeenCalledWith(expect.stringContaining('nothing-here'), expect.anything());
});
