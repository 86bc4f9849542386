import { useEffect, useRef } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { MESSAGE_CHANNELS, MESSAGE_DIRECTIONS, MessageSchema, type MessageRow } from '@hcm/contract/schemas';
import { api, Button, EmptyState, notify } from '@hcm/kit';
import { useApiMutation } from '@hcm/kit/data';
import { applyServerErrors, SelectField, TextAreaField, TextField, valibotResolver } from '@hcm/kit/forms';
import { DateTime } from './common';
import styles from './communication.module.css';

const channelLabel = (channel: MessageRow['channel']) => MESSAGE_CHANNELS.find((choice) => choice.value === channel)?.label ?? 'App';

/** An inbound message nobody had opened before this visit. */
const isNew = (message: MessageRow) => message.direction === 'inbound' && message.read_at === null;

/**
 * Once a thread is on screen as loaded, with new inbound messages, tells the server they are read (POST
 * `readPath`, built from the loaded thread's own id): loading a thread (GET) changes nothing. Decided once per
 * thread, on what was loaded, so a message logged from this screen afterwards stays unread like any other; the
 * thread shown keeps its "New" marks.
 */
export function useMarkThreadRead(messages: MessageRow[] | undefined, readPath: string | null): void {
  const decided = useRef<string | null>(null);
  useEffect(() => {
    if (!messages || !readPath || decided.current === readPath) return;
    decided.current = readPath;
    if (messages.some(isNew)) void api.post(readPath);
  }, [messages, readPath]);
}

/** How the server's answer to a send or a retry is told: a toast of the kind the email's delivery deserves. */
function tell(message: MessageRow, text: string, fallback: string): void {
  const type = message.delivery_status === 'failed' ? 'danger' : message.delivery_status === 'outbox' ? 'warning' : 'success';
  notify({ type, message: text || fallback });
}

/**
 * Where an email sent from the thread stands: sent (when), being sent, only in the outbox (no mail server), or
 * not sent with the mail server's reason and, for someone who may send, a "Retry sending" button
 * (POST `retryPath`), which puts the message as the server then has it in the thread.
 */
export function Delivery({ message, retryPath, onRetried }: { message: MessageRow; retryPath: string | null; onRetried: (message: MessageRow) => void }) {
  const resend = useApiMutation<MessageRow, string>({ request: (path) => api.post<MessageRow>(path) });
  const retrying = resend.isPending;
  const status = message.delivery_status;
  if (status === null) return null;
  const retry = async () => {
    if (!retryPath) return;
    const answer = await resend.submit(retryPath);
    if (answer.error || !answer.data) {
      notify({ type: 'danger', message: answer.message || 'The email could not be sent again.' });
      return;
    }
    tell(answer.data, answer.message, 'Email sent.');
    onRetried(answer.data);
  };
  return (
    <p className={`${styles.delivery} ${status === 'failed' ? styles.deliveryFailed : ''}`}>
      <span>
        {status === 'sent' ? (
          <>
            Email sent · <DateTime value={message.delivery_at} />
          </>
        ) : status === 'sending' ? (
          'Email being sent…'
        ) : status === 'outbox' ? (
          'Email not sent: no mail server is configured (kept in the outbox).'
        ) : (
          <>
            Email not sent: {message.delivery_error ?? 'the mail server refused it'}
            {message.delivery_at ? (
              <>
                {' · '}
                <DateTime value={message.delivery_at} />
              </>
            ) : null}
          </>
        )}
      </span>
      {status === 'failed' && retryPath ? (
        <Button variant="secondary" className={styles.retry} disabled={retrying} onClick={() => void retry()}>
          {retrying ? 'Sending…' : 'Retry sending'}
        </Button>
      ) : null}
    </p>
  );
}

type ThreadProps = {
  messages: MessageRow[];
  personName: string;
  /** The retry path of a message's failed email (POST …/messages/:id/retry); absent: the user may not send. */
  retryPath?: (message: MessageRow) => string;
  /** A message as the server has it after a retry, to put in place of the one shown. */
  onUpdated?: (message: MessageRow) => void;
};

