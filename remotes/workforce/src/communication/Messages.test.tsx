import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CarerThread, FamilyThread, MessageRow } from '@hcm/contract/schemas';
import { api, useAlerts, useSession } from '@hcm/kit';
import { CarerThreadScreen } from './CarerMessages';
import { FamilyThreadScreen } from './FamilyMessages';
import { withData } from '@hcm/kit/testing';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn() } };
});
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;
const answer = (data: unknown, extra: object = {}) => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200, ...extra });

const inbound: MessageRow = {
  id: 1, direction: 'inbound', channel: 'phone', subject: 'Running late', body: 'Her bus is cancelled.', recorded_by: { id: 2, name: 'Oliver Office' },
  mail_id: null, delivery_status: null, delivery_error: null, delivery_at: null, created_at: '2026-03-02T08:00:00Z', read_at: null,
};
const failedEmail: MessageRow = {
  ...inbound, id: 4, direction: 'outbound', channel: 'email', subject: 'Training day', body: 'Training is on Friday.', mail_id: 12,
  delivery_status: 'failed', delivery_error: 'Mailbox unavailable', delivery_at: '2026-03-02T09:00:00Z',
};
const thread: CarerThread = {
  carer: { id: 6, name: 'Aisha Bello', email: 'aisha.bello@homecare.test', branches: ['Camden Domiciliary'], disabled: false, unread_count: 0, last_message_at: inbound.created_at },
  messages: [inbound],
};

function signIn(permissions: string[]) {
  useSession.setState({
    status: 'authenticated',
    user: { userID: 2, userRole: 'office_staff', userPermissions: permissions, userUnreadMessageCount: 0, name: 'Oliver Office', email: 'office@homecare.test', userType: 'domiciliary', roleLabel: 'Office staff', branches: [{ id: 1, name: 'Camden Domiciliary' }] },
  });
}

function renderCarerThread() {
  const router = createMemoryRouter([{ path: '/app/communication/carer-messages/:carerId', element: <CarerThreadScreen /> }], {
    initialEntries: ['/app/communication/carer-messages/6'],
  });
  render(withData(<RouterProvider router={router} />));
}

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  useAlerts.setState({ alerts: [] });
  get.mockResolvedValue(answer(thread));
});

