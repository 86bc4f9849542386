import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { MonitoredChat, MonitoredChatView, MonitoredMessage, Person } from '@hcm/contract/schemas';
import { PageHeader, useRouteName } from '@hcm/kit';
import { ButtonLink } from '@hcm/kit/routing';
import { ListTable, type Column } from '@hcm/kit/table';
import { DateTime, PagedList, useApiGet } from './common';
import styles from './communication.module.css';

export const MONITORING_PATH = '/app/communication/chat/monitoring';
const API = 'api/v1/communication/monitoring';

const CHAT_COLUMNS: Column<MonitoredChat>[] = [
  { key: 'name', label: 'Conversation', render: (chat) => <Link to={`${MONITORING_PATH}/${chat.id}`}>{chat.name}</Link> },
  { key: 'kind', label: 'Kind', render: (chat) => (chat.is_group ? 'Group' : 'One to one') },
  { key: 'members', label: 'Members', render: (chat) => chat.members.map((member) => member.name).join(', ') },
  { key: 'last', label: 'Last message', render: (chat) => <DateTime value={chat.last_message_at} /> },
  { key: 'count', label: 'Messages', render: (chat) => String(chat.message_count) },
];

/** /app/communication/chat/monitoring: the conversations the user may monitor (with someone of their branches; a super admin: all), latest first, filtered by a person in it. */
export function ChatList() {
  useRouteName('Chat monitoring');
  const [person, setPerson] = useState('');
  const people = useApiGet<Person[]>(`${API}/people`, undefined, 'The people could not be loaded.');
  return (
    <>
      <PageHeader title="Chat monitoring" />
      <p className={styles.readOnly}>Read-only. Opening a conversation is recorded in the audit trail under your name.</p>
      <form className={styles.toolbar} aria-label="Filter conversations" onSubmit={(event) => event.preventDefault()}>
        <label>
          Person
          <select value={person} onChange={(event) => setPerson(event.target.value)}>
            <option value="">Anyone</option>
            {(people.data ?? []).map((person) => (
              <option key={person.id} value={String(person.id)}>
                {person.name}
              </option>
            ))}
          </select>
        </label>
      </form>
      <PagedList
        path={`${API}/chats`}
        filters={{ person }}
        caption="Conversations"
        columns={CHAT_COLUMNS}
        rowKey={(chat) => chat.id}
        empty="No conversations."
        failure="The conversations could not be loaded."
      />
    </>
  );
}

const MESSAGE_COLUMNS: Column<MonitoredMessage>[] = [
  { key: 'at', label: 'When', render: (message) => <DateTime value={message.created_at} /> },
  { key: 'from', label: 'From', render: (message) => (message.type === 'UPDATE' ? 'Chat event' : (message.user?.name ?? 'Removed user')) },
  { key: 'body', label: 'Message', render: (message) => <span className={message.type === 'UPDATE' ? styles.muted : styles.messageBody}>{message.body}</span> },
];

/**
 * /app/communication/chat/monitoring/:chatId: one conversation, read-only, a page at a time (oldest first).
 * The server records each page read in the audit trail; there is nothing here to post or change.
 */
export function ChatReader() {
  const { chatId = '' } = useParams();
  const [paging, setPaging] = useState({ page: 1, pageSize: 25 });
  const view = useApiGet<MonitoredChatView>(`${API}/chats/${chatId}`, { page: paging.page, page_size: paging.pageSize }, 'The conversation could not be loaded.');
  const chat = view.data?.chat;
  useRouteName(chat ? `Conversation: ${chat.name}` : 'Conversation');
  return (
    <>
      <PageHeader title={chat ? `Conversation: ${chat.name}` : 'Conversation'} actions={<ButtonLink to={MONITORING_PATH} variant="secondary">All conversations</ButtonLink>} />
      <p className={styles.readOnly}>Read-only. This reading is recorded in the audit trail.</p>
      {chat ? (
        <p className={styles.muted}>
          {chat.is_group ? 'Group' : 'One to one'}: {chat.members.map((member) => member.name).join(', ')} · {chat.message_count} messages
        </p>
      ) : null}
      <ListTable
        caption="Messages"
        columns={MESSAGE_COLUMNS}
        page={view.data?.messages ?? null}
        loading={view.loading}
        error={view.error}
        onSort={() => undefined}
        onPage={(page) => setPaging((previous) => ({ ...previous, page }))}
        onPageSize={(pageSize) => setPaging({ page: 1, pageSize })}
        onRetry={view.reload}
        rowKey={(message) => message.id}
        empty="No messages in this conversation."
      />
    </>
  );
}
