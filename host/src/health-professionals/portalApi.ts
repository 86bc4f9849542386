import type { HealthProfessionalProfile, HealthProfessionalPdfType } from '@hcm/contract/schemas';
import { api, useRuntime } from '@hcm/kit';

// The health professionals' own API (root paths on the API server, not /api/v1). Every answer has the kit's
// shape: { data, error, message, errors, httpStatus }.

export const portalPaths = {
  login: '/health-professionals',
  dashboard: (id: number | string) => `/health-professionals/${id}/dashboard`,
  pdf: (id: number | string, type: HealthProfessionalPdfType, clientId: number) => `/health-professionals/${id}/pdf/${type}?client=${clientId}`,
};

/** The signed-in professional (GET, read through the data layer by the portal's layout). */
export const PORTAL_ME = 'health-professionals/me';
/** The summaries of the clients shared with them (GET, through the data layer). */
export const PORTAL_CLIENTS = 'health-professionals/clients';
/**
 * How the portal reads: never from the cache. Staff may revoke a link or stop sharing a client at any moment,
 * and the next page the professional opens must ask the server (a 401 ends the visit), as it always did.
 */
export const PORTAL_READ = { staleTime: 0, gcTime: 0 } as const;

/** Link exchanges in flight, by token: StrictMode's second effect run joins the first rather than rotating again. */
const exchanges = new Map<string, ReturnType<typeof exchangeOnce>>();

async function exchangeOnce(id: string, token: string) {
  await api.csrf();
  return api.post<{ data: HealthProfessionalProfile; replace_url: string }>('health-professionals/links/exchange', { id: Number(id), token });
}

export const portalApi = {
  exchange(id: string, token: string) {
    let pending = exchanges.get(token);
    if (!pending) {
      pending = exchangeOnce(id, token);
      exchanges.set(token, pending);
      // Forgotten once settled, so a later visit (e.g. after signing out) exchanges again.
      void pending.finally(() => setTimeout(() => exchanges.delete(token), 5_000));
    }
    return pending;
  },
  async login(email: string, password: string) {
    await api.csrf();
    return api.post<{ data: HealthProfessionalProfile }>('health-professionals/login', { email, password });
  },
  setPassword: (password: string, password_confirmation: string) =>
    api.post<{ data: HealthProfessionalProfile }>('health-professionals/password', { password, password_confirmation }),
  logout: () => api.post<null>('health-professionals/logout'),
  /** The URL of a client's PDF on the API server (fetched by the viewer with the session cookie). */
  pdfUrl(type: HealthProfessionalPdfType, clientId: number): string {
    const apiUrl = useRuntime.getState().registry.apiUrl.replace(/\/+$/, '');
    return `${apiUrl}/health-professionals/clients/${clientId}/pdf/${type}`;
  },
};
