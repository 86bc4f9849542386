import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import * as v from 'valibot';
import { CHAT_MESSAGE_MAX_LENGTH, type ChatListItem, type ChatMessage } from '@hcm/contract';
import { ChatMessageSchema } from '@hcm/contract/schemas';
import { Button, ErrorPanel, Loading } from '@hcm/kit';
import { useChat, isChatOnline } from './chatStore';
import { PresenceDot } from './ChatList';
import styles from './chat.module.css';
import { formatTime } from '@hcm/contract/format';

/** A receipt as my message shows it: sent to the server, reached the others' browsers, read by them. */
const RECEIPT: Record<ChatMessage['deliveryState'], string> = { UNREAD: 'Sent', DELIVERED: 'Delivered', READ: 'Read' };

/** My messages after the last one from someone else: the ones that carry a read receipt. */
function receiptIds(messages: readonly ChatMessage[], myId: number | null): Set<number> {
  const ids = new Set<number>();
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!;
    if (message.type === 'UPDATE') continue;
    if (message.userId !== myId) break;
    ids.add(message.id);
  }
  return ids;
}

/** The open chat: its history (with earlier pages on demand) as a live log, read receipts and the send box. */
export function Conversation({ chat }: { chat: ChatListItem }) {
  const myId = useChat((state) => state.myId);
  const messages = useChat((state) => state.messages);
  const hasEarlier = useChat((state) => state.nextBefore !== null);
  const historyStatus = useChat((state) => state.historyStatus);
  const historyError = useChat((state) => state.historyError);
  const online = useChat((state) => state.online);
  const loadEarlier = useChat((state) => state.loadEarlier);
  const headingId = useId();
  const logRef = useRef<HTMLDivElement>(null);
  const lastId = messages.at(-1)?.id;

  // A new message (not an earlier page) scrolls the log to its end.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [lastId]);

  const receipts = receiptIds(messages, myId);
  return (
    <section className={`${styles.panel} ${styles.conversation}`} aria-labelledby={headingId}>
      <div className={styles.conversationHeader}>
        {chat.is_group ? null : <PresenceDot online={isChatOnline(chat, online)} />}
        <h2 id={headingId}>{chat.name}</h2>
      </div>
      {chat.is_group && chat.members.length ? <p className={styles.members}>Members: {chat.members.map((member) => member.name).join(', ')}</p> : null}
      {hasEarlier ? (
        <Button variant="secondary" onClick={() => void loadEarlier()} disabled={historyStatus === 'loading'}>
          Load earlier messages
        </Button>
      ) : null}
      {historyStatus === 'error' ? <ErrorPanel title="Messages unavailable">{historyError}</ErrorPanel> : null}
      {historyStatus === 'loading' && !messages.length ? <Loading label="Loading messages…" /> : null}
      {historyStatus === 'idle' && !messages.length ? <p className={styles.members}>No messages yet. Say hello.</p> : null}
      <div ref={logRef} role="log" aria-label={`Messages with ${chat.name}`} className={styles.log} tabIndex={0}>
        <ol className={styles.messages}>
          {messages.map((message) => (
            <MessageItem key={message.id} message={message} mine={message.userId === myId} receipt={receipts.has(message.id)} />
          ))}
        </ol>
      </div>
      <SendBox chatName={chat.name} />
    </section>
  );
}

function MessageItem({ message, mine, receipt }: { message: ChatMessage; mine: boolean; receipt: boolean }) {
  if (message.type === 'UPDATE') return <li className={`${styles.message} ${styles.event}`}>{message.preview}</li>;
  return (
    <li className={`${styles.message} ${mine ? styles.mine : ''}`}>
      <div className={styles.meta}>
        <strong>{mine ? 'You' : message.userName}</strong>
        <time dateTime={message.created_at}>{formatTime(message.created_at)}</time>
      </div>
      <p className={styles.body}>{message.preview}</p>
      {receipt ? <span className={styles.receipt}>{RECEIPT[message.deliveryState]}</span> : null}
    </li>
  );
}

/** The labelled message box: Enter sends, Shift+Enter starts a new line. */
function SendBox({ chatName }: { chatName: string }) {
  const send = useChat((state) => state.send);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();

  const submit = async () => {
    if (sending) return;
    // The rule the server applies too (shared/contract's ChatMessageSchema).
    const checked = v.safeParse(ChatMessageSchema, { body: draft });
    if (!checked.success) {
      setError(checked.issues[0].message);
      return;
    }
    setSending(true);
    const answer = await send(draft);
    setSending(false);
    if (answer?.error) setError(answer.errors?.body?.[0] ?? answer.message);
    else {
      setError(null);
      setDraft('');
    }
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form className={styles.sendForm} onSubmit={handleSubmit}>
      <label htmlFor={inputId}>Message to {chatName}</label>
      <textarea
        id={inputId}
        rows={2}
        value={draft}
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={handleKeyDown}
      />
      <Button type="submit" disabled={sending}>
        {sending ? 'Sending…' : 'Send'}
      </Button>
      {error ? (
        <p id={`${inputId}-error`} role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
    </form>
  );
}
