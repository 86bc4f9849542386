import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '@hcm/kit';
import type { ReviewItem } from './model';
import { ReviewList } from './ReviewList';
import { ok, refused, renderRouted, signIn } from './test-fixtures';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
const get = api.get as jest.Mock;

const overdue: ReviewItem[] = [
  { owner_id: 7, owner_name: 'Margaret Ellison', kind: 'nutrition', title: 'Nutrition (MUST)', id: 31, review_date: '2026-01-04', review_state: 'overdue' },
  { owner_id: 9, owner_name: 'Arthur Price', kind: 'mental-capacity-risk-assessment', title: 'Best-interests risk assessment', id: 35, review_date: '2026-01-11', review_state: 'overdue' },
];
const due: ReviewItem[] = [{ owner_id: 7, owner_name: 'Margaret Ellison', kind: 'support-plan', title: 'Support plan', id: 12, review_date: '2026-02-20', review_state: 'due' }];

beforeEach(() => {
  get.mockReset();
  signIn();
});

const linkTo = (review: ReviewItem) => `/app/clients/${review.owner_id}/${review.kind === 'mental-capacity-risk-assessment' ? 'mental-capacity/risk-assessment' : review.kind}`;

it('lists overdue and due reviews, soonest first, each linking to its document on the record', async () => {
  const user = userEvent.setup();
  get.mockImplementation((_path: string, params: { state: string }) => Promise.resolve(ok(params.state === 'overdue' ? overdue : due)));
  const { router } = renderRouted(<ReviewList path="clients/documents/reviews" linkTo={linkTo} />, { route: '/app/reviews' });
  expect(get).toHaveBeenCalledWith('api/v1/clients/documents/reviews', { state: 'overdue' });
  expect(get).toHaveBeenCalledWith('api/v1/clients/documents/reviews', { state: 'due' });

  const overdueTable = await screen.findByRole('table', { name: 'Reviews overdue, soonest first' });
  const rows = within(overdueTable).getAllByRole('row').slice(1);
  expect(rows[0]).toHaveTextContent('Margaret EllisonNutrition (MUST) for Margaret EllisonSun 4 Jan 2026Review overdue');
  expect(within(rows[1]!).getByRole('link', { name: 'Best-interests risk assessment for Arthur Price' })).toHaveAttribute('href', '/app/clients/9/mental-capacity/risk-assessment');
  const dueTable = screen.getByRole('table', { name: 'Reviews due in the next 14 days, soonest first' });
  expect(within(dueTable).getByText('Review due')).toBeInTheDocument();

  await user.click(within(dueTable).getByRole('link', { name: 'Support plan for Margaret Ellison' }));
  expect(router.state.location.pathname).toBe('/app/clients/7/support-plan');
});

it('says when nothing is due, and tells a failure with a retry', async () => {
  get.mockImplementation((_path: string, params: { state: string }) => Promise.resolve(params.state === 'overdue' ? ok([]) : refused(500, 'The server failed.')));
  renderRouted(<ReviewList path="clients/documents/reviews" linkTo={linkTo} ownerHeading="Carer" />, { route: '/app/reviews' });
  expect(await screen.findByText('No reviews are overdue.')).toBeInTheDocument();
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('The server failed.');
  expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
});
