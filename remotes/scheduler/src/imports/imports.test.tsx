import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '@hcm/kit';
import type { CsvImportDetail } from '../../contract/imports';
import { failed, ok, renderAt, signIn } from '../planning/testing';
import CsvImportScreens from './Screens';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;

const values = (client: string, date: string, extra: Record<string, string> = {}) => ({ client, date, start: '08:00', end: '08:30', carers_needed: '1', funder_code: '', carer_email: '', notes: '', ...extra });
const preview: CsvImportDetail = {
  id: 9, file_name: 'december.csv', branch_id: 1, branch: 'Camden Domiciliary', uploaded_by_name: 'Oliver Office', status: 'previewed',
  total_rows: 3, valid_rows: 2, imported_rows: 0, skipped_rows: 1, failure: '', created_at: '2026-11-24T10:00:00Z', imported_at: null,
  rows: [
    { line: 2, values: values('4857773456', '2026-12-07'), errors: [], client_id: 7, client_name: 'Margaret Evans', visit_id: null },
    { line: 3, values: values('9999999999', '2026-12-07'), errors: ['Unknown client: no client of your branches has NHS number or local-authority id “9999999999”.'], client_id: null, client_name: null, visit_id: null },
    { line: 4, values: values('4857773456', '2026-12-08', { start: '12:00', end: '12:45', carers_needed: '2' }), errors: [], client_id: 7, client_name: 'Margaret Evans', visit_id: null },
  ],
};
let current: CsvImportDetail;

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  signIn(['visits.view', 'visits.edit']);
  current = preview;
  get.mockImplementation((path: string) => (path === 'api/v1/visits/csv-imports/9' ? Promise.resolve(ok(current)) : Promise.resolve(failed(404, 'Not found'))));
});

test('the preview shows every row with its errors in words; confirming imports the valid ones and shows the report', async () => {
  post.mockImplementation(() => {
    current = { ...preview, status: 'imported', imported_rows: 2, rows: preview.rows.map((row) => (row.errors.length ? row : { ...row, visit_id: row.line * 10 })) };
    return Promise.resolve(ok(current, 'Imported 2 visits; 1 row skipped.'));
  });
  renderAt('/app/visits/csv-imports/*', <CsvImportScreens />, '/app/visits/csv-imports/9/edit');
  expect(await screen.findByRole('heading', { level: 1, name: 'Preview: december.csv' })).toBeInTheDocument();
  expect(screen.getByText(/2 can be imported, 1 will be skipped/)).toBeInTheDocument();
  const rows = within(screen.getByRole('table', { name: 'Every row of the file' })).getAllByRole('row');
  expect(within(rows[1]!).getByText('Will be imported')).toBeInTheDocument();
  expect(within(rows[2]!).getByText('Skipped:')).toBeInTheDocument();
  expect(within(rows[2]!).getByText(/Unknown client/)).toBeInTheDocument();
  expect(post).not.toHaveBeenCalled();

  await userEvent.click(screen.getByRole('button', { name: 'Import 2 valid visits' }));
  await waitFor(() => expect(post).toHaveBeenCalledWith('api/v1/visits/csv-imports/9/import', { confirm: true }));
  expect(await screen.findByText('Imported 2 visits; 1 row skipped.')).toBeInTheDocument();
  expect(await screen.findByRole('heading', { level: 1, name: 'Imported: december.csv' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '#20' })).toHaveAttribute('href', '/app/visits/20');
  expect(screen.queryByRole('button', { name: /Import/ })).not.toBeInTheDocument();
});

test('a failed import says nothing was imported', async () => {
  post.mockImplementation(() => {
    current = { ...preview, status: 'failed', failure: 'The import failed and was rolled back: nothing was imported.' };
    return Promise.resolve(failed(500, 'The import failed and was rolled back: nothing was imported. Try again; if it fails again, tell your administrator.'));
  });
  renderAt('/app/visits/csv-imports/*', <CsvImportScreens />, '/app/visits/csv-imports/9/edit');
  await userEvent.click(await screen.findByRole('button', { name: 'Import 2 valid visits' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('nothing was imported');
  expect(await screen.findByText(/Failed: nothing imported\./)).toBeInTheDocument();
});

test('uploading: the file is sent as text; a file the server cannot read says why on the file field', async () => {
  post.mockResolvedValue(failed(422, 'The given data was invalid.', { content: ['The first line must name the columns; missing: start, end.'] }));
  renderAt('/app/visits/csv-imports/*', <CsvImportScreens />, '/app/visits/csv-imports/add');
  expect(screen.getByRole('heading', { level: 1, name: 'Upload a CSV of visits' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Upload and preview' }));
  expect(await screen.findByText('Choose a file.')).toBeInTheDocument();
  const file = new File(['client,date\n1,2026-12-01\n'], 'visits.csv', { type: 'text/csv' });
  await userEvent.upload(screen.getByLabelText('CSV file'), file);
  await userEvent.click(screen.getByRole('button', { name: 'Upload and preview' }));
  await waitFor(() => expect(post).toHaveBeenCalledWith('api/v1/visits/csv-imports', { branch_id: 1, file_name: 'visits.csv', content: 'client,date\n1,2026-12-01\n' }));
  expect(await screen.findByText(/missing: start, end/)).toBeInTheDocument();
});
