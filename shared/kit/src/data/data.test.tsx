import { useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Page } from '@hcm/contract';
import { api, useRuntime, useSession, type ApiResult } from '@hcm/kit';
import {
  ApiError,
  DataProvider,
  resourceKeys,
  resourceWriteKeys,
  shouldRetry,
  useApiMutation,
  useApiQuery,
  useResourceListPage,
  type QueryClient,
} from '@hcm/kit/data';
import { createTestQueryClient } from '@hcm/kit/testing';

// The data boundary: the API client answers from these fakes; the data layer above it is real.
jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;

const ok = <T,>(data: T): ApiResult<T> => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });
const failed = (httpStatus: number, message: string, errors: Record<string, string[]> | null = null): ApiResult<null> => ({ data: null, error: true, message, errors, httpStatus });
const page = <Row,>(rows: Row[]): Page<Row> => ({ data: rows, total: rows.length, page: 1, page_size: 10, last_page: 1 });

type Ward = { id: number; name: string };

const user = (userID: number, name: string, switchedFrom: { id: number; name: string } | null = null) => ({
  userID, userRole: 'office_staff', userPermissions: [], userUnreadMessageCount: 0, name, email: `${name}@x.test`,
  userType: 'domiciliary' as const, roleLabel: 'Office staff', branches: [], switchedFrom,
});

function WardNames({ label }: { label: string }) {
  const wards = useResourceListPage<Ward>('wards', { page: 1, page_size: 10 });
  if (wards.error) return <p role="alert">{wards.error.message}</p>;
  return <ul aria-label={label}>{wards.data?.data.map((ward) => <li key={ward.id}>{ward.name}</li>)}</ul>;
}

function AddWard() {
  const add = useApiMutation<Ward, { name: string }>({
    request: (values) => api.post<Ward>('api/v1/wards', values),
    invalidates: () => resourceWriteKeys('wards'),
  });
  const message = add.error?.message ?? (add.isSuccess ? 'Saved' : '');
  return (
    <>
      <button type="button" onClick={() => void add.submit({ name: 'Oak' })}>
        Add Oak
      </button>
      <p role="status">{message}</p>
    </>
  );
}

/** As the host's layout: its screens are there only while someone is signed in. */
function SignedIn({ children }: { children: React.ReactNode }) {
  return useSession((state) => state.user) ? <>{children}</> : null;
}

function renderData(ui: React.ReactNode, client: QueryClient = createTestQueryClient()) {
  render(<DataProvider client={client}>{ui}</DataProvider>);
  return client;
}

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  useSession.setState({ status: 'authenticated', user: user(2, 'Olive') });
});

