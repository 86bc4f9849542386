import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clock } from '@hcm/contract/time';

// One schema for both drivers (PGlite and node-postgres). Column properties are named in snake_case so rows
// map onto the contract's types (Branch) without renaming. drizzle-kit reads this file to generate the SQL
// in ../../drizzle/, so it imports only drizzle (and the product's clock: rows the server inserts are stamped by
// `clock.now`, not the database's now(), so a test or HCM_NOW sees one time). These are the platform's tables; each area's own live in
// remotes/<area>/server/tables.ts with their own migrations (README.md, "Areas").

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now);
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now);

export const branches = pgTable(
  'branches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    type: text('type').$type<'domiciliary' | 'supported-living'>().notNull(),
    address_line_1: text('address_line_1').notNull(),
    address_line_2: text('address_line_2').notNull().default(''),
    town: text('town').notNull(),
    postcode: text('postcode').notNull(),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    cqc_location_id: text('cqc_location_id').notNull().default(''),
    registered_manager: text('registered_manager').notNull().default(''),
    active: boolean('active').notNull().default(true),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('branches_code_unique').on(t.code),
    // One index per sortable column (BRANCH_SORTABLE) so ORDER BY ... LIMIT stays cheap on big lists.
    index('branches_name_idx').on(t.name),
    index('branches_type_idx').on(t.type),
    index('branches_town_idx').on(t.town),
    index('branches_postcode_idx').on(t.postcode),
    index('branches_active_idx').on(t.active),
    index('branches_created_at_idx').on(t.created_at),
    check('branches_type_check', sql`${t.type} in ('domiciliary', 'supported-living')`),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    label: text('label').notNull(),
    description: text('description').notNull().default(''),
    /** Users of this role must set up two-factor authentication before they can use the product. */
    two_factor_required: boolean('two_factor_required').notNull().default(false),
  },
  (t) => [uniqueIndex('roles_name_unique').on(t.name)],
);

/** The permissions a role grants, by name (the catalogue the API composes: the platform's and the areas' declarations). */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    role_id: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
  },
  (t) => [primaryKey({ columns: [t.role_id, t.permission] })],
);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    password_hash: text('password_hash').notNull(),
    role_id: integer('role_id').references(() => roles.id, { onDelete: 'set null' }),
    user_type: text('user_type').$type<'domiciliary' | 'supported-living'>().notNull().default('domiciliary'),
    disabled: boolean('disabled').notNull().default(false),
    password_changed_at: timestamp('password_changed_at', { withTimezone: true }),
    /** The TOTP secret, encrypted (auth/secrets.ts); set when 2FA setup starts, live once confirmed. */
    two_factor_secret: text('two_factor_secret'),
    two_factor_confirmed_at: timestamp('two_factor_confirmed_at', { withTimezone: true }),
    /** sha256 hashes of the unused recovery codes. */
    two_factor_recovery_codes: jsonb('two_factor_recovery_codes').$type<string[]>(),
    /** The last TOTP time step accepted, so a code cannot be used twice. */
    two_factor_last_step: integer('two_factor_last_step'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    // Emails are stored lower-cased so the unique index is case-insensitive in effect.
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check('users_user_type_check', sql`${t.user_type} in ('domiciliary', 'supported-living')`),
  ],
);

export const userBranches = pgTable(
  'user_branches',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.branch_id] }), index('user_branches_branch_idx').on(t.branch_id)],
);

