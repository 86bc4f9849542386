import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CurrentUser } from '@hcm/contract';
import { api, useRuntime, useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import Screens from './Screens';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn() } };
});
// The viewer (pdf.js) cannot run in jsdom: this one says what it was given and keeps the real one's download link.
jest.mock('@hcm/kit/pdf', () => ({
  PdfViewer: ({ file, downloadUrl, title, downloadName }: { file: string | Uint8Array; downloadUrl?: string; title: string; downloadName?: string }) => (
    <section aria-label={`PDF: ${title}`}>
      {typeof file === 'string' ? `fetches ${file}` : `shows ${new TextDecoder().decode(file)}`}
      <a href={typeof file === 'string' ? file : downloadUrl} download={downloadName}>Download {title} (PDF)</a>
    </section>
  ),
}));
const get = api.get as jest.Mock;
const fetchMock = jest.fn();

const pdfAnswer = () => ({ ok: true, status: 200, arrayBuffer: async () => new TextEncoder().encode('%PDF-1.7').buffer, json: async () => null });
const errorAnswer = (status: number, message: string, errors: Record<string, string[]> | null = null) => ({
  ok: false,
  status,
  arrayBuffer: async () => new ArrayBuffer(0),
  json: async () => ({ status: false, message, errors, data: null }),
});

function renderAt(path: string, prefix: string) {
  const router = createMemoryRouter([{ path: `/app/${prefix}/*`, element: <Screens prefix={prefix} /> }], { initialEntries: [path] });
  render(withData(<RouterProvider router={router} />));
  return router;
}

beforeAll(() => {
  useRuntime.setState({ registry: { ...useRuntime.getState().registry, apiUrl: 'http://api.test' } });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  URL.createObjectURL = jest.fn(() => 'blob:printed-pdf');
  URL.revokeObjectURL = jest.fn();
});

beforeEach(() => {
  fetchMock.mockReset();
  get.mockReset();
  get.mockResolvedValue({ data: [{ id: 3, code: 'LBC', name: 'London Borough of Camden' }], error: false, message: 'OK', errors: null, httpStatus: 200 });
  useSession.setState({
    status: 'authenticated',
    user: {
      userID: 9, userRole: 'finance_officer', userPermissions: ['finance.view'], userUnreadMessageCount: 0, name: 'Fiona Finance', email: 'finance@homecare.test',
      userType: 'domiciliary', roleLabel: 'Finance officer', branches: [{ id: 1, name: 'Camden Domiciliary' }, { id: 2, name: 'Leeds Supported Living' }],
    } as CurrentUser,
  });
});

test('an invoice shows the server PDF in the viewer with a download, and the layout picker opens a regional variant', async () => {
  fetchMock.mockResolvedValue(pdfAnswer());
  const router = renderAt('/app/scheduler/invoice/INV-2026-27-000012', 'scheduler/invoice');
  expect(screen.getByRole('heading', { level: 1, name: 'Invoice INV-2026-27-000012' })).toBeInTheDocument();
  // The viewer gets the fetched bytes, not the blob: URL (the CSP's connect-src would stop it fetching that).
  const viewer = await screen.findByRole('region', { name: 'PDF: Invoice INV-2026-27-000012' });
  expect(viewer).toHaveTextContent('shows %PDF-1.7');
  expect(viewer).not.toHaveTextContent('fetches');
  // One download link, the viewer's, saving the object URL of those bytes.
  const downloads = screen.getAllByRole('link', { name: /^Download Invoice INV-2026-27-000012/ });
  expect(downloads).toHaveLength(1);
  expect(downloads[0]).toHaveAccessibleName('Download Invoice INV-2026-27-000012 (PDF)');
  expect(downloads[0]).toHaveAttribute('href', 'blob:printed-pdf');
  expect(downloads[0]).toHaveAttribute('download', 'INV-2026-27-000012.pdf');
  expect(fetchMock).toHaveBeenCalledWith('http://api.test/api/v1/finance/print/invoices/INV-2026-27-000012.pdf', expect.objectContaining({ credentials: 'include' }));

  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Layout' }), 'local-authority');
  expect(router.state.location.pathname).toBe('/app/scheduler/invoice/INV-2026-27-000012/local-authority');
  await waitFor(() => expect(fetchMock).toHaveBeenLastCalledWith('http://api.test/api/v1/finance/print/invoices/INV-2026-27-000012.pdf?variant=local-authority', expect.anything()));
  expect(screen.getByRole('combobox', { name: 'Layout' })).toHaveValue('local-authority');
});

