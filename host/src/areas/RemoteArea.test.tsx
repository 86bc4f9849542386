import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

describe('RemoteArea', () => {
  beforeEach(() => {
    mockedLoadArea.mockReset();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('renders the area with its prefix once loaded', async () => {
    mockedLoadArea.mockResolvedValue({ default: ({ prefix }: { prefix: string }) => <h1>Area at {prefix}</h1> });
    render(<RemoteArea area={finance} prefix="finance" />);
    expect(await screen.findByRole('heading', { name: 'Area at finance' })).toBeInTheDocument();
  });

  it('shows an unavailable panel when the remote cannot load, and retries on request', async () => {
    mockedLoadArea.mockRejectedValueOnce(new Error('manifest unreachable'));
    render(<RemoteArea area={{ ...finance, version: '1.0.0-retry' }} prefix="finance" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The Finance area is unavailable');
    mockedLoadArea.mockResolvedValueOnce({ default: () => <h1>Finance home</h1> });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Finance home' })).toBeInTheDocument();
    expect(mockedLoadArea).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'finance' }), true);
  });
});