/**
 * Server-side sessions. The id is the sha256 (hex) of the cookie token, so a leaked table cannot be replayed
 * as cookies. A session without a user is the anonymous one /csrf-cookie creates to carry a CSRF token.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    csrf_token: text('csrf_token').notNull(),
    ip: text('ip'),
    user_agent: text('user_agent'),
    /** Password accepted, a second factor still owed: the user it will be, and which challenge. */
    pending_user_id: integer('pending_user_id').references(() => users.id, { onDelete: 'cascade' }),
    pending_challenge: text('pending_challenge').$type<'two_factor' | 'otp' | 'two_factor_setup'>(),
    /** When switched to another account: the user who switched (user_id is the account acted as). */
    parent_user_id: integer('parent_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A health professional's session (user_id is null then). */
    health_professional_id: integer('health_professional_id'),
    /** The last time the user typed their password in this session (sensitive changes ask again after a while). */
    password_confirmed_at: timestamp('password_confirmed_at', { withTimezone: true }),
    created_at: createdAt(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
    /** The absolute end of the session; the idle limit is checked against last_seen_at. */
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sessions_user_idx').on(t.user_id),
    index('sessions_health_professional_idx').on(t.health_professional_id),
    index('sessions_expires_at_idx').on(t.expires_at),
    index('sessions_last_seen_at_idx').on(t.last_seen_at),
  ],
);

export type AuditAction = 'create' | 'update' | 'delete' | 'view';

/**
 * The audit trail, append-only (a trigger in migration 0004 refuses UPDATE and DELETE): every create, update
 * and delete of a record with the whole row before and after, and every view of a client's care record.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    // Users are disabled rather than deleted, so the audit keeps naming who made each change.
    user_id: integer('user_id').references(() => users.id),
    /** The user who had switched to user_id's account, when the change was made while switched. */
    acting_user_id: integer('acting_user_id').references(() => users.id),
    /** A health professional who viewed a record (user_id is null then). */
    health_professional_id: integer('health_professional_id'),
    resource: text('resource').notNull(),
    record_id: integer('record_id').notNull(),
    action: text('action').$type<AuditAction>().notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
  },
  (t) => [
    index('audit_log_resource_record_idx').on(t.resource, t.record_id),
    index('audit_log_at_idx').on(t.at),
    index('audit_log_user_idx').on(t.user_id),
    index('audit_log_acting_user_idx').on(t.acting_user_id),
    index('audit_log_action_idx').on(t.action),
    check('audit_log_action_check', sql`${t.action} in ('create', 'update', 'delete', 'view')`),
  ],
);

/**
 * Every sign-in attempt and second-factor try (success or failure), also the source of throttling: the
 * failures of one key (lower-cased email + IP, or a user id) in the last minute are counted here, so the limit
 * holds across API processes.
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<'login' | 'two_factor' | 'otp' | 'forgot_password' | 'health_professional_login'>().notNull(),
    /** What the throttle counts by, e.g. 'jo@example.org|127.0.0.1'. */
    throttle_key: text('throttle_key').notNull(),
    email: text('email'),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    success: boolean('success').notNull(),
    /** Why it failed, in a word: bad_credentials, throttled, disabled, bad_code… */
    reason: text('reason'),
    ip: text('ip'),
    user_agent: text('user_agent'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
  },
  (t) => [
    index('auth_attempts_throttle_idx').on(t.kind, t.throttle_key, t.at),
    index('auth_attempts_user_idx').on(t.user_id),
    index('auth_attempts_at_idx').on(t.at),
  ],
);

/** Devices a user has signed in from (a long-lived random cookie, stored hashed): a new one may need an OTP. */
export const knownDevices = pgTable(
  'known_devices',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    device_hash: text('device_hash').notNull(),
    user_agent: text('user_agent'),
    first_seen_at: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.device_hash] })],
);

/** Six-digit codes sent by email (the OTP verify challenge), named in the URL by a random gist. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: serial('id').primaryKey(),
    gist: text('gist').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The session that asked for it: a code only completes the login it was sent for. */
    session_id: text('session_id').notNull(),
    code_hash: text('code_hash').notNull(),
    failed_attempts: integer('failed_attempts').notNull().default(0),
    sent_at: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('one_time_codes_gist_unique').on(t.gist), index('one_time_codes_user_idx').on(t.user_id)],
);

