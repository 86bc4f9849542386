import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { api } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import type { WorkforceToday } from '../../contract/today';
import DashboardPanels from '../DashboardPanels';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn() } };
});
const get = api.get as jest.Mock;
const ok = (data: unknown) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });

const answer: WorkforceToday = {
  date: '2026-11-25',
  checks: {
    count: 3,
    items: [
      { carer_id: 30, carer_name: 'Kwame Asante', branch_id: 1, check: 'dbs-update-service', label: 'DBS Update Service check', expires_on: '2026-10-02', blocks_rostering: true, tab: 'references-documents/dbs-documents' },
      { carer_id: 6, carer_name: 'Grace Okafor', branch_id: 1, check: 'business-insurance', label: 'Business car insurance', expires_on: '2026-11-15', blocks_rostering: false, tab: 'references-documents' },
      { carer_id: 29, carer_name: 'Tom Fletcher', branch_id: 1, check: 'dbs-update-service', label: 'DBS Update Service check', expires_on: null, blocks_rostering: true, tab: 'references-documents/dbs-documents' },
    ],
  },
  training: { count: 4, carers: 3, items: [{ carer_id: 26, carer_name: 'Aisha Bello', branch_id: 1, course: 'Safe handling of medicines', from: '2026-10-16', required_for: 'medication' }] },
};
const show = () => render(withData(<MemoryRouter><DashboardPanels extensionKey="workforce-today" /></MemoryRouter>));

beforeEach(() => get.mockReset());

test('"Lapsed checks" counts the lapsed checks and the training out of date in words, linking to their lists and to each carer’s file', async () => {
  get.mockResolvedValue(ok(answer));
  show();
  const panel = screen.getByRole('region', { name: 'Lapsed checks' });
  expect(await within(panel).findByRole('link', { name: '3 checks lapsed' })).toHaveAttribute('href', '/app/live-events/carers/file-alerts');
  expect(within(panel).getByRole('link', { name: '4 courses out of date for 3 carers' })).toHaveAttribute('href', '/app/carers/training-matrix');
  const files = within(within(panel).getByRole('region', { name: "Carers' files" })).getAllByRole('listitem');
  expect(files[0]).toHaveTextContent('Kwame Asante: DBS Update Service check lapsed Fri 2 Oct 2026 (needed to be rostered)');
  expect(within(files[0]!).getByRole('link', { name: 'Kwame Asante: DBS Update Service check' })).toHaveAttribute('href', '/app/carers/30/edit/references-documents/dbs-documents');
  expect(files[1]).not.toHaveTextContent('needed to be rostered');
  const training = within(panel).getByRole('region', { name: 'Training' });
  expect(within(training).getByRole('listitem')).toHaveTextContent('Aisha Bello: Safe handling of medicines out of date since Fri 16 Oct 2026 (needed for medication visits)');
  expect(within(training).getByRole('link', { name: 'Aisha Bello: Safe handling of medicines' })).toHaveAttribute('href', '/app/carers/26/edit/training');
  expect(get).toHaveBeenCalledWith('api/v1/workforce/today');
});

test('says plainly when nothing has lapsed; the notices panel is still its own key', async () => {
  get.mockResolvedValue(ok({ ...answer, checks: { count: 0, items: [] }, training: { count: 0, carers: 0, items: [] } }));
  show();
  expect(await screen.findByText("No check of a carer's file has lapsed.")).toBeInTheDocument();
  expect(screen.getByText("No carer's required training is out of date.")).toBeInTheDocument();
  expect(screen.queryByRole('link')).toBeNull();
  expect(screen.queryByRole('region', { name: 'Notices for you' })).toBeNull();
});
