import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { CarerSummary, CarerThread } from '@hcm/contract/schemas';
import { ErrorPanel, Loading, PageHeader, useCan, useRouteName } from '@hcm/kit';
import { ButtonLink } from '@hcm/kit/routing';
import type { Column } from '@hcm/kit/table';
import { DateTime, PagedList, useApiGet } from './common';
import { MessageComposer, Thread, useMarkThreadRead } from './MessageThread';
import styles from './communication.module.css';

export const CARER_MESSAGES_PATH = '/app/communication/carer-messages';
const API = 'api/v1/communication/carer-messages/carers';
const MESSAGES_API = 'api/v1/communication/carer-messages/messages';

export function Unread({ count }: { count: number }) {
  return count > 0 ? <span className={styles.badge}>{count} unread</span> : <span className={styles.muted}>—</span>;
}

const COLUMNS: Column<CarerSummary>[] = [
  {
    key: 'name',
    label: 'Carer',
    render: (carer) => (
      <>
        <Link to={`${CARER_MESSAGES_PATH}/${carer.id}`}>{carer.name}</Link>
        {carer.disabled ? <span className={styles.muted}> (disabled)</span> : null}
      </>
    ),
  },
  { key: 'email', label: 'Email' },
  { key: 'branches', label: 'Branch', render: (carer) => carer.branches.join(', ') || '—' },
  { key: 'unread', label: 'Unread', render: (carer) => <Unread count={carer.unread_count} /> },
  { key: 'last', label: 'Last message', render: (carer) => <DateTime value={carer.last_message_at} /> },
];

/** A search box that asks the server when submitted. */
export function SearchForm({ label, onSearch }: { label: string; onSearch: (search: string) => void }) {
  const [text, setText] = useState('');
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form className={styles.toolbar} role="search" onSubmit={handleSubmit}>
      <label>
        {label}
        <input type="search" value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <button type="submit">Search</button>
    </form>
  );
}

/** /app/communication/carer-messages: the carers of the user's branches, with their unread messages. */
export function CarerList() {
  useRouteName('Carer messages');
  const [search, setSearch] = useState('');
  return (
    <>
      <PageHeader title="Carer messages" />
      <SearchForm label="Search carers by name or email" onSearch={setSearch} />
      <PagedList
        path={API}
        filters={{ search }}
        caption="Carers"
        columns={COLUMNS}
        rowKey={(carer) => carer.id}
        empty={search ? 'No carer matches this search.' : 'No carers in your branches.'}
        failure="The carers could not be loaded."
      />
    </>
  );
}

/** /app/communication/carer-messages/:carerId: the thread with one carer, and the form to send or log a message. */
export function CarerThreadScreen() {
  const { carerId = '' } = useParams();
  const can = useCan();
  const thread = useApiGet<CarerThread>(`${API}/${carerId}`, undefined, 'The messages could not be loaded.', { perVisit: true });
  const carer = thread.data?.carer;
  useMarkThreadRead(thread.data?.messages, carer ? `${API}/${carer.id}/read` : null);
  useRouteName(carer ? `Messages with ${carer.name}` : 'Carer messages');
  const canSend = can('carer-messages.send');
  return (
    <>
      <PageHeader title={carer ? `Messages with ${carer.name}` : 'Carer messages'} actions={<ButtonLink to={CARER_MESSAGES_PATH} variant="secondary">All carers</ButtonLink>} />
      {thread.error ? (
        <ErrorPanel title="The messages could not be loaded" onRetry={thread.reload}>
          {thread.error}
        </ErrorPanel>
      ) : !thread.data || !carer ? (
        <Loading label="Loading the messages…" />
      ) : (
        <>
          <p className={styles.muted}>
            {carer.email} · {carer.branches.join(', ') || 'no branch'}
          </p>
          <Thread
            messages={thread.data.messages}
            personName={carer.name}
            retryPath={canSend ? (message) => `${MESSAGES_API}/${message.id}/retry` : undefined}
            onUpdated={(updated) => thread.setData({ ...thread.data!, messages: thread.data!.messages.map((message) => (message.id === updated.id ? updated : message)) })}
          />
          {canSend ? (
            <MessageComposer
              postTo={`${API}/${carer.id}/messages`}
              personName={carer.name}
              onAdded={(message) => thread.setData({ ...thread.data!, messages: [...thread.data!.messages, message] })}
            />
          ) : null}
        </>
      )}
    </>
  );
}