/** Password-reset tokens, stored as sha256 hashes: 60 minutes, single use. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    created_at: createdAt(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_unique').on(t.token_hash), index('password_reset_tokens_user_idx').on(t.user_id)],
);

/** Every email the product sends; without SMTP configured this table is the outbox (a screen for super admins). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to_address: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text_body: text('text_body').notNull(),
    html_body: text('html_body'),
    transport: text('transport').$type<'outbox' | 'smtp'>().notNull(),
    status: text('status').$type<'stored' | 'sent' | 'failed'>().notNull(),
    error: text('error'),
    created_at: createdAt(),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    /** When the last SMTP attempt began (status 'stored' with transport 'smtp' and an old attempt: it never ended). */
    attempted_at: timestamp('attempted_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_created_at_idx').on(t.created_at), index('mail_outbox_to_idx').on(t.to_address)],
);

/** Bytes as PostgreSQL's bytea (a mail's attachments), read back as a Uint8Array by either driver. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => new Uint8Array(value),
});

/**
 * The files attached to an outbox mail (src/mail/mailer.ts), in order: kept with the mail, so the outbox holds what
 * was sent (or will be sent on a retry) and an SMTP attempt reads them from here.
 */
export const mailOutboxAttachments = pgTable(
  'mail_outbox_attachments',
  {
    id: serial('id').primaryKey(),
    mail_id: integer('mail_id')
      .notNull()
      .references(() => mailOutbox.id, { onDelete: 'cascade' }),
    /** 0 for the first file. */
    position: integer('position').notNull(),
    filename: text('filename').notNull(),
    content_type: text('content_type').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [uniqueIndex('mail_outbox_attachments_mail_position').on(t.mail_id, t.position)],
);

/** Which accounts a user may switch to (account switching, spec §1). */
export const accountSwitchTargets = pgTable(
  'account_switch_targets',
  {
    parent_user_id: integer('parent_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    target_user_id: integer('target_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.parent_user_id, t.target_user_id] }), index('account_switch_targets_target_idx').on(t.target_user_id)],
);

// ---- Chat (spec §3, §4, §7): conversations between users, with unread counts and readers. ----

/**
 * A conversation. A one-to-one chat has `direct_key` "<lower user id>:<higher user id>", unique, so opening
 * the same pair twice gives the same chat; a group chat has a name and no key.
 */
export const chats = pgTable(
  'chats',
  {
    id: serial('id').primaryKey(),
    is_group: boolean('is_group').notNull().default(false),
    name: text('name').notNull().default(''),
    direct_key: text('direct_key'),
    created_by: integer('created_by').references(() => users.id),
    created_at: createdAt(),
    /** When the last message was sent: the chat list's difference_in_seconds counts from here. */
    last_message_at: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
  },
  (t) => [uniqueIndex('chats_direct_key_unique').on(t.direct_key), index('chats_last_message_at_idx').on(t.last_message_at)],
);

/** Who is in a chat, and each member's unread count (kept true as messages arrive and are read). */
export const chatMembers = pgTable(
  'chat_members',
  {
    chat_id: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    unread_count: integer('unread_count').notNull().default(0),
    joined_at: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
  },
  (t) => [primaryKey({ columns: [t.chat_id, t.user_id] }), index('chat_members_user_idx').on(t.user_id)],
);

/** A message: TEXT is something someone wrote; UPDATE is an event in the chat that only changes its preview. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    chat_id: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id),
    type: text('type').$type<'TEXT' | 'UPDATE'>().notNull(),
    body: text('body').notNull(),
    created_at: createdAt(),
    /** When a socket of another member first received it. */
    delivered_at: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [index('chat_messages_chat_idx').on(t.chat_id, t.id), check('chat_messages_type_check', sql`${t.type} in ('TEXT', 'UPDATE')`)],
);

