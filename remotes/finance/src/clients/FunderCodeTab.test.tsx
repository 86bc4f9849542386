import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentUser } from '@hcm/contract';
import { api, useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import type { ClientFunding, ClientFundingAnswer } from '../../contract/funding';
import FunderCodeTab from './FunderCodeTab';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), put: jest.fn() } };
});
const get = api.get as jest.Mock;
const put = api.put as jest.Mock;

const ok = (data: unknown, httpStatus = 200) => ({ data, error: false, message: 'OK', errors: null, httpStatus });

function signIn(permissions: string[]) {
  useSession.setState({
    status: 'authenticated',
    user: {
      userID: 9, userRole: 'finance_officer', userPermissions: permissions, userUnreadMessageCount: 0,
      name: 'Fiona Finance', email: 'finance@homecare.test', userType: 'domiciliary', roleLabel: 'Finance officer', branches: [{ id: 1, name: 'Camden Domiciliary' }],
    } as CurrentUser,
  });
}

const funding: ClientFunding = {
  client_id: 4, funder_code_id: 1, purchase_order: 'PO-LBC-2026-0101', council_reference: 'LBC-040148', billing_name: '', billing_address: '', billing_email: '', notes: '',
  version: 1, updated_by_name: 'Fiona Finance', updated_at: '2026-11-02T10:00:00Z',
};
const answer: ClientFundingAnswer = {
  funding,
  funders: [
    { id: 1, code: 'LBC', name: 'London Borough of Camden', funder_type: 'local-authority' },
    { id: 4, code: 'PRIV', name: 'Private clients', funder_type: 'private' },
  ],
  client: { id: 4, name: 'Margaret Smith', branch_id: 1 },
};

beforeEach(() => {
  get.mockReset();
  put.mockReset();
  get.mockResolvedValue(ok(answer));
});

test('shows the funding and saves a change with the version it was opened at', async () => {
  signIn(['finance.view', 'finance.rates.edit']);
  put.mockResolvedValue(ok({ ...funding, funder_code_id: 4, billing_name: 'Mrs J Daughter', version: 2 }));
  render(withData(<FunderCodeTab clientId={4} />));
  expect(await screen.findByRole('heading', { name: 'Funding' })).toBeInTheDocument();
  await waitFor(() => expect(screen.getByLabelText(/Purchase order/)).toHaveValue('PO-LBC-2026-0101'));
  expect(screen.getByText(/by Fiona Finance/)).toBeInTheDocument();

  await userEvent.selectOptions(screen.getByLabelText(/Funder/), '4');
  await userEvent.type(screen.getByLabelText(/Billing name/), 'Mrs J Daughter');
  await userEvent.click(screen.getByRole('button', { name: 'Save funding details' }));
  await waitFor(() => expect(put).toHaveBeenCalled());
  expect(put.mock.calls[0]![0]).toBe('api/v1/finance/clients/4/funding');
  expect(put.mock.calls[0]![1]).toMatchObject({ version: 1, funder_code_id: 4, billing_name: 'Mrs J Daughter', purchase_order: 'PO-LBC-2026-0101' });
  expect(await screen.findByRole('status')).toHaveTextContent('Funding details saved.');
});

test('asks the API route for the funding, as the server mounts it, and shows it', async () => {
  signIn(['finance.view']);
  // Like the server: only the API route exists; a bare /finance/... path is "Not found".
  get.mockImplementation(async (path: string) =>
    path === 'api/v1/finance/clients/4/funding' ? ok(answer) : { data: null, error: true, message: 'Not found', errors: null, httpStatus: 404 },
  );
  render(withData(<FunderCodeTab clientId={4} />));
  expect(await screen.findByRole('heading', { name: 'Funding' })).toBeInTheDocument();
  await waitFor(() => expect(screen.getByLabelText(/Purchase order/)).toHaveValue('PO-LBC-2026-0101'));
  expect(screen.getByLabelText(/Council reference/)).toHaveValue('LBC-040148');
  expect(get.mock.calls[0]![0]).toBe('api/v1/finance/clients/4/funding');
  expect(screen.queryByText('Not found')).not.toBeInTheDocument();
});

test('shows the server’s field errors and a stale-version refusal', async () => {
  signIn(['finance.view', 'finance.rates.edit']);
  put.mockResolvedValueOnce({ data: null, error: true, message: 'The given data was invalid.', errors: { billing_email: ['Billing email must be an email address, like accounts@example.com.'] }, httpStatus: 422 });
  render(withData(<FunderCodeTab clientId={4} />));
  await waitFor(() => expect(screen.getByLabelText(/Purchase order/)).toHaveValue('PO-LBC-2026-0101'));
  await userEvent.click(screen.getByRole('button', { name: 'Save funding details' }));
  expect(await screen.findByText('Billing email must be an email address, like accounts@example.com.')).toBeInTheDocument();

  put.mockResolvedValueOnce({ data: null, error: true, message: 'The funding details were changed by someone else since you opened them.', errors: null, httpStatus: 409 });
  await userEvent.click(screen.getByRole('button', { name: 'Save funding details' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(/changed by someone else/);
});

test('the form checks an email before sending', async () => {
  signIn(['finance.view', 'finance.rates.edit']);
  render(withData(<FunderCodeTab clientId={4} />));
  await waitFor(() => expect(screen.getByLabelText(/Purchase order/)).toHaveValue('PO-LBC-2026-0101'));
  await userEvent.type(screen.getByLabelText(/Billing email/), 'not-an-email');
  await userEvent.click(screen.getByRole('button', { name: 'Save funding details' }));
  expect(await screen.findByText(/must be an email address/)).toBeInTheDocument();
  expect(put).not.toHaveBeenCalled();
});

test('without the rate editing permission the details are read-only', async () => {
  signIn(['finance.view']);
  render(withData(<FunderCodeTab clientId={4} />));
  await waitFor(() => expect(screen.getByLabelText(/Purchase order/)).toHaveValue('PO-LBC-2026-0101'));
  expect(screen.getByLabelText(/Purchase order/)).toBeDisabled();
  expect(screen.queryByRole('button', { name: 'Save funding details' })).not.toBeInTheDocument();
});
