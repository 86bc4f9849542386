import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { api } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import type { FinanceToday } from '../../contract/today';
import TodayPanel from './TodayPanel';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn() } };
});
const get = api.get as jest.Mock;
const ok = (data: unknown) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });
const show = () => render(withData(<MemoryRouter><TodayPanel /></MemoryRouter>));

beforeEach(() => get.mockReset());

test('counts the payments to allocate in words with the amount, linking to the allocation list and to each payment', async () => {
  const answer: FinanceToday = {
    date: '2026-11-25',
    to_allocate: {
      count: 2,
      unallocated_pence: 17_000,
      items: [
        { id: 4, branch_id: 1, payer_name: 'London Borough of Camden', payer_kind: 'funder', received_on: '2026-11-21', reference: 'BACS 4471', amount_pence: 5_000, unallocated_pence: 5_000 },
        { id: 5, branch_id: 1, payer_name: 'Margaret Ellison', payer_kind: 'client', received_on: '2026-11-24', reference: '', amount_pence: 15_000, unallocated_pence: 12_000 },
      ],
    },
  };
  get.mockResolvedValue(ok(answer));
  show();
  const panel = screen.getByRole('region', { name: 'Payments to allocate' });
  expect(await within(panel).findByRole('link', { name: '2 payments to allocate: £170.00 not yet allocated' })).toHaveAttribute('href', '/app/finance/allocation');
  const items = within(panel).getAllByRole('listitem');
  expect(items[0]).toHaveTextContent('London Borough of Camden (funder), received Sat 21 Nov 2026: £50.00 of £50.00 not allocated (BACS 4471)');
  expect(within(items[1]!).getByRole('link', { name: 'Margaret Ellison (private client), received Tue 24 Nov 2026' })).toHaveAttribute('href', '/app/finance/allocation/5');
  expect(items[1]).toHaveTextContent('£120.00 of £150.00 not allocated');
  expect(get).toHaveBeenCalledWith('api/v1/finance/today');
});

test('says plainly when no payment waits', async () => {
  get.mockResolvedValue(ok({ date: '2026-11-25', to_allocate: { count: 0, unallocated_pence: 0, items: [] } }));
  show();
  expect(await screen.findByText('No payment is waiting to be allocated.')).toBeInTheDocument();
  expect(screen.queryByRole('link')).toBeNull();
});
