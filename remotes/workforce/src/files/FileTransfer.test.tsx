import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CurrentUser } from '@hcm/contract';
import { api, useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import type { CarerTransfers } from '../../contract/files';
import FileTransfer from './FileTransfer';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;
const ok = (data: unknown, message = 'OK') => ({ data, error: false, message, errors: null, httpStatus: 200 });

const transfers: CarerTransfers = {
  branch: { id: 3, name: 'Bristol North' },
  choices: [{ id: 1, name: 'Camden Domiciliary' }],
  history: [
    { id: 1, from_branch_id: 1, from_branch: 'Camden Domiciliary', to_branch_id: 3, to_branch: 'Bristol North', effective_on: '2025-05-12', reason: 'Moved to Bristol to be near her family.', recorded_by_name: 'Maya Manager', recorded_at: '2025-04-28T14:20:00Z' },
  ],
};

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  get.mockResolvedValue(ok(transfers));
  useSession.setState({
    status: 'authenticated',
    user: {
      userID: 3, userRole: 'registered_manager', userPermissions: ['carers.view', 'carers.edit'], userUnreadMessageCount: 0,
      name: 'Maya Manager', email: 'manager@homecare.test', userType: 'domiciliary', roleLabel: 'Registered manager', branches: [{ id: 1, name: 'Camden Domiciliary' }, { id: 3, name: 'Bristol North' }],
    } as CurrentUser,
  });
});

function renderTransfer() {
  const router = createMemoryRouter([{ path: '/app/carers/:id/edit/file-transfer/*', element: <FileTransfer owner="carers" ownerId={23} ownerName="Amara Eze" /> }], { initialEntries: ['/app/carers/23/edit/file-transfer'] });
  render(withData(<RouterProvider router={router} />));
}

test('shows the branch now and the history; a refused move keeps the reason typed and shows the server’s words', async () => {
  renderTransfer();
  expect(await screen.findByRole('heading', { level: 2, name: 'Branch transfer' })).toBeInTheDocument();
  const history = screen.getByRole('table', { name: /Branch transfers of Amara Eze/ });
  expect(within(history).getByText('Moved to Bristol to be near her family.')).toBeInTheDocument();
  expect(within(history).getByText('Mon 12 May 2025')).toBeInTheDocument();

  const form = screen.getByRole('form', { name: 'Move to another branch' });
  const branch = within(form).getByLabelText('Move to');
  expect(within(branch).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a branch', 'Camden Domiciliary']);
  await userEvent.click(within(form).getByRole('button', { name: 'Move Amara Eze' }));
  expect(await within(form).findByText('Choose the branch the carer moves to.')).toBeInTheDocument();
  expect(post).not.toHaveBeenCalled();

  post.mockResolvedValue({ data: null, error: true, message: 'The given data was invalid.', errors: { effective_on: ["The carer's last move took effect on 2025-05-12; this one cannot be earlier."] }, httpStatus: 422 });
  await userEvent.selectOptions(branch, 'Camden Domiciliary');
  await userEvent.clear(within(form).getByLabelText('Effective date'));
  await userEvent.type(within(form).getByLabelText('Effective date'), '2025-01-01');
  await userEvent.type(within(form).getByLabelText('Reason'), 'Back to London.');
  await userEvent.click(within(form).getByRole('button', { name: 'Move Amara Eze' }));
  await waitFor(() => expect(post).toHaveBeenCalledWith('api/v1/carers/23/transfers', { to_branch_id: '1', effective_on: '2025-01-01', reason: 'Back to London.' }));
  expect(await within(form).findByText(/cannot be earlier/)).toBeInTheDocument();
  expect(within(form).getByLabelText('Reason')).toHaveValue('Back to London.');
});

test('a user who works in no other branch is told who can move the carer', async () => {
  get.mockResolvedValue(ok({ ...transfers, choices: [], history: [] }));
  renderTransfer();
  expect(await screen.findByText(/You work in no other branch/)).toBeInTheDocument();
  expect(screen.getByText('Amara Eze has always worked in Bristol North.')).toBeInTheDocument();
  expect(screen.queryByRole('form', { name: 'Move to another branch' })).not.toBeInTheDocument();
});
