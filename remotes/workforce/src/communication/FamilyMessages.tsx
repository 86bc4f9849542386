import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { FamilyClient, FamilyContact, FamilyContacts, FamilyThread } from '@hcm/contract/schemas';
import { EmptyState, ErrorPanel, Loading, PageHeader, useCan, useRouteName } from '@hcm/kit';
import { ButtonLink } from '@hcm/kit/routing';
import type { Column } from '@hcm/kit/table';
import { SearchForm, Unread } from './CarerMessages';
import { DateTime, PagedList, useApiGet } from './common';
import { MessageComposer, Thread, useMarkThreadRead } from './MessageThread';
import styles from './communication.module.css';

export const FAMILY_MESSAGES_PATH = '/app/communication/family-messages';
const API = 'api/v1/communication/family-messages';

const CLIENT_COLUMNS: Column<FamilyClient>[] = [
  { key: 'name', label: 'Client', render: (client) => <Link to={`${FAMILY_MESSAGES_PATH}/clients/${client.id}`}>{client.name}</Link> },
  { key: 'branch', label: 'Branch', render: (client) => client.branch ?? '—' },
  { key: 'contacts', label: 'Contacts', render: (client) => String(client.contact_count) },
  { key: 'unread', label: 'Unread', render: (client) => <Unread count={client.unread_count} /> },
  { key: 'last', label: 'Last message', render: (client) => <DateTime value={client.last_message_at} /> },
];

/** /app/communication/family-messages: the clients of the user's branches, with unread messages from their families. */
export function FamilyClientList() {
  useRouteName('Family messages');
  const [search, setSearch] = useState('');
  return (
    <>
      <PageHeader title="Family messages" />
      <SearchForm label="Search clients by name" onSearch={setSearch} />
      <PagedList
        path={`${API}/clients`}
        filters={{ search }}
        caption="Clients"
        columns={CLIENT_COLUMNS}
        rowKey={(client) => client.id}
        empty={search ? 'No client matches this search.' : 'No clients in your branches.'}
        failure="The clients could not be loaded."
      />
    </>
  );
}

const contactLine = (contact: FamilyContact) => [contact.relationship.replace(/-/g, ' '), contact.email || 'no email address', contact.phone].filter(Boolean).join(' · ');

/** /app/communication/family-messages/clients/:clientId: the client's contacts, each opening its thread. */
export function FamilyContactList() {
  const { clientId = '' } = useParams();
  const answer = useApiGet<FamilyContacts>(`${API}/clients/${clientId}/contacts`, undefined, 'The contacts could not be loaded.');
  const client = answer.data?.client;
  const title = client ? `${client.name}'s family and contacts` : 'Family messages';
  useRouteName(title);
  return (
    <>
      <PageHeader title={title} actions={<ButtonLink to={FAMILY_MESSAGES_PATH} variant="secondary">All clients</ButtonLink>} />
      {answer.error ? (
        <ErrorPanel title="The contacts could not be loaded" onRetry={answer.reload}>
          {answer.error}
        </ErrorPanel>
      ) : !answer.data ? (
        <Loading label="Loading the contacts…" />
      ) : answer.data.contacts.length ? (
        <ul className={styles.thread} aria-label="Contacts">
          {answer.data.contacts.map((contact) => (
            <li key={contact.id} className={styles.message}>
              <Link to={`${FAMILY_MESSAGES_PATH}/contacts/${contact.id}`}>{contact.name}</Link> <Unread count={contact.unread_count} />
              <p className={styles.meta}>{contactLine(contact)}</p>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState>This client has no contacts yet: add them on the client's record.</EmptyState>
      )}
    </>
  );
}

/** /app/communication/family-messages/contacts/:contactId: the thread with one contact of a client. */
export function FamilyThreadScreen() {
  const { contactId = '' } = useParams();
  const can = useCan();
  const thread = useApiGet<FamilyThread>(`${API}/contacts/${contactId}`, undefined, 'The messages could not be loaded.', { perVisit: true });
  const contact = thread.data?.contact;
  useMarkThreadRead(thread.data?.messages, contact ? `${API}/contacts/${contact.id}/read` : null);
  const client = thread.data?.client;
  useRouteName(contact ? `Messages with ${contact.name}` : 'Family messages');
  const canSend = can('family-messages.send');
  return (
    <>
      <PageHeader
        title={contact ? `Messages with ${contact.name}` : 'Family messages'}
        actions={client ? <ButtonLink to={`${FAMILY_MESSAGES_PATH}/clients/${client.id}`} variant="secondary">{`${client.name}'s contacts`}</ButtonLink> : null}
      />
      {thread.error ? (
        <ErrorPanel title="The messages could not be loaded" onRetry={thread.reload}>
          {thread.error}
        </ErrorPanel>
      ) : !thread.data || !contact || !client ? (
        <Loading label="Loading the messages…" />
      ) : (
        <>
          <p className={styles.muted}>
            {client.name}'s {contactLine(contact)}
          </p>
          <Thread
            messages={thread.data.messages}
            personName={contact.name}
            retryPath={canSend ? (message) => `${API}/messages/${message.id}/retry` : undefined}
            onUpdated={(updated) => thread.setData({ ...thread.data!, messages: thread.data!.messages.map((message) => (message.id === updated.id ? updated : message)) })}
          />
          {canSend ? (
            <MessageComposer
              postTo={`${API}/contacts/${contact.id}/messages`}
              personName={contact.name}
              onAdded={(message) => thread.setData({ ...thread.data!, messages: [...thread.data!.messages, message] })}
            />
          ) : null}
        </>
      )}
    </>
  );
}
