import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CurrentUser } from '@hcm/contract';
import { useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import type { VisitRow } from '../../contract/visits';

// What the screen tests of visits/, home/ and map/ share: answers of the API client, a signed-in user, a visit.

export const ok = (data: unknown, message = 'OK') => ({ data, error: false, message, errors: null, httpStatus: 200 });
export const failed = (httpStatus: number, message: string, errors: Record<string, string[]> | null = null, data: unknown = null) => ({ data, error: true, message, errors, httpStatus });
export const page = (rows: unknown[]) => ({ data: rows, total: rows.length, page: 1, page_size: 25, last_page: 1 });

export function signIn(permissions: string[], branches = [{ id: 1, name: 'Camden Domiciliary' }, { id: 2, name: 'Leeds Supported Living' }]) {
  useSession.setState({
    status: 'authenticated',
    user: {
      userID: 2, userRole: 'office_staff', userPermissions: permissions, userUnreadMessageCount: 0,
      name: 'Oliver Office', email: 'office@homecare.test', userType: 'domiciliary', roleLabel: 'Office staff', branches,
    } as CurrentUser,
  });
}

export function clearCookies() {
  document.cookie.split(';').forEach((cookie) => (document.cookie = `${cookie.split('=')[0]!.trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`));
}

/** Renders `element` at `path` under the route pattern `pattern` (e.g. /app/visits/*). */
export function renderAt(pattern: string, element: ReactElement, path: string) {
  const router = createMemoryRouter([{ path: pattern, element }, { path: '*', element: <p>Elsewhere</p> }], { initialEntries: [path] });
  render(withData(<RouterProvider router={router} />));
  return router;
}

export function visitRow(id: number, extra: Partial<VisitRow> = {}): VisitRow {
  return {
    id, branch_id: 1, branch: 'Camden Domiciliary', client_id: 7, client_name: 'Margaret Evans', client_postcode: 'NW1 9HX',
    date: '2026-11-24', start_time: '08:00', end_time: '08:30', planned_start: '2026-11-24T08:00:00.000Z', planned_end: '2026-11-24T08:30:00.000Z',
    duration_minutes: 30, carers_needed: 1, carers: [{ carer_id: 3, name: 'Grace Okafor', position: 1 }], status: 'assigned', source: 'template', template_id: 1,
    tasks: [{ key: 'wash', label: 'Help with a wash', kind: 'personal-care' }], requires_medication: false, funder_code_id: 1, funder_code: 'CAM-LA', npc_code_id: null, npc_code: null,
    cancel_reason: null, cancel_detail: '', cancel_chargeable: false, actual_start: null, actual_end: null, confirmation: 'not-due', confirmation_issues: [], locked: false, notes: '', version: 3, updated_at: '2026-11-20T10:00:00.000Z',
    ...extra,
  };
}
