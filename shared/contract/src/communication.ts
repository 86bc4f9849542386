import * as v from 'valibot';
import type { Page } from './envelope.js';
import { isIdNumber, objectMessage } from './validation.js';

// The communication area (spec §2.2 "communication"): office notices, messages to and from carers and clients'
// families, and the read-only monitoring of chats. The shapes the API answers and the one validation of each
// form, used by the workforce remote's screens and by the server (remotes/workforce/server/communication/; family messages: remotes/care-records/server/family-messages/).

/** Carers are users with this role; it grants no back-office permission (a carer only reads their notices). */
export const CARER_ROLE = 'carer';

type Choice<Value extends string> = { readonly value: Value; readonly label: string };

export type NoticeAudience = 'carers' | 'office' | 'everyone';

export const NOTICE_AUDIENCES: readonly Choice<NoticeAudience>[] = [
  { value: 'carers', label: 'Carers' },
  { value: 'office', label: 'Office staff' },
  { value: 'everyone', label: 'Everyone (carers and office staff)' },
];

/** The branch select's value for "every branch I work in" (sent as branch_id). */
export const ALL_MY_BRANCHES = 'all';

const BRANCH_MESSAGE = 'Choose a branch, or all your branches.';

/**
 * POST /api/v1/communication/notices. `branch_id` is one of the user's branches, or "all" (null after
 * parsing): every branch the user works in. Recipients are resolved when it is published.
 */
export const PublishNoticeSchema = v.strictObject(
  {
    title: v.pipe(v.string('Title is required.'), v.trim(), v.nonEmpty('Title is required.'), v.maxLength(160, 'Title must be at most 160 characters.')),
    body: v.pipe(v.string('Write the notice.'), v.trim(), v.nonEmpty('Write the notice.'), v.maxLength(8000, 'The notice must be at most 8000 characters.')),
    audience: v.picklist(['carers', 'office', 'everyone'], 'Choose who the notice is for.'),
    branch_id: v.pipe(
      v.union([v.number(BRANCH_MESSAGE), v.pipe(v.string(BRANCH_MESSAGE), v.trim(), v.nonEmpty(BRANCH_MESSAGE))], BRANCH_MESSAGE),
      v.transform((value) => (value === ALL_MY_BRANCHES ? null : Number(value))),
      v.check((id) => id === null || isIdNumber(id), BRANCH_MESSAGE),
    ),
  },
  objectMessage('notice'),
);
export type PublishNoticeInput = v.InferInput<typeof PublishNoticeSchema>;

export type Person = { id: number; name: string };

/** A notice in the office's list (GET /api/v1/communication/notices), with how many of its recipients read it. */
export type NoticeRow = {
  id: number;
  title: string;
  body: string;
  audience: NoticeAudience;
  /** null: every branch. */
  branch: { id: number; name: string } | null;
  published_by: Person | null;
  published_at: string;
  recipient_count: number;
  read_count: number;
};

export type NoticeRecipient = { user_id: number; name: string; role_label: string | null; read_at: string | null };

/** GET /api/v1/communication/notices/:id: who has read it (first read first) and who has not (by name). */
export type NoticeDetail = { notice: NoticeRow; read: NoticeRecipient[]; unread: NoticeRecipient[] };

/** A notice addressed to the signed-in user (GET /api/v1/communication/my-notices), unread first. */
export type MyNotice = {
  id: number;
  title: string;
  body: string;
  branch_name: string | null;
  published_by: string | null;
  published_at: string;
  read_at: string | null;
};

// ---- Messages with carers and with clients' families ----

export type MessageChannel = 'email' | 'sms' | 'phone' | 'letter' | 'in_person';
export type MessageDirection = 'outbound' | 'inbound';

export const MESSAGE_CHANNELS: readonly Choice<MessageChannel>[] = [
  { value: 'email', label: 'Email' },
  { value: 'sms', label: 'SMS' },
  { value: 'phone', label: 'Phone call' },
  { value: 'letter', label: 'Letter' },
  { value: 'in_person', label: 'In person' },
];

