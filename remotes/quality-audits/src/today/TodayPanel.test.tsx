import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { api } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import type { QualityToday } from '../../contract/today';
import TodayPanel from './TodayPanel';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn() } };
});
const get = api.get as jest.Mock;
const ok = (data: unknown) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });
const show = () => render(withData(<MemoryRouter><TodayPanel /></MemoryRouter>));

beforeEach(() => get.mockReset());

test('counts the CQC notifications not yet submitted in words, linking to the register and to each draft', async () => {
  const answer: QualityToday = {
    date: '2026-11-25',
    cqc_drafts: {
      count: 1,
      items: [{ id: 53, reference: 'CQC-0003', branch_id: 1, branch: 'Camden Domiciliary', headline: 'Abuse or allegation of abuse', occurred_on: '2026-11-19', summary: 'Allegation that a carer shouted at a client.', days_since: 6 }],
    },
  };
  get.mockResolvedValue(ok(answer));
  show();
  const panel = screen.getByRole('region', { name: 'CQC notifications to submit' });
  expect(await within(panel).findByRole('link', { name: '1 CQC notification not yet submitted' })).toHaveAttribute('href', '/app/quality-assurance/cqc-notifications');
  expect(within(panel).getByRole('link', { name: 'CQC-0003: Abuse or allegation of abuse' })).toHaveAttribute('href', '/app/quality-assurance/cqc-notifications/53/edit');
  expect(within(panel).getByRole('listitem')).toHaveTextContent('the event was 6 days ago (Camden Domiciliary). Allegation that a carer shouted at a client.');
  expect(get).toHaveBeenCalledWith('api/v1/quality-audits/today');
});

test('says plainly when no notification waits', async () => {
  get.mockResolvedValue(ok({ date: '2026-11-25', cqc_drafts: { count: 0, items: [] } }));
  show();
  expect(await screen.findByText('No CQC notification is waiting to be submitted.')).toBeInTheDocument();
  expect(screen.queryByRole('link')).toBeNull();
});
