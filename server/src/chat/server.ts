import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { can, CHAT_CHANNELS, SESSION_COOKIE, SUPER_ADMIN, type OnlineUsers, type PresenceEvent, type ReadReceipt } from '@hcm/contract';
import { createAdapter } from '@socket.io/postgres-adapter';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import pg from 'pg';
import { Server, type Socket } from 'socket.io';
import { loadCurrentUser } from '../auth/current-user.js';
import { findActiveSession, isExpired, type SessionLifetime } from '../auth/sessions.js';
import type { Database } from '../db/client.js';
import { sessions, users } from '../db/schema.js';
import { ATTACHMENTS_TABLE, branchRoom, ensureAttachmentsTable, EVERY_BRANCH_ROOM, ioBroadcaster, presenceRooms, sessionRoom, userRoom, type ChatBroadcaster } from './broadcaster.js';
import { announceReceipt } from './notify.js';
import { chatViewerOf, markDelivered, messagesByIds, visibleOnline } from './service.js';
import { clock } from '@hcm/contract/time';

export type ChatServerOptions = {
  db: Database;
  lifetime: SessionLifetime;
  /** Browser origins allowed to open a socket (WEB_ORIGINS): the handshake's Origin must be one of them. */
  webOrigins: readonly string[];
  port: number;
  host: string;
  /** CHAT_TLS_CERT / CHAT_TLS_KEY files: served over https (wss:) when set. */
  tls?: { certFile: string; keyFile: string } | undefined;
  /** PostgreSQL: several chat processes work as one through @socket.io/postgres-adapter. */
  databaseUrl?: string | undefined;
  /** How often sockets whose session ended, expired or lost chat.use are dropped (default a minute). */
  sweepIntervalMs?: number;
  log?: { info(message: string): void; error(error: unknown, message: string): void };
};

export type ChatServer = {
  io: Server;
  broadcaster: ChatBroadcaster;
  /** The port it listens on (useful with port 0). */
  port: number;
  /** http(s)://host:port, for logs and clients. */
  url: string;
  close(): Promise<void>;
};

/** What the handshake proved about a socket, kept in socket.data. */
export type ChatSocketData = { userId: number; sessionId: string; superAdmin: boolean; branchIds: number[] };

export const REFUSED_ORIGIN = 'Origin not allowed';
export const REFUSED_SESSION = 'Unauthenticated.';
export const REFUSED_PERMISSION = 'This action is unauthorized.';

/**
 * The chat server (spec §7): socket.io on its own port, authenticated by the API's session cookie. Each
 * socket joins `user:<id>` and `session:<sessionId>`; presence is told on `user:status`; a connecting socket
 * gets the online users on `user:online`.
 */
