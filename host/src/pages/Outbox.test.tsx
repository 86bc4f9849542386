import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { api } from '@hcm/kit';
import { LinkifiedText, Outbox, OutboxMessage } from './Outbox';
import { withData } from '@hcm/kit/testing';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn() } };
});
const get = api.get as jest.Mock;
const ok = (data: unknown) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200 });

const ROW = { id: 5, to_address: 'jo@homecare.test', subject: 'Reset your password', transport: 'outbox', status: 'stored', created_at: '2026-03-01T09:00:00Z', sent_at: null };

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/app/outbox', element: <Outbox /> },
      { path: '/app/outbox/:id', element: <OutboxMessage /> },
    ],
    { initialEntries: [path] },
  );
  render(withData(<RouterProvider router={router} />));
}

beforeEach(() => get.mockReset());

test('lists the emails, searches, and opens one with its links clickable', async () => {
  get.mockImplementation((path: string) =>
    Promise.resolve(
      path === 'api/v1/mail-outbox'
        ? ok({ data: [ROW], total: 1, page: 1, page_size: 10, last_page: 1 })
        : ok({ ...ROW, text_body: 'Open https://care.example/reset-password/abc?email=jo%40homecare.test to continue.', html_body: null, error: null, attachments: [] }),
    ),
  );
  renderAt('/app/outbox');
  const table = await screen.findByRole('table', { name: 'Emails' });
  expect(within(table).getByText('jo@homecare.test')).toBeInTheDocument();

  await userEvent.type(screen.getByLabelText('Search by address or subject'), 'jo@');
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  expect(get).toHaveBeenLastCalledWith('api/v1/mail-outbox', { page: 1, page_size: 10, search: 'jo@' });

  await userEvent.click(within(table).getByRole('link', { name: 'Reset your password' }));
  const link = await screen.findByRole('link', { name: 'https://care.example/reset-password/abc?email=jo%40homecare.test' });
  expect(link).toHaveAttribute('href', 'https://care.example/reset-password/abc?email=jo%40homecare.test');
  expect(get).toHaveBeenLastCalledWith('api/v1/mail-outbox/5');
});

test('an email that carried files lists each, downloadable as it was sent, with its size', async () => {
  get.mockResolvedValue(
    ok({ ...ROW, subject: 'Invoice INV-0042', text_body: 'Your invoice is attached.', html_body: null, error: null, attachments: [{ position: 0, filename: 'INV-0042.pdf', content_type: 'application/pdf', size: 48_213 }] }),
  );
  renderAt('/app/outbox/5');
  const files = await screen.findByRole('list', { name: 'Attachments' });
  const link = within(files).getByRole('link', { name: 'INV-0042.pdf' });
  expect(link).toHaveAttribute('href', '/api/v1/mail-outbox/5/attachments/0');
  expect(link).toHaveAttribute('download', 'INV-0042.pdf');
  expect(files).toHaveTextContent('INV-0042.pdf (47 KB)');
});

test('an email without files shows no attachments', async () => {
  get.mockResolvedValue(ok({ ...ROW, text_body: 'Hello', html_body: null, error: null, attachments: [] }));
  renderAt('/app/outbox/5');
  expect(await screen.findByText('Hello')).toBeInTheDocument();
  expect(screen.queryByRole('list', { name: 'Attachments' })).not.toBeInTheDocument();
});

test('only http and https addresses become links', () => {
  render(<LinkifiedText text={'See javascript:alert(1) and http://a.example/x, then mailto:x@y'} />);
  const links = screen.getAllByRole('link');
  expect(links.map((link) => link.getAttribute('href'))).toEqual(['http://a.example/x,']);
});
