import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CurrentUser } from '@hcm/contract';
import { api, useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import Area from '../Area';

// The add-a-carer form checks with the declaration's own schema before anything is sent: a wrong National
// Insurance number or an impossible date of birth is told in a sentence beside its field.

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;
const ok = (data: unknown) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  get.mockResolvedValue(ok({ data: [], total: 0, page: 1, page_size: 25, last_page: 1 }));
  useSession.setState({
    status: 'authenticated',
    user: {
      userID: 2, userRole: 'office_staff', userPermissions: ['carers.view', 'carers.create'], userUnreadMessageCount: 0,
      name: 'Oliver Office', email: 'office@homecare.test', userType: 'domiciliary', roleLabel: 'Office staff', branches: [{ id: 1, name: 'Camden Domiciliary' }],
    } as CurrentUser,
  });
});

test('a wrong NI number and a date of birth in 1890 are told in plain sentences on the form', async () => {
  const user = userEvent.setup();
  const router = createMemoryRouter([{ path: '/app/carer/*', element: <Area prefix="carer" /> }], { initialEntries: ['/app/carer/add'] });
  render(withData(<RouterProvider router={router} />));
  const form = await screen.findByRole('form');
  await user.type(within(form).getByLabelText(/^National Insurance number/), 'QQ123');
  await user.type(within(form).getByLabelText(/^Date of birth/), '1890-01-01');
  await user.click(within(form).getByRole('button', { name: /save|add|create/i }));
  expect(await within(form).findByText('Enter a National Insurance number like QQ 12 34 56 C.')).toBeInTheDocument();
  expect(within(form).getByText('Date of birth makes them over 100: check the year.')).toBeInTheDocument();
  expect(within(form).queryByText(/Invalid type/)).not.toBeInTheDocument();
  expect(post).not.toHaveBeenCalled();
});