/** Who has read which message (the message's `readers`). */
export const chatMessageReads = pgTable(
  'chat_message_reads',
  {
    message_id: integer('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    read_at: timestamp('read_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
  },
  (t) => [primaryKey({ columns: [t.message_id, t.user_id] }), index('chat_message_reads_user_idx').on(t.user_id)],
);

// ---- Time tracker (spec §3, §4, §7): timed assessments, reviews, spot checks, supervisions, appraisals. ----

/** One tracked session: START opens it, MID beats keep it alive, STOP closes it with its duration. */
export const timeTrackerSessions = pgTable(
  'time_tracker_sessions',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    module: text('module').$type<'default' | 'OFFICE_PLANNER'>().notNull(),
    event_type: text('event_type').notNull(),
    target_type: text('target_type').notNull(),
    target_id: integer('target_id').notNull(),
    page_title: text('page_title').notNull().default(''),
    /** The client's reference for this session (the tracker task's `reference`). */
    reference: text('reference').notNull().default(''),
    trackable: jsonb('trackable'),
    started_at: timestamp('started_at', { withTimezone: true }).notNull(),
    last_beat_at: timestamp('last_beat_at', { withTimezone: true }).notNull(),
    stopped_at: timestamp('stopped_at', { withTimezone: true }),
    /** Seconds from start to stop, as the server measured them (abandoned: start to the last beat). */
    duration_seconds: integer('duration_seconds'),
    mid_beats: integer('mid_beats').notNull().default(0),
    /** 'abandoned': ended by the server after two missed beats, stopped_at = last_beat_at (time-tracker/service.ts). */
    status: text('status').$type<'running' | 'stopped' | 'abandoned'>().notNull().default('running'),
  },
  (t) => [
    index('time_tracker_sessions_user_idx').on(t.user_id, t.status),
    index('time_tracker_sessions_target_idx').on(t.target_type, t.target_id),
    check('time_tracker_sessions_status_check', sql`${t.status} in ('running', 'stopped', 'abandoned')`),
  ],
);

// ---- Area registry (operations): each remote's deployed versions and the active one. ----

/** A deployed, immutable version of an area. */
export const areaVersions = pgTable(
  'area_versions',
  {
    id: serial('id').primaryKey(),
    area: text('area').notNull(),
    version: text('version').notNull(),
    manifest_url: text('manifest_url').notNull(),
    /** sha256 of the version's mf-manifest.json. */
    manifest_checksum: text('manifest_checksum').notNull(),
    /** The area's declaration (area.json) as built into this version. */
    descriptor: jsonb('descriptor').notNull(),
    built_at: timestamp('built_at', { withTimezone: true }).notNull(),
    deployed_by: text('deployed_by').notNull(),
    deployed_at: timestamp('deployed_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
  },
  (t) => [uniqueIndex('area_versions_area_version_unique').on(t.area, t.version)],
);

/** Which version of each area the registry serves. */
export const areaActive = pgTable('area_active', {
  area: text('area').primaryKey(),
  version_id: integer('version_id')
    .notNull()
    .references(() => areaVersions.id),
  activated_by: text('activated_by').notNull(),
  activated_at: timestamp('activated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
});

/** Every deploy, activation and rollback, with who and when. */
export const areaEvents = pgTable(
  'area_events',
  {
    id: serial('id').primaryKey(),
    area: text('area').notNull(),
    action: text('action').$type<'deploy' | 'activate' | 'rollback'>().notNull(),
    version: text('version').notNull(),
    from_version: text('from_version'),
    actor: text('actor').notNull(),
    user_id: integer('user_id').references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
  },
  (t) => [index('area_events_area_idx').on(t.area, t.at)],
);

/**
 * Devices signed in to the carers' app: a bearer token (stored as its sha256) per device, revocable by the
 * office. Such a token reaches only the routes that say `config.device` (auth/device-tokens.ts).
 */
export const deviceTokens = pgTable(
  'device_tokens',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    device_name: text('device_name').notNull(),
    user_agent: text('user_agent'),
    created_at: createdAt(),
    last_used_at: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    /** Who ended it: the office user, or the carer signing out (their own id). */
    revoked_by: integer('revoked_by').references(() => users.id),
    /**
     * The device's Web Push subscription (the browser's push service address and its keys), set when the carer
     * turns notifications on in the app; cleared when they turn them off or the push service says it has gone.
     */
    push_endpoint: text('push_endpoint'),
    push_p256dh: text('push_p256dh'),
    push_auth: text('push_auth'),
  },
  (t) => [uniqueIndex('device_tokens_token_hash_unique').on(t.token_hash), index('device_tokens_user_idx').on(t.user_id)],
);

/**
 * The install's VAPID key pair for Web Push (one row, id 1), made on first use when VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY are not set; the private key encrypted with the app key (auth/secrets.ts).
 */
export const webPushKeys = pgTable('web_push_keys', {
  id: integer('id').primaryKey(),
  public_key: text('public_key').notNull(),
  private_key_encrypted: text('private_key_encrypted').notNull(),
  created_at: createdAt(),
});

/** Push notifications sent to carers' devices (a new or changed visit), with the provider's answer. */
export const pushNotifications = pgTable(
  'push_notifications',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What it is about, e.g. 'visit.new', 'visit.changed', 'visit.cancelled'. */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    provider: text('provider').notNull(),
    status: text('status').$type<'recorded' | 'sent' | 'failed' | 'no-device'>().notNull(),
    error: text('error'),
    created_at: createdAt(),
  },
  (t) => [index('push_notifications_user_idx').on(t.user_id, t.created_at), index('push_notifications_created_idx').on(t.created_at)],
);

