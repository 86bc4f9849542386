import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CurrentUser } from '@hcm/contract';
import { api, uploadWithProgress, useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import type { UploadRow } from '../../contract';
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

const file = (overrides: Partial<UploadRow>): UploadRow => ({
  id: 1, client_id: 7, kind: 'document', upload_type_id: 6, upload_type: 'Care plan', title: 'Care plan agreement letter', description: '', file_name: 'care-plan.pdf',
  content_type: 'application/pdf', file_kind: 'pdf', size_bytes: 2300, uploaded_by_name: 'Oliver Office', uploaded_at: '2026-11-01T10:00:00Z', expires_on: null, expired: false, ...overrides,
});

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  upload.mockReset();
  get.mockImplementation((path: string) => {
    if (path.endsWith('upload-types')) return Promise.resolve(ok([{ id: 6, name: 'Care plan', expires: false, required: true, description: 'The signed support plan.' }]));
    return Promise.resolve(ok(page([file({}), file({ id: 2, title: 'Body map 1', file_name: 'body-map-1.png', content_type: 'image/png', file_kind: 'png' })])));
  });
  useSession.setState({
    status: 'authenticated',
    user: {
      userID: 2, userRole: 'office_staff', userPermissions: ['clients.view', 'clients.edit'], userUnreadMessageCount: 0,
      name: 'Oliver Office', email: 'office@homecare.test', userType: 'domiciliary', roleLabel: 'Office staff', branches: [{ id: 1, name: 'Camden' }],
    } as CurrentUser,
  });
});

function renderUploads() {
  const router = createMemoryRouter([{ path: '/app/clients/:id/uploads/*', element: <Uploads clientId={7} /> }], { initialEntries: ['/app/clients/7/uploads'] });
  render(withData(<RouterProvider router={router} />));
}

test('an image opens in the lightbox and a PDF in the PDF viewer', async () => {
  renderUploads();
  const table = await screen.findByRole('table', { name: 'Files on the record' });
  await userEvent.click(within(table).getByRole('button', { name: 'View Body map 1' }));
  const lightbox = screen.getByRole('dialog', { name: 'Preview: Body map 1' });
  expect(within(lightbox).getByRole('img', { name: 'Body map 1' })).toHaveAttribute('src', expect.stringContaining('api/v1/clients/7/uploads/2/file'));
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await userEvent.click(within(table).getByRole('button', { name: 'View Care plan agreement letter' }));
  expect(await screen.findByRole('region', { name: 'PDF: Care plan agreement letter' })).toHaveTextContent('api/v1/clients/7/uploads/1/file');
  expect(within(table).getByRole('link', { name: 'Download Care plan agreement letter' })).toHaveAttribute('href', expect.stringContaining('/uploads/1/file?download=1'));
});

test('a file of the wrong type or too large is refused before sending; the server’s refusal shows beside the file', async () => {
  renderUploads();
  await userEvent.click(await screen.findByRole('button', { name: 'Upload a file' }));
  const form = screen.getByRole('form', { name: 'Upload a file' });
  const input = within(form).getByLabelText('File');
  await userEvent.upload(input, new File(['MZ'], 'tool.exe', { type: 'application/octet-stream' }), { applyAccept: false });
  expect(within(form).getByRole('alert')).toHaveTextContent('Choose a PDF, JPEG, PNG, WebP, HEIC, Word (.docx) file.');
  const big = new File(['x'], 'scan.pdf', { type: 'application/pdf' });
  Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
  await userEvent.upload(input, big);
  expect(within(form).getByRole('alert')).toHaveTextContent('The file is larger than 10 MB.');

  upload.mockResolvedValue({ data: null, error: true, message: 'The given data was invalid.', errors: { file: ['The file’s content is a PNG image, but its name ends in ".pdf".'] }, httpStatus: 422 });
  await userEvent.upload(input, new File(['%PDF-'], 'letter.pdf', { type: 'application/pdf' }));
  await userEvent.selectOptions(within(form).getByLabelText('Type of document'), 'Care plan');
  await userEvent.click(within(form).getByRole('button', { name: 'Upload' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent('content is a PNG image');
  expect(within(form).getByLabelText('Title')).toHaveValue('letter');
  const [url, body] = upload.mock.calls[0] as [string, FormData];
  expect(url).toBe('api/v1/clients/7/uploads');
  expect(body.get('upload_type_id')).toBe('6');
  expect((body.get('file') as File).name).toBe('letter.pdf');
});

test('removing a file asks why', async () => {
  post.mockResolvedValue(ok(file({}), 'File removed from the record.'));
  renderUploads();
  const table = await screen.findByRole('table', { name: 'Files on the record' });
  await userEvent.click(within(table).getByRole('button', { name: 'Remove Care plan agreement letter' }));
  const form = screen.getByRole('form', { name: 'Remove Care plan agreement letter' });
  await userEvent.type(within(form).getByLabelText('Reason for removing it'), 'Uploaded to the wrong client.');
  await userEvent.click(within(form).getByRole('button', { name: 'Remove' }));
  await waitFor(() => expect(post).toHaveBeenCalledWith('api/v1/clients/7/uploads/1/remove', { reason: 'Uploaded to the wrong client.' }));
});
