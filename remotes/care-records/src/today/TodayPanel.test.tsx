import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { api } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import type { CareRecordsToday, OverdueReview } from '../../contract/today';
import TodayPanel from './TodayPanel';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn() } };
});
const get = api.get as jest.Mock;
const ok = (data: unknown) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });

const review = (id: number, extra: Partial<OverdueReview> = {}): OverdueReview => ({
  document_id: id, client_id: 3, client_name: 'Irene Kaur', branch_id: 1, kind: 'risk-assessment-general', title: 'General risk assessment',
  tab: 'risk-assessment/general', due_on: '2026-11-05', days_overdue: 20, ...extra,
});
const answer = (overdue: CareRecordsToday['reviews_overdue']): CareRecordsToday => ({ date: '2026-11-25', reviews_overdue: overdue });
const show = () => render(withData(<MemoryRouter><TodayPanel /></MemoryRouter>));

beforeEach(() => get.mockReset());

test('says how many reviews are overdue, care plans and assessments each linking to their list, the most overdue first', async () => {
  get.mockResolvedValue(ok(answer({ count: 3, care_plans: 1, assessments: 2, items: [review(8, { kind: 'support-plan', title: 'Support plan', tab: 'support-plan', client_name: 'Desmond Achebe', client_id: 2, due_on: '2026-10-21', days_overdue: 35 }), review(9), review(10, { days_overdue: 1, due_on: '2026-11-24' })] })));
  show();
  const panel = screen.getByRole('region', { name: 'Reviews overdue' });
  expect(await within(panel).findByText('3 reviews overdue')).toBeInTheDocument();
  expect(within(panel).getByRole('link', { name: '1 care plan overdue for review' })).toHaveAttribute('href', '/app/clients/reviews');
  expect(within(panel).getByRole('link', { name: '2 assessments overdue for review' })).toHaveAttribute('href', '/app/live-events/clients/assessment-alerts?alert=overdue');
  const first = within(within(panel).getByRole('list', { name: 'Most overdue' })).getAllByRole('listitem');
  expect(first[0]).toHaveTextContent('Desmond Achebe: Support plan 35 days overdue (due Wed 21 Oct 2026)');
  expect(within(first[0]!).getByRole('link', { name: 'Desmond Achebe: Support plan' })).toHaveAttribute('href', '/app/clients/2/support-plan');
  expect(first[2]).toHaveTextContent('1 day overdue (due Tue 24 Nov 2026)');
  expect(get).toHaveBeenCalledWith('api/v1/care-records/today');
});

test('without care plans overdue, no care-plan link; with none overdue, says so plainly', async () => {
  get.mockResolvedValueOnce(ok(answer({ count: 1, care_plans: 0, assessments: 1, items: [review(9)] })));
  const { unmount } = show();
  expect(await screen.findByRole('link', { name: '1 assessment overdue for review' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: /care plan/ })).toBeNull();
  unmount();
  get.mockResolvedValueOnce(ok(answer({ count: 0, care_plans: 0, assessments: 0, items: [] })));
  show();
  expect(await screen.findByText('No care plan or assessment is overdue for review.')).toBeInTheDocument();
  expect(screen.queryByRole('link')).toBeNull();
});