/** Text messages (escalations to an on-call phone), with the provider's answer; the default provider only records. */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: serial('id').primaryKey(),
    to_number: text('to_number').notNull(),
    body: text('body').notNull(),
    purpose: text('purpose').notNull(),
    provider: text('provider').notNull(),
    status: text('status').$type<'recorded' | 'sent' | 'failed'>().notNull(),
    error: text('error'),
    created_at: createdAt(),
  },
  (t) => [index('sms_messages_created_idx').on(t.created_at)],
);

/**
 * The outbox of domain events (events/outbox.ts): what changed in one area that others react to, written in the
 * same transaction as the change, so an event exists exactly when its change does.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: serial('id').primaryKey(),
    /** 'workforce.leave.approved': the publishing area, then what happened. */
    type: text('type').notNull(),
    area: text('area').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** Who made the change (null: the product itself, e.g. a nightly job). */
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    occurred_at: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
    /** Its deliveries are made (one per consumer of its type in the running deploy). */
    fanned_out: boolean('fanned_out').notNull().default(false),
  },
  (t) => [index('domain_events_type_idx').on(t.type, t.id), index('domain_events_to_fan_out_idx').on(t.id).where(sql`not ${t.fanned_out}`)],
);

/**
 * One event's delivery to one consumer (an area's handler): pending until the handler's transaction commits with
 * it marked done; a handler that throws is retried with a growing delay, then marked failed for the operations
 * screen, whose retry makes it pending again.
 */
export const eventDeliveries = pgTable(
  'event_deliveries',
  {
    event_id: integer('event_id')
      .notNull()
      .references(() => domainEvents.id, { onDelete: 'cascade' }),
    /** '<area>:<handler>', e.g. 'scheduler:leave-unassigns-visits'. */
    consumer: text('consumer').notNull(),
    status: text('status').$type<'pending' | 'done' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
    done_at: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.event_id, t.consumer] }),
    index('event_deliveries_due_idx').on(t.status, t.next_attempt_at),
    check('event_deliveries_status_check', sql`${t.status} in ('pending', 'done', 'failed')`),
  ],
);

/**
 * Background work that runs on a schedule (events/jobs.ts): one row per job. A process claims a due job with a
 * lease (one conditional UPDATE: two processes never both win), runs it, and sets when it next falls due; a
 * process killed mid-run leaves the lease to expire, and the job runs again elsewhere.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  /** '<area>:<job>' or 'platform:<job>'. */
  name: text('name').primaryKey(),
  next_run_at: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lease_until: timestamp('lease_until', { withTimezone: true }),
  /** Which process holds the lease (host and pid), for the operations screen. */
  lease_owner: text('lease_owner'),
  last_started_at: timestamp('last_started_at', { withTimezone: true }),
  last_finished_at: timestamp('last_finished_at', { withTimezone: true }),
  last_error: text('last_error'),
  runs: integer('runs').notNull().default(0),
});

export type BranchRow = typeof branches.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type AuditLogRow = typeof auditLog.$inferSelect;
