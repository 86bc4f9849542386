import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import type { AreaRegistration } from '@hcm/contract';
import { RemoteArea } from './RemoteArea';
import { loadArea } from './federation';

// Jest cannot load federated modules: the runtime boundary is mocked, the real one is tested in a browser.
jest.mock('./federation', () => ({ loadArea: jest.fn() }));
const mockedLoadArea = loadArea as jest.MockedFunction<typeof loadArea>;

const finance: AreaRegistration = {
  name: 'finance',
  title: 'Finance',
  description: '',
  home: '/app/finance',
  routePrefixes: ['finance'],
  navigation: [],
  version: '1.0.0-test',
  container: 'area_finance',
  manifestUrl: 'http://127.0.0.1:9/mf-manifest.json',
};

/** The host mounts an area under its prefix's route; the area reads the location for its own screens. */
function renderArea(area: AreaRegistration, path = '/app/finance') {
  const router = createMemoryRouter([{ path: '/app/finance/*', element: <RemoteArea area={area} prefix="finance" /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('RemoteArea', () => {
  beforeEach(() => {
    mockedLoadArea.mockReset();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('renders the area with its prefix once loaded', async () => {
    mockedLoadArea.mockResolvedValue({ default: ({ prefix }: { prefix: string }) => <h1>Area at {prefix}</h1> });
    renderArea(finance);
    expect(await screen.findByRole('heading', { name: 'Area at finance' })).toBeInTheDocument();
  });

  it('shows an unavailable panel when the remote cannot load, and retries on request', async () => {
    mockedLoadArea.mockRejectedValueOnce(new Error('manifest unreachable'));
    renderArea({ ...finance, version: '1.0.0-retry' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The Finance area is unavailable');
    mockedLoadArea.mockResolvedValueOnce({ default: () => <h1>Finance home</h1> });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Finance home' })).toBeInTheDocument();
    expect(mockedLoadArea).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'finance' }), true);
  });

  describe('when the area loaded but one of its screens throws', () => {
    let invoicesThrow = true;
    const failure = new Error('Cannot read properties of undefined (reading "total")');
    function FinanceArea() {
      const { pathname } = useLocation();
      if (pathname === '/app/finance/invoices' && invoicesThrow) throw failure;
      return <h1>{pathname === '/app/finance' ? 'Finance home' : 'Invoices'}</h1>;
    }
    beforeEach(() => {
      invoicesThrow = true;
      mockedLoadArea.mockResolvedValue({ default: FinanceArea });
    });

    it('says the screen failed, not the area or the network, and "Try again" remounts it without reloading the remote', async () => {
      renderArea({ ...finance, version: '1.0.0-screen' }, '/app/finance/invoices');
      const panel = await screen.findByRole('alert');
      expect(panel).toHaveTextContent('This screen could not be shown');
      expect(panel).toHaveTextContent('its other screens and the rest of the application keep working');
      expect(panel).not.toHaveTextContent(/unavailable|could not be loaded/);
      expect(console.error).toHaveBeenCalledWith(expect.stringContaining('failed while rendering'), failure);
      expect(screen.getByRole('link', { name: 'Go to the Finance home page' })).toHaveAttribute('href', '/app/finance');

      invoicesThrow = false;
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('heading', { name: 'Invoices' })).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(mockedLoadArea).toHaveBeenCalledTimes(1);
    });

    it('clears by itself on moving to another path, such as the area’s home', async () => {
      const router = renderArea({ ...finance, version: '1.0.0-screen-home' }, '/app/finance/invoices');
      expect(await screen.findByRole('alert')).toHaveTextContent('This screen could not be shown');
      await userEvent.click(screen.getByRole('link', { name: 'Go to the Finance home page' }));
      expect(await screen.findByRole('heading', { name: 'Finance home' })).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/app/finance');
      expect(mockedLoadArea).toHaveBeenCalledTimes(1);
    });
  });
});
