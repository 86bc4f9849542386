import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '@hcm/kit';
import type { UtilityChoices } from '../../contract/utility';
import { ok, renderAt, signIn } from '../planning/testing';
import VisitUtilities from './Screens';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;

const choices: UtilityChoices = {
  branches: [{ id: 1, name: 'Camden Domiciliary' }],
  clients: [{ id: 7, name: 'Margaret Evans', branch_id: 1 }],
  funder_codes: [{ id: 1, code: 'CAM-LA', name: 'Camden Council' }, { id: 2, code: 'CHC', name: 'NHS Continuing Healthcare' }],
  npc_codes: [],
};

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  get.mockResolvedValue(ok(choices));
});

test('moving a funder code: preview the visits with their count, then apply to exactly those', async () => {
  signIn(['visits.view', 'visits.correct']);
  post.mockImplementation((path: string) =>
    path.endsWith('/preview')
      ? Promise.resolve(ok({ count: 2, summary: 'Would change 2 visits from 2026-10-27 to 2026-11-24 from funder code CAM-LA to CHC.', visits: [11, 12].map((id) => ({ id, date: '2026-11-02', start_time: '08:00', client_name: 'Margaret Evans', status: 'completed', funder_code: 'CAM-LA', npc_code: null })) }))
      : Promise.resolve(ok({ count: 2, summary: 'Changed 2 visits from 2026-10-27 to 2026-11-24 from funder code CAM-LA to CHC.' })),
  );
  renderAt('/app/utility/visit/*', <VisitUtilities />, '/app/utility/visit/move-funder-code');
  expect(await screen.findByRole('heading', { level: 1, name: 'Move funder code' })).toBeInTheDocument();
  await userEvent.selectOptions(await screen.findByLabelText('From funder code'), '1');
  await userEvent.selectOptions(screen.getByLabelText('To funder code'), '2');
  await userEvent.click(screen.getByRole('button', { name: 'Preview the visits affected' }));
  const affected = await screen.findByRole('region', { name: 'Visits affected' });
  expect(within(affected).getByRole('heading', { name: '2 visits affected' })).toBeInTheDocument();
  expect(within(affected).getAllByRole('row')).toHaveLength(3);
  await userEvent.click(within(affected).getByRole('button', { name: 'Apply to these 2 visits' }));
  await waitFor(() => expect(post).toHaveBeenLastCalledWith('api/v1/utility/visits/move-funder-code', expect.objectContaining({ from_funder_code_id: 1, to_funder_code_id: 2, visit_ids: ['11', '12'] })));
  expect(await screen.findByRole('status')).toHaveTextContent('Changed 2 visits');
});

test('without visits.correct the screen says who may use it', () => {
  signIn(['visits.view', 'visits.edit']);
  renderAt('/app/utility/visit/*', <VisitUtilities />, '/app/utility/visit/mark-npc-code');
  expect(screen.getByRole('heading', { level: 1, name: 'Mark NPC code' })).toBeInTheDocument();
  expect(screen.getByText(/for managers \(visits.correct\)/)).toBeInTheDocument();
  expect(get).not.toHaveBeenCalled();
});