export const MESSAGE_DIRECTIONS: readonly Choice<MessageDirection>[] = [
  { value: 'outbound', label: 'From us' },
  { value: 'inbound', label: 'To us' },
];

/**
 * POST …/messages (carers and family contacts alike). An email is sent from here through the product's
 * mailer, so it is outbound and needs a subject; phone calls, SMS, letters and conversations are logged in
 * either direction.
 */
export const MessageSchema = v.pipe(
  v.strictObject(
    {
      channel: v.picklist(['email', 'sms', 'phone', 'letter', 'in_person'], 'Choose how the message went.'),
      direction: v.picklist(['outbound', 'inbound'], 'Choose who the message was from.'),
      subject: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'Subject must be at most 200 characters.')), ''),
      body: v.pipe(v.string('Write the message.'), v.trim(), v.nonEmpty('Write the message.'), v.maxLength(8000, 'The message must be at most 8000 characters.')),
    },
    objectMessage('message'),
  ),
  v.forward(
    v.check((input) => input.channel !== 'email' || input.direction === 'outbound', 'An email is sent from here: log a reply by the way it reached you.'),
    ['direction'],
  ),
  v.forward(v.check((input) => input.channel !== 'email' || input.subject !== '', 'An email needs a subject.'), ['subject']),
);
export type MessageInput = v.InferInput<typeof MessageSchema>;

/**
 * How an email sent from a thread went: `sent` (the mail server took it), `failed` (not sent: `delivery_error`
 * says why, and it can be retried: POST …/messages/:id/retry), `sending` (the mail server has not answered
 * yet), `outbox` (no mail server is configured: stored in the product's outbox only, not sent).
 */
export type MessageDeliveryStatus = 'sending' | 'sent' | 'failed' | 'outbox';

/** One message of a thread. An inbound message with `read_at` null was new when the thread was opened. */
export type MessageRow = {
  id: number;
  direction: MessageDirection;
  channel: MessageChannel | 'app';
  subject: string;
  body: string;
  recorded_by: Person | null;
  /** The outbox row of an emailed message. */
  mail_id: number | null;
  /** An emailed message's delivery; null for a message logged here (a call, an SMS...), which sent nothing. */
  delivery_status: MessageDeliveryStatus | null;
  /** Why the email was not sent (`failed`), else null. */
  delivery_error: string | null;
  /** When it was sent, when the failed attempt was made, or when it was stored in the outbox. */
  delivery_at: string | null;
  created_at: string;
  read_at: string | null;
};

/** A carer in the carer-messages list, with the inbound messages nobody has opened yet. */
export type CarerSummary = {
  id: number;
  name: string;
  email: string;
  branches: string[];
  disabled: boolean;
  unread_count: number;
  last_message_at: string | null;
};

export type CarerThread = { carer: CarerSummary; messages: MessageRow[] };

/** A client in the family-messages list. */
export type FamilyClient = {
  id: number;
  name: string;
  branch: string | null;
  contact_count: number;
  unread_count: number;
  last_message_at: string | null;
};

export type FamilyContact = {
  id: number;
  client_id: number;
  name: string;
  relationship: string;
  email: string;
  phone: string;
  unread_count: number;
  last_message_at: string | null;
};

export type FamilyContacts = { client: FamilyClient; contacts: FamilyContact[] };

export type FamilyThread = { client: FamilyClient; contact: FamilyContact; messages: MessageRow[] };

// ---- Chat monitoring (chat.monitor): read-only, every open audited ----

export type MonitoredChat = {
  id: number;
  /** The group's name, or the members' names for a one-to-one chat. */
  name: string;
  is_group: boolean;
  members: Person[];
  last_message_at: string;
  message_count: number;
};

export type MonitoredMessage = {
  id: number;
  type: 'TEXT' | 'UPDATE';
  user: Person | null;
  body: string;
  created_at: string;
};

/** GET /api/v1/communication/monitoring/chats/:id: the chat and one page of its messages, oldest first. */
export type MonitoredChatView = { chat: MonitoredChat; messages: Page<MonitoredMessage> };