/**
 * A thread, oldest first. Inbound messages nobody had opened before this visit are marked "New"; each email
 * sent from here shows its delivery (see Delivery).
 */
export function Thread({ messages, personName, retryPath, onUpdated }: ThreadProps) {
  if (!messages.length) return <EmptyState>No messages with {personName} yet.</EmptyState>;
  return (
    <ol className={styles.thread} aria-label={`Messages with ${personName}`}>
      {messages.map((message) => {
        const inbound = message.direction === 'inbound';
        return (
          <li key={message.id} className={`${styles.message} ${inbound ? styles.inbound : styles.outbound}`}>
            <p className={styles.meta}>
              {inbound ? `From ${personName}` : `To ${personName}`} · {channelLabel(message.channel)} · <DateTime value={message.created_at} />
              {message.recorded_by ? ` · ${inbound ? 'logged' : 'sent'} by ${message.recorded_by.name}` : ''}
              {isNew(message) ? <span className={styles.newBadge}>New</span> : null}
            </p>
            {message.subject ? <p><strong>{message.subject}</strong></p> : null}
            <p className={styles.messageBody}>{message.body}</p>
            <Delivery message={message} retryPath={retryPath ? retryPath(message) : null} onRetried={(updated) => onUpdated?.(updated)} />
          </li>
        );
      })}
    </ol>
  );
}

type MessageForm = { channel: string; direction: string; subject: string; body: string };
const EMPTY: MessageForm = { channel: 'email', direction: 'outbound', subject: '', body: '' };

/**
 * Email the person (through the product's mailer) or log a call, SMS, letter or conversation in either
 * direction. An email is always from us and needs a subject; the contract's schema says so for form and server.
 */
export function MessageComposer({ postTo, personName, onAdded }: { postTo: string; personName: string; onAdded: (message: MessageRow) => void }) {
  const form = useForm<MessageForm>({ resolver: valibotResolver(MessageSchema), defaultValues: EMPTY });
  // The thread shows the message as the server saved it (onAdded); the lists ask again on their next visit.
  const send = useApiMutation<MessageRow, MessageForm>({ request: (values) => api.post<MessageRow>(postTo, values) });
  const channel = form.watch('channel');
  const isEmail = channel === 'email';

  // An email is sent from here, so it is outbound: the direction is not asked.
  useEffect(() => {
    if (isEmail) form.setValue('direction', 'outbound');
  }, [isEmail, form]);

  const handleSubmit = form.handleSubmit(async () => {
    const answer = await send.submit(form.getValues());
    if (answer.error || !answer.data) {
      // What was typed stays; the server's per-field errors go on their fields.
      applyServerErrors(form.setError, answer.errors);
      if (!answer.errors) notify({ type: 'danger', message: answer.message || 'The message could not be saved.' });
      return;
    }
    // Saved either way; the answer says whether the email went (a failed one is retried from the thread).
    tell(answer.data, answer.message, 'Message saved.');
    onAdded(answer.data);
    form.reset({ ...EMPTY, channel: form.getValues('channel') });
  });

  return (
    <FormProvider {...form}>
      <form className={styles.form} onSubmit={(event) => void handleSubmit(event)} noValidate aria-label={`Message ${personName}`}>
        <h2>Send or log a message</h2>
        <SelectField name="channel" label="How" options={MESSAGE_CHANNELS.map((choice) => ({ value: choice.value, label: choice.label }))} />
        {isEmail ? null : (
          <SelectField name="direction" label="Direction" options={MESSAGE_DIRECTIONS.map((choice) => ({ value: choice.value, label: choice.label }))} />
        )}
        <TextField name="subject" label={isEmail ? 'Subject' : 'Subject (optional)'} />
        <TextAreaField name="body" label="Message" rows={5} />
        <div className={styles.actions}>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {isEmail ? 'Send email' : 'Log message'}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