describe('reads through the shared cache', () => {
  it('asks once when two components on screen want the same list, and both show it', async () => {
    get.mockResolvedValue(ok(page([{ id: 1, name: 'Birch' }])));
    renderData(
      <>
        <WardNames label="First" />
        <WardNames label="Second" />
      </>,
    );
    expect(await screen.findAllByText('Birch')).toHaveLength(2);
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('api/v1/wards', { page: 1, page_size: 10 });
  });

  it('shows an answer still fresh without asking again when a screen opens a second time', async () => {
    get.mockResolvedValue(ok({ id: 4, title: 'Boiler service' }));
    function Notice() {
      const notice = useApiQuery<{ id: number; title: string }>('api/v1/notices/4');
      return <h1>{notice.data?.title ?? 'Loading'}</h1>;
    }
    const client = createTestQueryClient();
    const { unmount } = render(<DataProvider client={client}><Notice /></DataProvider>);
    expect(await screen.findByRole('heading', { name: 'Boiler service' })).toBeInTheDocument();
    unmount();
    render(<DataProvider client={client}><Notice /></DataProvider>);
    expect(screen.getByRole('heading', { name: 'Boiler service' })).toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('gives the server’s message of a failed read, or the screen’s own when there is none', async () => {
    get.mockImplementation((path: string) => Promise.resolve(path === 'api/v1/a' ? failed(403, 'You may not see this.') : failed(404, '')));
    function Both() {
      const a = useApiQuery('api/v1/a');
      const b = useApiQuery('api/v1/b', undefined, { failure: 'The notice could not be loaded.' });
      return <p role="alert">{[a.error?.message, b.error?.message].join(' | ')}</p>;
    }
    renderData(<Both />);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('You may not see this. | The notice could not be loaded.'));
  });

  it('retries only when the server could not be reached or failed, never a 4xx, at most twice', () => {
    const error = (httpStatus: number) => new ApiError(failed(httpStatus, 'x'));
    expect(shouldRetry(0, error(0))).toBe(true);
    expect(shouldRetry(0, error(503))).toBe(true);
    expect(shouldRetry(1, error(500))).toBe(true);
    expect(shouldRetry(2, error(500))).toBe(false);
    expect(shouldRetry(0, error(404))).toBe(false);
    expect(shouldRetry(0, error(422))).toBe(false);
    expect(shouldRetry(0, new TypeError('a bug'))).toBe(false);
  });
});

describe('writes invalidate what they change', () => {
  it('asks for the list again after a successful create, and shows the new row', async () => {
    get.mockResolvedValueOnce(ok(page([{ id: 1, name: 'Birch' }])));
    post.mockResolvedValueOnce(ok({ id: 2, name: 'Oak' }));
    renderData(
      <>
        <WardNames label="Wards" />
        <AddWard />
      </>,
    );
    expect(await screen.findByText('Birch')).toBeInTheDocument();
    get.mockResolvedValueOnce(ok(page([{ id: 1, name: 'Birch' }, { id: 2, name: 'Oak' }])));
    await userEvent.click(screen.getByRole('button', { name: 'Add Oak' }));
    expect(post).toHaveBeenCalledWith('api/v1/wards', { name: 'Oak' });
    expect(await screen.findByText('Oak')).toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('drops lists that are not on screen, so the next screen asks rather than showing the old rows', async () => {
    get.mockResolvedValueOnce(ok(page([{ id: 1, name: 'Birch' }])));
    const client = createTestQueryClient();
    const { unmount } = render(<DataProvider client={client}><WardNames label="Wards" /></DataProvider>);
    expect(await screen.findByText('Birch')).toBeInTheDocument();
    unmount();

    post.mockResolvedValueOnce(ok({ id: 2, name: 'Oak' }));
    const { unmount: leave } = render(<DataProvider client={client}><AddWard /></DataProvider>);
    await userEvent.click(screen.getByRole('button', { name: 'Add Oak' }));
    await waitFor(() => expect(client.getQueryCache().findAll({ queryKey: resourceKeys.lists('wards') })).toHaveLength(0));
    leave();

    get.mockResolvedValueOnce(ok(page([{ id: 1, name: 'Birch' }, { id: 2, name: 'Oak' }])));
    render(<DataProvider client={client}><WardNames label="Wards" /></DataProvider>);
    expect(screen.queryByText('Birch')).not.toBeInTheDocument();
    expect(await screen.findByText('Oak')).toBeInTheDocument();
  });

  it('leaves the cache alone after a refused write and hands the answer back, 422 field errors included', async () => {
    get.mockResolvedValue(ok(page([{ id: 1, name: 'Birch' }])));
    post.mockResolvedValueOnce(failed(422, 'The given data was invalid.', { name: ['A ward with this name already exists.'] }));
    let answer: ApiResult<Ward> | null = null;
    function Add() {
      const add = useApiMutation<Ward, { name: string }>({ request: (values) => api.post<Ward>('api/v1/wards', values), invalidates: [resourceKeys.lists('wards')] });
      return (
        <button type="button" onClick={() => void add.submit({ name: 'Birch' }).then((result) => (answer = result))}>
          Add Birch
        </button>
      );
    }
    renderData(
      <>
        <WardNames label="Wards" />
        <Add />
      </>,
    );
    expect(await screen.findByText('Birch')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Birch' }));
    await waitFor(() => expect(answer).not.toBeNull());
    expect(answer).toMatchObject({ error: true, httpStatus: 422, errors: { name: ['A ward with this name already exists.'] } });
    expect(get).toHaveBeenCalledTimes(1);
  });
});

describe('the cache belongs to one user', () => {
  it('is emptied at sign-out, so nothing of this user is kept for the next', async () => {
    get.mockResolvedValue(ok(page([{ id: 1, name: 'Birch' }])));
    // The session store's own POST /logout, answered by the network (the store holds the real client).
    useRuntime.setState({ registry: { ...useRuntime.getState().registry, apiUrl: 'http://api.test' } });
    const fetch = jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    const client = renderData(
      <SignedIn>
        <WardNames label="Wards" />
      </SignedIn>,
    );
    expect(await screen.findByText('Birch')).toBeInTheDocument();
    expect(client.getQueryData(resourceKeys.list('wards', { page: 1, page_size: 10 }))).toBeDefined();

    await act(() => useSession.getState().logout());
    const [request] = fetch.mock.calls[0] as [Request];
    expect([request.method, request.url]).toEqual(['POST', 'http://api.test/logout']);
    expect(useSession.getState().user).toBeNull();
    expect(client.getQueryCache().getAll()).toHaveLength(0);
    expect(screen.queryByText('Birch')).not.toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(1);
    fetch.mockRestore();
  });

  it('is emptied when the session ends elsewhere (a 401 clears the session)', async () => {
    get.mockResolvedValue(ok(page([{ id: 1, name: 'Birch' }])));
    const client = renderData(
      <SignedIn>
        <WardNames label="Wards" />
      </SignedIn>,
    );
    expect(await screen.findByText('Birch')).toBeInTheDocument();
    act(() => useSession.getState().clear());
    expect(client.getQueryCache().getAll()).toHaveLength(0);
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('after an account switch, what is on screen is asked again as the new account and the old answer is gone', async () => {
    get.mockResolvedValueOnce(ok(page([{ id: 1, name: 'Olive’s ward' }])));
    const client = renderData(<WardNames label="Wards" />);
    expect(await screen.findByText('Olive’s ward')).toBeInTheDocument();

    let answerForMaya: (value: ApiResult<Page<Ward>>) => void = () => undefined;
    get.mockReturnValueOnce(new Promise((resolve) => (answerForMaya = resolve)));
    act(() => useSession.setState({ user: user(7, 'Maya', { id: 2, name: 'Olive' }) }));
    // Olive's rows go while Maya's answer is still on its way (never shown as a placeholder for Maya's list).
    await waitFor(() => expect(screen.queryByText('Olive’s ward')).not.toBeInTheDocument());
    expect(screen.getByRole('list', { name: 'Wards' })).toBeEmptyDOMElement();
    expect(get).toHaveBeenCalledTimes(2);
    await act(async () => answerForMaya(ok(page([{ id: 9, name: 'Maya’s ward' }]))));
    expect(await screen.findByText('Maya’s ward')).toBeInTheDocument();
    expect(client.getQueryCache().getAll()).toHaveLength(1);
  });

  it('keeps nothing of the previous account as the page shown while the next page loads', async () => {
    function PagedWards() {
      const [pageNumber, setPageNumber] = useState(1);
      const wards = useResourceListPage<Ward>('wards', { page: pageNumber });
      return (
        <>
          <ul aria-label="Wards">{wards.data?.data.map((ward) => <li key={ward.id}>{ward.name}</li>)}</ul>
          <button type="button" onClick={() => setPageNumber(2)}>
            Next page
          </button>
        </>
      );
    }
    get.mockResolvedValueOnce(ok(page([{ id: 1, name: 'Olive’s ward' }])));
    get.mockReturnValue(new Promise(() => undefined));
    renderData(<PagedWards />);
    expect(await screen.findByText('Olive’s ward')).toBeInTheDocument();
    // Page 2 is on its way: page 1 stays on screen meanwhile, as lists do.
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Olive’s ward')).toBeInTheDocument();

    act(() => useSession.setState({ user: user(7, 'Maya', { id: 2, name: 'Olive' }) }));
    await waitFor(() => expect(screen.queryByText('Olive’s ward')).not.toBeInTheDocument());
    expect(get).toHaveBeenLastCalledWith('api/v1/wards', { page: 2 });
  });

  it('keeps the cache while the same user is loaded again', async () => {
    get.mockResolvedValue(ok(page([{ id: 1, name: 'Birch' }])));
    const client = renderData(<WardNames label="Wards" />);
    expect(await screen.findByText('Birch')).toBeInTheDocument();
    act(() => useSession.setState({ user: { ...user(2, 'Olive'), userUnreadMessageCount: 3 } }));
    expect(screen.getByText('Birch')).toBeInTheDocument();
    expect(client.getQueryCache().getAll()).toHaveLength(1);
    expect(get).toHaveBeenCalledTimes(1);
  });
});
