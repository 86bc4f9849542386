import { api } from '../api/client';
import { useSession } from './session';

jest.mock('../api/client', () => ({ api: { get: jest.fn(), post: jest.fn() } }));
const get = api.get as jest.Mock;

describe('the session store', () => {
  beforeEach(() => {
    get.mockReset();
    useSession.setState({ user: null, status: 'unknown' });
  });

  it('asks who is signed in once while an answer is on its way, and again afterwards', async () => {
    let answer: (value: unknown) => void = () => {};
    get.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const first = useSession.getState().loadUser();
    const second = useSession.getState().loadUser();
    expect(get).toHaveBeenCalledTimes(1);
    answer({ error: false, data: { data: { userID: 1, name: 'Amira Admin', userRole: 'super_admin', userPermissions: [] } } });
    expect((await first)?.name).toBe('Amira Admin');
    expect(await second).toBe(await first);
    expect(useSession.getState().status).toBe('authenticated');

    get.mockResolvedValueOnce({ error: true, data: null });
    expect(await useSession.getState().loadUser()).toBeNull();
    expect(get).toHaveBeenCalledTimes(2);
    expect(useSession.getState().status).toBe('guest');
  });
});