test('an unknown invoice number gets a clear message and no viewer', async () => {
  fetchMock.mockResolvedValueOnce(errorAnswer(404, 'No such invoice.'));
  renderAt('/app/scheduler/invoice/INV-NOPE', 'scheduler/invoice');
  expect(await screen.findByRole('alert')).toHaveTextContent('Invoice INV-NOPE was not found.');
  expect(screen.queryByRole('region', { name: /PDF/ })).not.toBeInTheDocument();
});

test('a credit note without finance.view is refused in words', async () => {
  fetchMock.mockResolvedValueOnce(errorAnswer(403, 'This action is unauthorized.'));
  renderAt('/app/scheduler/credit-note/CN-2026-27-000002', 'scheduler/credit-note');
  expect(screen.getByRole('heading', { level: 1, name: 'Credit note CN-2026-27-000002' })).toBeInTheDocument();
  expect(await screen.findByRole('alert')).toHaveTextContent('your role needs the “See finance” permission');
});

test('the invoices bundle keeps its period, funder and branch in the address and asks the server for them', async () => {
  fetchMock.mockResolvedValue(pdfAnswer());
  const router = renderAt('/app/scheduler/invoices?from=2026-03-01&to=2026-03-31', 'scheduler/invoices');
  expect(screen.getByRole('heading', { level: 1, name: 'All invoices' })).toBeInTheDocument();
  expect(await screen.findByRole('region', { name: 'PDF: Invoices Sun 1 Mar 2026 to Tue 31 Mar 2026' })).toBeInTheDocument();
  expect(screen.getByLabelText('Issued from')).toHaveValue('2026-03-01');

  await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Funder' }), await screen.findByRole('option', { name: 'London Borough of Camden (LBC)' }));
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Branch' }), 'Leeds Supported Living');
  expect(router.state.location.search).toBe('?from=2026-03-01&to=2026-03-31&funder_code_id=3&branch_id=2');
  await waitFor(() =>
    expect(fetchMock).toHaveBeenLastCalledWith('http://api.test/api/v1/finance/print/invoices.pdf?from=2026-03-01&to=2026-03-31&funder_code_id=3&branch_id=2', expect.anything()),
  );
});

test('a bad period on the credit notes bundle shows what to correct', async () => {
  fetchMock.mockResolvedValue(errorAnswer(422, 'The given data was invalid.', { to: ['The end of the period must not be before its start.'] }));
  renderAt('/app/scheduler/credit-notes?from=2026-03-31&to=2026-03-01', 'scheduler/credit-notes');
  expect(screen.getByRole('heading', { level: 1, name: 'All credit notes' })).toBeInTheDocument();
  expect(await screen.findByRole('list', { name: 'What to correct' })).toHaveTextContent('The end of the period must not be before its start.');
});

test('the credited invoices bundle asks for its own PDF', async () => {
  fetchMock.mockResolvedValue(pdfAnswer());
  renderAt('/app/scheduler/credit-invoices?from=2026-02-01&to=2026-02-28', 'scheduler/credit-invoices');
  expect(screen.getByRole('heading', { level: 1, name: 'Credited invoices' })).toBeInTheDocument();
  await waitFor(() => expect(fetchMock).toHaveBeenLastCalledWith('http://api.test/api/v1/finance/print/credit-invoices.pdf?from=2026-02-01&to=2026-02-28', expect.anything()));
});

test('the client statement keeps its period in the address', async () => {
  fetchMock.mockResolvedValue(pdfAnswer());
  const router = renderAt('/app/scheduler/client-statement/7?from=2026-01-01&to=2026-03-31', 'scheduler/client-statement');
  expect(screen.getByRole('heading', { level: 1, name: 'Client statement' })).toBeInTheDocument();
  expect(await screen.findByRole('region', { name: 'PDF: Statement Thu 1 Jan 2026 to Tue 31 Mar 2026' })).toBeInTheDocument();
  expect(fetchMock).toHaveBeenLastCalledWith('http://api.test/api/v1/finance/print/statements/client/7.pdf?from=2026-01-01&to=2026-03-31', expect.anything());
  const from = screen.getByLabelText('From');
  await userEvent.clear(from);
  await userEvent.type(from, '2026-02-01');
  await waitFor(() => expect(router.state.location.search).toBe('?from=2026-02-01&to=2026-03-31'));
});
