import { create } from 'zustand';
import { can, type CurrentUser } from '@hcm/contract';
import { api } from '../api/client';

type SessionStatus = 'unknown' | 'authenticated' | 'guest';

type SessionState = {
  user: CurrentUser | null;
  status: SessionStatus;
  /** Asks the API who is logged in (GET /api/v1/user, the user in data.data); calls while one is on its way share it. */
  loadUser: () => Promise<CurrentUser | null>;
  logout: () => Promise<void>;
  clear: () => void;
};

let userRequest: Promise<CurrentUser | null> | null = null;

/** The current user, one instance for the host and every remote (a shared singleton). */
export const useSession = create<SessionState>((set) => ({
  user: null,
  status: 'unknown',
  loadUser: () => {
    // One question at a time: the host asks at start-up, and the layout may ask again before the answer.
    userRequest ??= api
      .get<{ data: CurrentUser }>('api/v1/user')
      .then((result) => {
        const user = result.error ? null : (result.data?.data ?? null);
        set({ user, status: user ? 'authenticated' : 'guest' });
        return user;
      })
      .finally(() => {
        userRequest = null;
      });
    return userRequest;
  },
  logout: async () => {
    await api.post('logout');
    set({ user: null, status: 'guest' });
  },
  clear: () => set({ user: null, status: 'guest' }),
}));

/** `can(permission)` for the current user, per spec §6. */
export function useCan(): (permission: string) => boolean {
  const user = useSession((state) => state.user);
  return (permission) => can(user, permission);
}
