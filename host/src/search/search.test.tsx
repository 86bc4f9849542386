import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router-dom';
import { GROUP_TARGET, type NavigationItem } from '@hcm/contract';
import { api } from '@hcm/kit';
import { HeaderSearch, isSearchShortcut } from './HeaderSearch';
import { screensMatching } from './screens';
import { SearchBox } from './SearchBox';
import type { SearchAnswer } from './types';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn() } };
});
const get = api.get as jest.Mock;
const ok = (data: unknown) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });

const MENU: NavigationItem[] = [
  { name: 'dashboard', title: 'Dashboard', target: '/app/dashboard', permission: ['dashboard.view'] },
  {
    name: 'clients',
    title: 'Clients',
    target: GROUP_TARGET,
    permission: ['clients.view'],
    children: [
      { name: 'clients-all', title: 'All clients', target: '/app/clients', permission: ['clients.view'] },
      { name: 'clients-reviews', title: 'Reviews due', target: '/app/clients/reviews', permission: ['clients.view'] },
      { name: 'client-record', title: 'Margaret’s record', target: '/app/clients/USERID', permission: ['clients.view'] },
    ],
  },
];

const MARGARET = { kind: 'clients', id: 7, title: 'Margaret Ellison (Peggy)', subtitle: 'NHS 999 000 1014 · NW1 9SL · Active', href: '/app/clients/7' };
const MARTIN = { kind: 'carers', id: 3, title: 'Martin Marsh', subtitle: 'Active · Camden', href: '/app/carers/3' };
const answer = (q: string, groups: SearchAnswer['groups'], unavailable: SearchAnswer['unavailable'] = []): SearchAnswer => ({ q, groups, unavailable });

function Record() {
  const { kind, id } = useParams();
  return <h1>{`${kind} ${id}`}</h1>;
}

