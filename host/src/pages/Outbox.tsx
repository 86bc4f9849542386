import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE, type Page } from '@hcm/contract';
import type { MailOutboxAttachment, MailOutboxMessage, MailOutboxSummary } from '@hcm/contract/schemas';
import { Button, Card, ErrorPanel, Loading, PageHeader, useRouteName, useRuntime } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { ListTable, type Column } from '@hcm/kit/table';
import styles from './outbox.module.css';
import { formatDateTime, formatFileSize } from '@hcm/contract/format';

const STATUS: Record<MailOutboxSummary['status'], string> = { stored: 'In the outbox', sent: 'Sent', failed: 'Failed' };

const COLUMNS: Column<MailOutboxSummary>[] = [
  { key: 'created_at', label: 'When', render: (row) => formatDateTime(row.created_at) },
  { key: 'to_address', label: 'To' },
  { key: 'subject', label: 'Subject', render: (row) => <Link to={`/app/outbox/${row.id}`}>{row.subject}</Link> },
  { key: 'status', label: 'Status', render: (row) => STATUS[row.status] },
];

/** /app/outbox: every email the product has sent or kept (without SMTP, the outbox is their delivery). */
export function Outbox() {
  useRouteName('Outbox');
  const [query, setQuery] = useState({ page: 1, page_size: DEFAULT_PAGE_SIZE, search: '' });
  const [draft, setDraft] = useState('');
  // Any action may send an email: the outbox is asked again each time it opens (the cached page shows meanwhile).
  const list = useApiQuery<Page<MailOutboxSummary>>('api/v1/mail-outbox', query, { keepPrevious: true, staleTime: 0 });

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery((current) => ({ ...current, page: 1, search: draft.trim() }));
  };

  return (
    <>
      <PageHeader title="Outbox" />
      <Card>
        <form role="search" className={styles.search} onSubmit={search}>
          <label htmlFor="outbox-search">Search by address or subject</label>
          <input id="outbox-search" type="search" value={draft} onChange={(event) => setDraft(event.target.value)} />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
        <ListTable
          caption="Emails"
          columns={COLUMNS}
          page={list.data ?? null}
          loading={list.isFetching}
          error={list.error?.message ?? null}
          onSort={() => undefined}
          onPage={(next) => setQuery((current) => ({ ...current, page: next }))}
          onPageSize={(size) => setQuery((current) => ({ ...current, page: 1, page_size: size }))}
          onRetry={() => void list.refetch()}
          rowKey={(row) => row.id}
          empty="No emails yet."
        />
      </Card>
    </>
  );
}

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/** The text of an email with its web addresses as links (only http and https: nothing else is made clickable). */
export function LinkifiedText({ text }: { text: string }) {
  const parts: ReactNode[] = text.split(URL_PATTERN).map((part, index) =>
    index % 2 === 1 ? (
      <a key={index} href={part} rel="noreferrer noopener">
        {part}
      </a>
    ) : (
      part
    ),
  );
  return <pre className={styles.body}>{parts}</pre>;
}

/** The files an email carried, each downloadable as it was sent. */
function Attachments({ messageId, files }: { messageId: number; files: MailOutboxAttachment[] }) {
  const apiUrl = useRuntime((state) => state.registry.apiUrl).replace(/\/+$/, '');
  return (
    <ul aria-label="Attachments" className={styles.attachments}>
      {files.map((file) => (
        <li key={file.position}>
          <a href={`${apiUrl}/api/v1/mail-outbox/${messageId}/attachments/${file.position}`} download={file.filename}>
            {file.filename}
          </a>{' '}
          ({formatFileSize(file.size)})
        </li>
      ))}
    </ul>
  );
}

/** /app/outbox/:id: one email, its text with clickable links, and the files it carried. */
export function OutboxMessage() {
  const { id = '' } = useParams();
  const answer = useApiQuery<MailOutboxMessage>(`api/v1/mail-outbox/${encodeURIComponent(id)}`);
  const message = answer.data ?? null;
  const error = answer.error?.message ?? null;
  useRouteName(message ? message.subject : 'Email');

  const back = <Link to="/app/outbox">Back to the outbox</Link>;
  if (error) return <ErrorPanel title="This email could not be opened">{error}</ErrorPanel>;
  if (!message) return <Loading label="Loading the email…" />;
  return (
    <>
      <PageHeader title={message.subject} actions={back} />
      <Card title="Email">
        <dl className={styles.meta}>
          <dt>To</dt>
          <dd>{message.to_address}</dd>
          <dt>Created</dt>
          <dd>{formatDateTime(message.created_at)}</dd>
          <dt>Status</dt>
          <dd>
            {STATUS[message.status]}
            {message.error ? ` (${message.error})` : ''}
          </dd>
        </dl>
        <LinkifiedText text={message.text_body} />
      </Card>
      {message.attachments.length > 0 ? (
        <Card title="Attached files">
          <Attachments messageId={message.id} files={message.attachments} />
        </Card>
      ) : null}
    </>
  );
}