describe('a carer thread', () => {
  it('shows the messages, the unopened inbound ones marked new, then marks them read with a POST (the GET changes nothing)', async () => {
    signIn(['carer-messages.view', 'carer-messages.send']);
    renderCarerThread();
    const list = await screen.findByRole('list', { name: 'Messages with Aisha Bello' });
    const item = within(list).getByRole('listitem');
    expect(item).toHaveTextContent('From Aisha Bello · Phone call');
    expect(within(item).getByText('New')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('api/v1/communication/carer-messages/carers/6', {});
    await waitFor(() => expect(post).toHaveBeenCalledWith('api/v1/communication/carer-messages/carers/6/read'));
    expect(post).toHaveBeenCalledTimes(1);
    // The thread on screen keeps its "New" mark for this visit.
    expect(within(item).getByText('New')).toBeInTheDocument();
  });

  it('marks nothing read when the thread has nothing new, nor when a message is logged from this screen', async () => {
    signIn(['carer-messages.view', 'carer-messages.send']);
    get.mockResolvedValue(answer({ ...thread, messages: [{ ...inbound, read_at: '2026-03-02T08:30:00Z' }] }));
    renderCarerThread();
    await screen.findByRole('list', { name: 'Messages with Aisha Bello' });
    const logged: MessageRow = { ...inbound, id: 3, body: 'She rang back.', read_at: null };
    post.mockResolvedValue(answer(logged, { message: 'Message logged.' }));
    await userEvent.selectOptions(screen.getByLabelText('How'), 'Phone call');
    await userEvent.selectOptions(screen.getByLabelText('Direction'), 'To us');
    await userEvent.type(screen.getByLabelText('Message'), 'She rang back.');
    await userEvent.click(screen.getByRole('button', { name: 'Log message' }));
    expect(await screen.findByText('She rang back.')).toBeInTheDocument();
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('api/v1/communication/carer-messages/carers/6/messages', expect.objectContaining({ direction: 'inbound' }));
    expect(post).not.toHaveBeenCalledWith('api/v1/communication/carer-messages/carers/6/read');
  });

  it('an email asks no direction and needs a subject (the contract schema), then is sent and added to the thread', async () => {
    signIn(['carer-messages.view', 'carer-messages.send']);
    renderCarerThread();
    await screen.findByRole('list', { name: 'Messages with Aisha Bello' });
    expect(screen.getByLabelText('How')).toHaveValue('email');
    expect(screen.queryByLabelText('Direction')).toBeNull();
    await userEvent.type(screen.getByLabelText('Message'), 'Your rota is attached.');
    await userEvent.click(screen.getByRole('button', { name: 'Send email' }));
    expect(await screen.findByText('An email needs a subject.')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalledWith('api/v1/communication/carer-messages/carers/6/messages', expect.anything());

    const sent: MessageRow = {
      ...inbound, id: 2, direction: 'outbound', channel: 'email', subject: 'Rota', body: 'Your rota is attached.', mail_id: 9, read_at: null,
      delivery_status: 'sent', delivery_error: null, delivery_at: '2026-03-02T09:00:00Z',
    };
    post.mockResolvedValue(answer(sent, { message: 'Email sent to Aisha Bello.' }));
    await userEvent.type(screen.getByLabelText('Subject'), 'Rota');
    await userEvent.click(screen.getByRole('button', { name: 'Send email' }));
    expect(post).toHaveBeenCalledWith('api/v1/communication/carer-messages/carers/6/messages', { channel: 'email', direction: 'outbound', subject: 'Rota', body: 'Your rota is attached.' });
    const list = screen.getByRole('list', { name: 'Messages with Aisha Bello' });
    expect(await within(list).findByText('Your rota is attached.')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('Email sent ·');
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it('an email the mail server refused is saved and said so (a danger toast, not "sent"), with its reason and a retry in the thread', async () => {
    signIn(['carer-messages.view', 'carer-messages.send']);
    renderCarerThread();
    await screen.findByRole('list', { name: 'Messages with Aisha Bello' });
    const saved = 'Saved, but the email could not be sent: Mailbox unavailable. Retry from the thread.';
    post.mockResolvedValue(answer({ ...failedEmail, id: 5 }, { message: saved, httpStatus: 201 }));
    await userEvent.type(screen.getByLabelText('Subject'), 'Training day');
    await userEvent.type(screen.getByLabelText('Message'), 'Training is on Friday.');
    await userEvent.click(screen.getByRole('button', { name: 'Send email' }));
    const list = screen.getByRole('list', { name: 'Messages with Aisha Bello' });
    expect(await within(list).findByText(/Email not sent: Mailbox unavailable/)).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Retry sending' })).toBeInTheDocument();
    expect(useAlerts.getState().alerts.map((alert) => [alert.type, alert.message])).toEqual([['danger', saved]]);
  });

  it('"Retry sending" posts the retry and shows the email sent; the reason stays when it fails again', async () => {
    signIn(['carer-messages.view', 'carer-messages.send']);
    get.mockResolvedValue(answer({ ...thread, messages: [{ ...inbound, read_at: '2026-03-02T08:30:00Z' }, failedEmail] }));
    renderCarerThread();
    const list = await screen.findByRole('list', { name: 'Messages with Aisha Bello' });
    const item = within(list).getAllByRole('listitem')[1]!;
    expect(item).toHaveTextContent('Email not sent: Mailbox unavailable');

    post.mockResolvedValueOnce(answer({ ...failedEmail, delivery_error: 'Greylisted, try later' }, { message: 'The email still could not be sent: Greylisted, try later.' }));
    await userEvent.click(within(item).getByRole('button', { name: 'Retry sending' }));
    expect(post).toHaveBeenCalledWith('api/v1/communication/carer-messages/messages/4/retry');
    expect(await within(item).findByText(/Email not sent: Greylisted, try later/)).toBeInTheDocument();
    expect(useAlerts.getState().alerts.at(-1)?.type).toBe('danger');

    post.mockResolvedValueOnce(answer({ ...failedEmail, delivery_status: 'sent', delivery_error: null, delivery_at: '2026-03-02T09:30:00Z' }, { message: 'Email sent to Aisha Bello.' }));
    await userEvent.click(within(item).getByRole('button', { name: 'Retry sending' }));
    expect(await within(item).findByText(/Email sent ·/)).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: 'Retry sending' })).toBeNull();
    expect(useAlerts.getState().alerts.at(-1)).toMatchObject({ type: 'success', message: 'Email sent to Aisha Bello.' });
  });

  it('shows a failed email\'s reason to someone who may only view, without the retry', async () => {
    signIn(['carer-messages.view']);
    get.mockResolvedValue(answer({ ...thread, messages: [failedEmail] }));
    renderCarerThread();
    const list = await screen.findByRole('list', { name: 'Messages with Aisha Bello' });
    expect(within(list).getByText(/Email not sent: Mailbox unavailable/)).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Retry sending' })).toBeNull();
  });

  it('logging a call asks the direction; without carer-messages.send there is no form', async () => {
    signIn(['carer-messages.view', 'carer-messages.send']);
    renderCarerThread();
    await screen.findByRole('list', { name: 'Messages with Aisha Bello' });
    expect(screen.getByRole('form', { name: 'Message Aisha Bello' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('How'), 'Phone call');
    await userEvent.selectOptions(screen.getByLabelText('Direction'), 'To us');
    expect(screen.getByRole('button', { name: 'Log message' })).toBeInTheDocument();
  });

  it('is read-only for someone who may only view', async () => {
    signIn(['carer-messages.view']);
    renderCarerThread();
    await screen.findByRole('list', { name: 'Messages with Aisha Bello' });
    expect(screen.queryByRole('form', { name: 'Message Aisha Bello' })).toBeNull();
  });
});

describe('a family thread', () => {
  it('shows the server\'s 422 for a contact without an email on the "How" field and keeps the text', async () => {
    signIn(['family-messages.view', 'family-messages.send']);
    const family: FamilyThread = {
      client: { id: 1, name: 'Margaret Ellison', branch: 'Camden Domiciliary', contact_count: 2, unread_count: 0, last_message_at: null },
      contact: { id: 2, client_id: 1, name: 'Frank Morley', relationship: 'friend', email: '', phone: '020 7946 0190', unread_count: 0, last_message_at: null },
      messages: [],
    };
    get.mockResolvedValue(answer(family));
    post.mockResolvedValue({ data: null, error: true, message: 'The given data was invalid.', errors: { channel: ['Frank Morley has no email address.'] }, httpStatus: 422 });
    const router = createMemoryRouter([{ path: '/app/communication/family-messages/contacts/:contactId', element: <FamilyThreadScreen /> }], {
      initialEntries: ['/app/communication/family-messages/contacts/2'],
    });
    render(withData(<RouterProvider router={router} />));
    expect(await screen.findByText('No messages with Frank Morley yet.')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled(); // nothing new to mark read
    expect(screen.getByText(/no email address · 020 7946 0190/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Subject'), 'Keys');
    await userEvent.type(screen.getByLabelText('Message'), 'About the key safe.');
    await userEvent.click(screen.getByRole('button', { name: 'Send email' }));
    expect(post).toHaveBeenCalledWith('api/v1/communication/family-messages/contacts/2/messages', expect.objectContaining({ channel: 'email' }));
    expect(await screen.findByText('Frank Morley has no email address.')).toBeInTheDocument();
    expect(screen.getByLabelText('How')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Message')).toHaveValue('About the key safe.');
  });

  it('retries a failed email to a contact on the family messages\' retry path', async () => {
    signIn(['family-messages.view', 'family-messages.send']);
    const family: FamilyThread = {
      client: { id: 1, name: 'Margaret Ellison', branch: 'Camden Domiciliary', contact_count: 2, unread_count: 0, last_message_at: null },
      contact: { id: 3, client_id: 1, name: 'Susan Ellison', relationship: 'daughter', email: 'susan@example.com', phone: '', unread_count: 0, last_message_at: null },
      messages: [failedEmail],
    };
    get.mockResolvedValue(answer(family));
    post.mockResolvedValue(answer({ ...failedEmail, delivery_status: 'sent', delivery_error: null }, { message: 'Email sent to Susan Ellison.' }));
    const router = createMemoryRouter([{ path: '/app/communication/family-messages/contacts/:contactId', element: <FamilyThreadScreen /> }], {
      initialEntries: ['/app/communication/family-messages/contacts/3'],
    });
    render(withData(<RouterProvider router={router} />));
    const list = await screen.findByRole('list', { name: 'Messages with Susan Ellison' });
    await userEvent.click(within(list).getByRole('button', { name: 'Retry sending' }));
    expect(post).toHaveBeenCalledWith('api/v1/communication/family-messages/messages/4/retry');
    expect(await within(list).findByText(/Email sent ·/)).toBeInTheDocument();
  });

  it('marks a thread with new inbound messages read with a POST once shown', async () => {
    signIn(['family-messages.view']);
    const family: FamilyThread = {
      client: { id: 1, name: 'Margaret Ellison', branch: 'Camden Domiciliary', contact_count: 2, unread_count: 1, last_message_at: inbound.created_at },
      contact: { id: 2, client_id: 1, name: 'Frank Morley', relationship: 'friend', email: '', phone: '020 7946 0190', unread_count: 1, last_message_at: inbound.created_at },
      messages: [inbound],
    };
    get.mockResolvedValue(answer(family));
    const router = createMemoryRouter([{ path: '/app/communication/family-messages/contacts/:contactId', element: <FamilyThreadScreen /> }], {
      initialEntries: ['/app/communication/family-messages/contacts/2'],
    });
    render(withData(<RouterProvider router={router} />));
    const list = await screen.findByRole('list', { name: 'Messages with Frank Morley' });
    expect(within(list).getByText('New')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('api/v1/communication/family-messages/contacts/2', {});
    await waitFor(() => expect(post).toHaveBeenCalledWith('api/v1/communication/family-messages/contacts/2/read'));
    expect(post).toHaveBeenCalledTimes(1);
  });
});