function renderApp(element: React.ReactElement) {
  const router = createMemoryRouter(
    [
      { path: '/app/dashboard', element },
      { path: '/app/:kind/:id', element: <Record /> },
    ],
    { initialEntries: ['/app/dashboard'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => get.mockReset());

test('a combobox: results grouped under headings, the first active, arrows move, Enter opens the active one', async () => {
  get.mockImplementation((_path: string, { q }: { q: string }) =>
    Promise.resolve(ok(answer(q, [
      { kind: 'clients', label: 'Clients', items: [MARGARET] },
      { kind: 'carers', label: 'Carers', items: [MARTIN] },
    ]))),
  );
  const router = renderApp(<SearchBox menu={MENU} delayMs={0} />);
  const input = screen.getByRole('combobox', { name: 'Search' });
  expect(input).toHaveAttribute('aria-expanded', 'false');
  await userEvent.type(input, 'mar');

  const listbox = await screen.findByRole('listbox', { name: 'Search results' });
  expect(get).toHaveBeenLastCalledWith('api/v1/search', { q: 'mar' });
  expect(input).toHaveAttribute('aria-expanded', 'true');
  expect(input).toHaveAttribute('aria-controls', listbox.id);
  expect(within(listbox).getAllByRole('group').map((group) => group.getAttribute('aria-labelledby') && document.getElementById(group.getAttribute('aria-labelledby')!)?.textContent)).toEqual(['Clients', 'Carers']);
  const options = within(listbox).getAllByRole('option');
  expect(options.map((option) => option.textContent)).toEqual([`${MARGARET.title}${MARGARET.subtitle}`, `${MARTIN.title}${MARTIN.subtitle}`]);
  expect(within(screen.getByRole('group', { name: 'Clients' })).getByRole('option')).toBe(options[0]);
  // The first is active; the arrows move (and wrap), the input keeps the focus.
  expect(options[0]).toHaveAttribute('aria-selected', 'true');
  expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
  await userEvent.keyboard('{ArrowDown}');
  expect(input).toHaveAttribute('aria-activedescendant', options[1]!.id);
  expect(options[1]).toHaveAttribute('aria-selected', 'true');
  expect(options[0]).toHaveAttribute('aria-selected', 'false');
  await userEvent.keyboard('{ArrowDown}');
  expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
  await userEvent.keyboard('{ArrowUp}');
  expect(input).toHaveAttribute('aria-activedescendant', options[1]!.id);
  expect(input).toHaveFocus();
  expect(screen.getByRole('status')).toHaveTextContent('2 results');

  await userEvent.keyboard('{Enter}');
  expect(router.state.location.pathname).toBe('/app/carers/3');
  expect(await screen.findByRole('heading', { name: 'carers 3' })).toBeInTheDocument();
});

test('screens of the menu the user sees are found by the start of their words, after the server’s groups; a click opens one', async () => {
  get.mockImplementation((_path: string, { q }: { q: string }) => Promise.resolve(ok(answer(q, []))));
  const router = renderApp(<SearchBox menu={MENU} delayMs={0} />);
  // One character: screens only, the server is not asked.
  await userEvent.type(screen.getByRole('combobox', { name: 'Search' }), 'r');
  const screens = screen.getByRole('group', { name: 'Screens' });
  expect(within(screens).getAllByRole('option').map((option) => option.textContent)).toEqual(['Reviews dueClients']);
  expect(get).not.toHaveBeenCalled();
  await userEvent.click(within(screens).getByRole('option', { name: /Reviews due/ }));
  expect(router.state.location.pathname).toBe('/app/clients/reviews');
});

test('"No results" is spoken through the live status; a kind that could not be searched is named', async () => {
  get.mockImplementation((_path: string, { q }: { q: string }) => Promise.resolve(ok(answer(q, [], [{ kind: 'visits', label: 'Visits' }]))));
  renderApp(<SearchBox menu={MENU} delayMs={0} />);
  const input = screen.getByRole('combobox', { name: 'Search' });
  await userEvent.type(input, 'zzz');
  const status = screen.getByRole('status');
  expect(await within(status).findByText('No results for “zzz”. Visits could not be searched just now.')).toBeInTheDocument();
  expect(input).toHaveAttribute('aria-expanded', 'false');
  expect(input).not.toHaveAttribute('aria-activedescendant');
  expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  // Enter with nothing to open stays put.
  await userEvent.keyboard('{Enter}');
  expect(screen.getByRole('combobox', { name: 'Search' })).toBeInTheDocument();
});

test('an answer to an earlier query is never shown for a later one', async () => {
  const pending = new Map<string, (value: unknown) => void>();
  get.mockImplementation((_path: string, { q }: { q: string }) => new Promise((resolve) => pending.set(q, resolve)));
  renderApp(<SearchBox menu={MENU} delayMs={0} />);
  const input = screen.getByRole('combobox', { name: 'Search' });
  await userEvent.type(input, 'ma');
  await waitFor(() => expect(pending.has('ma')).toBe(true));
  await userEvent.type(input, 'x');
  await waitFor(() => expect(pending.has('max')).toBe(true));
  await act(async () => pending.get('max')!(ok(answer('max', []))));
  await act(async () => pending.get('ma')!(ok(answer('ma', [{ kind: 'clients', label: 'Clients', items: [MARGARET] }]))));
  expect(screen.queryByRole('option', { name: /Margaret/ })).not.toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('No results for “max”.');
});

test('Ctrl+K (or Cmd+K) and the header’s box open the search dialog with the focus in its combobox; Escape closes it and the focus returns', async () => {
  get.mockImplementation((_path: string, { q }: { q: string }) => Promise.resolve(ok(answer(q, [{ kind: 'clients', label: 'Clients', items: [MARGARET] }]))));
  const router = renderApp(<HeaderSearch menu={MENU} />);
  const box = screen.getByRole('button', { name: 'Find anything' });
  expect(box).toHaveAttribute('aria-haspopup', 'dialog');
  expect(box).toHaveAttribute('aria-keyshortcuts', 'Control+K Meta+K');

  box.focus();
  await userEvent.keyboard('{Control>}k{/Control}');
  const dialog = await screen.findByRole('dialog', { name: 'Search' });
  const input = within(dialog).getByRole('combobox', { name: 'Search' });
  expect(input).toHaveFocus();
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(box).toHaveFocus();

  await userEvent.keyboard('{Enter}');
  const again = await screen.findByRole('dialog', { name: 'Search' });
  // Each opening starts a new search; a result opened closes the dialog.
  const fresh = within(again).getByRole('combobox', { name: 'Search' });
  expect(fresh).toHaveValue('');
  await userEvent.type(fresh, 'marg');
  await within(again).findByRole('option', { name: /Margaret Ellison/ });
  await userEvent.keyboard('{Enter}');
  expect(router.state.location.pathname).toBe('/app/clients/7');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(isSearchShortcut({ key: 'K', ctrlKey: false, metaKey: true, altKey: false, shiftKey: false })).toBe(true);
  expect(isSearchShortcut({ key: 'k', ctrlKey: true, metaKey: false, altKey: false, shiftKey: true })).toBe(false);
});

test('screensMatching: every word the start of a word of the title; a target naming the current record is left out', () => {
  expect(screensMatching(MENU, 'rev DUE').map((found) => found.href)).toEqual(['/app/clients/reviews']);
  expect(screensMatching(MENU, 'cli').map((found) => [found.title, found.subtitle])).toEqual([['All clients', 'Clients']]);
  expect(screensMatching(MENU, 'dash')[0]).toEqual({ kind: 'screens', id: '/app/dashboard', title: 'Dashboard', subtitle: 'Screen', href: '/app/dashboard' });
  expect(screensMatching(MENU, 'record')).toEqual([]);
  expect(screensMatching(MENU, '   ')).toEqual([]);
});
