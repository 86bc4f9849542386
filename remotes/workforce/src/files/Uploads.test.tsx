import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CurrentUser } from '@hcm/contract';
import { api, uploadWithProgress, useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import type { StaffUploadRow } from '../../contract/files';
import Uploads from './Uploads';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, uploadWithProgress: jest.fn(), api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
jest.mock('@hcm/kit/pdf', () => ({
  PdfViewer: ({ file, title }: { file: string; title: string }) => <section aria-label={`PDF: ${title}`}>{file}</section>,
}));
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;
const upload = uploadWithProgress as jest.Mock;
const ok = (data: unknown, message = 'OK') => ({ data, error: false, message, errors: null, httpStatus: 200 });
const page = <T,>(rows: T[]) => ({ data: rows, total: rows.length, page: 1, page_size: 20, last_page: 1 });

const row = (overrides: Partial<StaffUploadRow>): StaffUploadRow => ({
  id: 1, upload_type_id: 4, upload_type: 'Enhanced DBS certificate', title: 'DBS certificate', file_name: 'dbs.pdf', content_type: 'application/pdf', file_kind: 'pdf',
  size_bytes: 52_000, uploaded_by_name: 'Oliver Office', uploaded_at: '2026-11-01T10:00:00Z', expires_on: '2026-10-31', expired: true, replaces_id: null, ...overrides,
});

function signIn(permissions: string[]) {
  useSession.setState({
    status: 'authenticated',
    user: {
      userID: 2, userRole: 'office_staff', userPermissions: permissions, userUnreadMessageCount: 0,
      name: 'Oliver Office', email: 'office@homecare.test', userType: 'domiciliary', roleLabel: 'Office staff', branches: [{ id: 1, name: 'Camden' }],
    } as CurrentUser,
  });
}

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  upload.mockReset();
  get.mockImplementation((path: string) => {
    if (path.endsWith('upload-types')) return Promise.resolve(ok({ types: [{ id: 4, name: 'Enhanced DBS certificate', expires: true, required: true, description: 'With the barred-list check.' }], max_mb: 5 }));
    return Promise.resolve(ok(page([row({}), row({ id: 2, title: 'Passport photo page', file_name: 'passport.png', content_type: 'image/png', file_kind: 'png', expires_on: null, expired: false })])));
  });
  signIn(['carers.view', 'carers.edit']);
});

function renderUploads() {
  const router = createMemoryRouter([{ path: '/app/carers/:id/edit/uploads/*', element: <Uploads owner="carers" ownerId={7} ownerName="Tom Fletcher" /> }], { initialEntries: ['/app/carers/7/edit/uploads'] });
  render(withData(<RouterProvider router={router} />));
}

test('the list says in words which document expired; downloads go through the audited file route', async () => {
  renderUploads();
  expect(await screen.findByRole('heading', { level: 2, name: 'Uploads' })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: 'Documents on the file' });
  expect(within(table).getByText('(expired)')).toBeInTheDocument();
  expect(within(table).getByText('Does not expire')).toBeInTheDocument();
  expect(within(table).getByRole('link', { name: 'Download DBS certificate' })).toHaveAttribute('href', expect.stringContaining('api/v1/carers/7/uploads/1/file?download=1'));
});

test('the size limit comes from the server; a refused file shows beside the file and the typed title stays', async () => {
  renderUploads();
  await userEvent.click(await screen.findByRole('button', { name: 'Upload a document' }));
  const form = screen.getByRole('form', { name: 'Upload a document' });
  const input = within(form).getByLabelText('File');
  expect(within(form).getByText(/at most 5 MB/)).toBeInTheDocument();
  const big = new File(['x'], 'scan.pdf', { type: 'application/pdf' });
  Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
  await userEvent.upload(input, big);
  expect(within(form).getByRole('alert')).toHaveTextContent('The file is larger than 5 MB.');
  await userEvent.upload(input, new File(['MZ'], 'tool.exe'), { applyAccept: false });
  expect(within(form).getByRole('alert')).toHaveTextContent('Choose a PDF, JPEG, PNG, HEIC, Word (.docx) file.');

  upload.mockResolvedValue({ data: null, error: true, message: 'The given data was invalid.', errors: { file: ['The file’s content is a PNG image, but its name ends in ".pdf".'] }, httpStatus: 422 });
  await userEvent.upload(input, new File(['%PDF-'], 'certificate.pdf', { type: 'application/pdf' }));
  await userEvent.clear(within(form).getByLabelText('Title'));
  await userEvent.type(within(form).getByLabelText('Title'), 'DBS certificate 2026');
  await userEvent.selectOptions(within(form).getByLabelText('Type of document'), 'Enhanced DBS certificate');
  await userEvent.click(within(form).getByRole('button', { name: 'Upload' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent('content is a PNG image');
  expect(within(form).getByLabelText('Title')).toHaveValue('DBS certificate 2026');
  const [url, body] = upload.mock.calls[0] as [string, FormData];
  expect(url).toBe('api/v1/carers/7/uploads');
  expect(body.get('upload_type_id')).toBe('4');
  expect((body.get('file') as File).name).toBe('certificate.pdf');

  upload.mockResolvedValue({ data: null, error: true, message: 'The file is larger than 5 MB.', errors: { file: ['The file is larger than 5 MB, this agency\'s limit.'] }, httpStatus: 413 });
  await userEvent.click(within(form).getByRole('button', { name: 'Upload' }));
  await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent('this agency\'s limit'));
  expect(within(form).getByLabelText('Title')).toHaveValue('DBS certificate 2026');
});

test('removing asks why; without carers.edit there is nothing to change', async () => {
  post.mockResolvedValue(ok(row({}), 'File removed from the file.'));
  renderUploads();
  const table = await screen.findByRole('table', { name: 'Documents on the file' });
  await userEvent.click(within(table).getByRole('button', { name: 'Remove DBS certificate' }));
  const form = screen.getByRole('form', { name: 'Remove DBS certificate' });
  await userEvent.type(within(form).getByLabelText('Reason for removing it'), 'Wrong carer.');
  await userEvent.click(within(form).getByRole('button', { name: 'Remove' }));
  await waitFor(() => expect(post).toHaveBeenCalledWith('api/v1/carers/7/uploads/1/remove', { reason: 'Wrong carer.' }));
});

test('a reader sees the documents without the buttons to change them', async () => {
  signIn(['carers.view']);
  renderUploads();
  const table = await screen.findByRole('table', { name: 'Documents on the file' });
  expect(within(table).queryByRole('button', { name: /Remove|Replace/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Upload a document' })).not.toBeInTheDocument();
});