export async function startChatServer(options: ChatServerOptions): Promise<ChatServer> {
  const { db, lifetime } = options;
  const allowedOrigins = new Set(options.webOrigins);
  const log = options.log ?? { info: () => {}, error: (error: unknown) => console.error(error) };

  // Anything but socket.io's own path: a health check, else 404 (socket.io answers its path before this).
  const onRequest = (request: IncomingMessage, response: ServerResponse) => {
    if (request.url === '/health') {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"status":"ok"}');
      return;
    }
    response.writeHead(404).end();
  };
  const tls = options.tls;
  const httpServer = tls
    ? createHttpsServer({ cert: readFileSync(tls.certFile), key: readFileSync(tls.keyFile) }, onRequest)
    : createHttpServer(onRequest);

  const io = new Server(httpServer, {
    serveClient: false,
    // socket.io's cors option does not stop a cross-origin WebSocket handshake: every request (polling or the
    // WebSocket upgrade) must come from one of our pages, which browsers always say in Origin.
    allowRequest: (request, callback) => {
      const origin = request.headers.origin;
      if (origin && allowedOrigins.has(origin)) callback(null, true);
      else callback(REFUSED_ORIGIN, false);
    },
    // For the long-polling transport's requests (WebSocket needs no CORS).
    cors: { origin: [...allowedOrigins], credentials: true },
  });

  let pool: pg.Pool | undefined;
  if (options.databaseUrl) {
    pool = new pg.Pool({ connectionString: options.databaseUrl, max: 4 });
    await ensureAttachmentsTable(pool);
    io.adapter(createAdapter(pool, { tableName: ATTACHMENTS_TABLE, errorHandler: (error) => log.error(error, 'chat adapter') }));
  }
  const broadcaster = ioBroadcaster(io, pool !== undefined);

  // The handshake: the API's session cookie, a signed-in user (not a second factor still owed), chat.use.
  io.use((socket, next) => {
    authenticate(db, lifetime, socket.handshake.headers.cookie).then(
      (result) => {
        if (typeof result === 'string') return next(new Error(result));
        socket.data = result;
        next();
      },
      (error: unknown) => {
        log.error(error, 'chat handshake failed');
        next(new Error('Something went wrong.'));
      },
    );
  });

  let closing = false;
  const onlineIds = async (): Promise<number[]> => (await broadcaster.onlineUserIds()).sort((a, b) => a - b);
  // How many sockets a user has: across the cluster when clustered, else this process's room.
  const socketsOf = async (userId: number) =>
    pool ? (await io.in(userRoom(userId)).fetchSockets()).length : (io.of('/').adapter.rooms.get(userRoom(userId))?.size ?? 0);

  io.on('connection', (socket: Socket) => {
    const data = socket.data as ChatSocketData;
    const { userId, sessionId } = data;
    // Presence reaches only those who may chat with the user (a shared branch; super admins: everyone), through
    // the branch rooms; the online list is cut the same way (visibleOnline). Branches as at the handshake.
    void socket.join([userRoom(userId), sessionRoom(sessionId), ...data.branchIds.map(branchRoom), ...(data.superAdmin ? [EVERY_BRANCH_ROOM] : [])]);
    const visibleIds = async () => [...(await visibleOnline(db, { id: userId, superAdmin: data.superAdmin, branchIds: data.branchIds }, await onlineIds()))].sort((a, b) => a - b);
    const announce = (event: PresenceEvent) => io.to(presenceRooms(data.branchIds)).emit(CHAT_CHANNELS.status, event);

    socket.on(CHAT_CHANNELS.online, (_payload: unknown, ack?: unknown) => {
      const reply = typeof ack === 'function' ? ack : typeof _payload === 'function' ? _payload : null;
      if (reply) visibleIds().then((ids) => reply({ ids } satisfies OnlineUsers), (error: unknown) => log.error(error, 'chat online list'));
    });

    // The client got a MessageUpdated: the message is DELIVERED, and its sender hears so.
    socket.on(CHAT_CHANNELS.delivered, (payload: unknown, ack?: unknown) => {
      const messageId = Number((payload as { message_id?: unknown } | null)?.message_id);
      const reply = typeof ack === 'function' ? (ack as (answer: ReadReceipt | { error: string }) => void) : () => {};
      if (!Number.isSafeInteger(messageId) || messageId < 1 || messageId > 2_147_483_647) return reply({ error: 'Message not found.' });
      void (async () => {
        const result = await markDelivered(db, userId, messageId);
        if (!result) return reply({ error: 'Message not found.' });
        if (result.first) await announceReceipt(db, broadcaster, [messageId]);
        const [message] = await messagesByIds(db, [messageId]);
        reply({ deliveryState: message!.deliveryState });
      })().catch((error: unknown) => {
        log.error(error, 'chat delivery receipt');
        reply({ error: 'Something went wrong.' });
      });
    });

    socket.on('disconnect', () => {
      if (closing) return;
      // Offline when the user's last socket, in any chat process, is gone.
      socketsOf(userId).then(
        (left) => {
          if (left === 0) announce({ event: 'UserOffline', id: userId });
        },
        (error: unknown) => log.error(error, 'chat presence'),
      );
    });

    void (async () => {
      // Online when this is the user's first socket (the join above already counts it).
      if ((await socketsOf(userId)) === 1) announce({ event: 'UserOnline', id: userId });
      socket.emit(CHAT_CHANNELS.online, { ids: await visibleIds() } satisfies OnlineUsers);
    })().catch((error: unknown) => log.error(error, 'chat presence'));
  });

  // Sessions also end without a deletion (idle or absolute lifetime), and a role may lose chat.use: check now and then.
  const sweep = () =>
    sweepSockets(io, db, lifetime).catch((error: unknown) => log.error(error, 'chat socket sweep failed'));
  const sweepTimer = setInterval(sweep, options.sweepIntervalMs ?? 60_000);
  sweepTimer.unref();

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port, options.host, () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  const port = (httpServer.address() as AddressInfo).port;
  const url = `${tls ? 'https' : 'http'}://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`;

  return {
    io,
    broadcaster,
    port,
    url,
    close: async () => {
      closing = true;
      clearInterval(sweepTimer);
      await new Promise<void>((resolve) => {
        io.close(() => resolve());
      });
      await pool?.end();
    },
  };
}

/** The user of a handshake's cookies, or why the socket is refused. */
export async function authenticate(
  db: Database,
  lifetime: SessionLifetime,
  cookieHeader: string | undefined,
): Promise<ChatSocketData | string> {
  const token = cookieHeader ? cookieValue(cookieHeader, SESSION_COOKIE) : undefined;
  if (!token) return REFUSED_SESSION;
  const session = await findActiveSession(db, lifetime, token);
  // No user yet: anonymous, or a second factor still owed. A role's 2FA setup still owed is not signed in either.
  if (!session || session.user_id === null || session.pending_challenge === 'two_factor_setup') return REFUSED_SESSION;
  const user = await loadCurrentUser(db, session.user_id);
  if (!user) return REFUSED_SESSION;
  if (!can(user, 'chat.use')) return REFUSED_PERMISSION;
  const viewer = chatViewerOf(user);
  return { userId: user.userID, sessionId: session.id, superAdmin: viewer.superAdmin, branchIds: viewer.branchIds };
}

/** One cookie of a Cookie header (the session cookie's value is base64url: nothing to decode). */
export function cookieValue(header: string, name: string): string | undefined {
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim() || undefined;
  }
  return undefined;
}

/** Disconnects this process's sockets whose session is gone or expired, or whose user is disabled or lost chat.use. */
export async function sweepSockets(io: Server, db: Database, lifetime: SessionLifetime, now = clock.now()): Promise<number> {
  const sockets = await io.local.fetchSockets();
  const sessionIds = [...new Set(sockets.map((socket) => (socket.data as ChatSocketData).sessionId))];
  if (!sessionIds.length) return 0;
  const rows = await db
    .select({
      session: sessions,
      allowed: sql<boolean>`not users.disabled and (
        exists (select 1 from roles r where r.id = users.role_id and r.name = ${SUPER_ADMIN})
        or exists (select 1 from role_permissions rp where rp.role_id = users.role_id and rp.permission = 'chat.use'))`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(and(inArray(sessions.id, sessionIds), isNotNull(sessions.user_id)));
  const live = new Set(rows.filter((row) => row.allowed && !isExpired(row.session, lifetime, now)).map((row) => row.session.id));
  let dropped = 0;
  for (const socket of sockets) {
    if (live.has((socket.data as ChatSocketData).sessionId)) continue;
    socket.disconnect(true);
    dropped += 1;
  }
  return dropped;
}
