import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CurrentUser } from '@hcm/contract';
import { useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';

// What the screen tests of planning/, imports/, utility/ and assessments/ share: the API client's answers, a
// signed-in planner, and a screen rendered at a path.

export const ok = (data: unknown, message = 'OK') => ({ data, error: false, message, errors: null, httpStatus: 200 });
export const failed = (httpStatus: number, message: string, errors: Record<string, string[]> | null = null, data: unknown = null) => ({ data, error: true, message, errors, httpStatus });
export const page = (rows: unknown[]) => ({ data: rows, total: rows.length, page: 1, page_size: 25, last_page: 1 });

export function signIn(permissions: string[]) {
  useSession.setState({
    status: 'authenticated',
    user: {
      userID: 2, userRole: 'office_staff', userPermissions: permissions, userUnreadMessageCount: 0,
      name: 'Oliver Office', email: 'office@homecare.test', userType: 'domiciliary', roleLabel: 'Office staff', branches: [{ id: 1, name: 'Camden Domiciliary' }],
    } as CurrentUser,
  });
}

export function renderAt(pattern: string, element: ReactElement, path: string) {
  const router = createMemoryRouter([{ path: pattern, element }, { path: '*', element: <p>Elsewhere</p> }], { initialEntries: [path] });
  render(withData(<RouterProvider router={router} />));
  return router;
}
