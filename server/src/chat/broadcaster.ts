import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import { Server } from 'socket.io';

/**
 * What the API's routes know of the chat server: send to a user's sockets, drop a session's sockets, ask
 * who is online. Behind it: the socket.io server in this process (embedded, the default), PostgreSQL's
 * NOTIFY to chat servers in other processes, or nothing at all.
 */
export type ChatBroadcaster = {
  /** Sends `payload` on `channel` to every socket of the user, in every chat process. */
  toUser(userId: number, channel: string, payload: unknown): void;
  /** Disconnects every socket opened with this session (logout, ended session). */
  disconnectSession(sessionId: string): void;
  /** The ids of the users with at least one socket connected. */
  onlineUserIds(): Promise<number[]>;
  close(): Promise<void>;
};

export const userRoom = (userId: number) => `user:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
/** Presence: every socket of a user of the branch, and every super admin's (who may chat with anyone). */
export const branchRoom = (branchId: number) => `branch:${branchId}`;
export const EVERY_BRANCH_ROOM = 'branch:*';
/** Who hears a user's presence: those who may chat with them (chatContacts' rule), by room. */
export const presenceRooms = (branchIds: readonly number[]): string[] => [...branchIds.map(branchRoom), EVERY_BRANCH_ROOM];

/** No chat server anywhere (tests of other areas, CHAT_EMBEDDED=false on PGlite): nobody is online. */
export const noChatServer: ChatBroadcaster = {
  toUser: () => {},
  disconnectSession: () => {},
  onlineUserIds: async () => [],
  close: async () => {},
};

/**
 * Through a socket.io server: this process's (embedded), or one that only talks to the others (adapter).
 * `clustered`: other chat processes share the adapter, so presence must ask them (fetchSockets); alone, this
 * process's rooms say it at once.
 */
export function ioBroadcaster(io: Server, clustered: boolean): ChatBroadcaster {
  return {
    toUser: (userId, channel, payload) => {
      io.to(userRoom(userId)).emit(channel, payload);
    },
    disconnectSession: (sessionId) => {
      io.in(sessionRoom(sessionId)).disconnectSockets(true);
    },
    onlineUserIds: async () => {
      if (clustered) {
        // A chat process that just died answers no more until its heartbeat times out: presence is then unknown
        // (everyone shows offline) rather than the caller failing; the sockets re-announce themselves anyway.
        // (At most 2 s of waiting for the other processes; the adapter's default is 5.)
        const sockets = await io.timeout(2000).fetchSockets().catch(() => []);
        return [...new Set(sockets.map((socket) => (socket.data as { userId: number }).userId))];
      }
      return [...io.of('/').adapter.rooms.keys()].filter((room) => room.startsWith('user:')).map((room) => Number(room.slice(5)));
    },
    close: async () => {},
  };
}

/** The table the PostgreSQL adapter and emitter keep payloads over NOTIFY's 8000 bytes in. */
export const ATTACHMENTS_TABLE = 'socket_io_attachments';

/** Created on first use by whichever chat process or API starts first; the adapter prunes it. */
export async function ensureAttachmentsTable(pool: pg.Pool): Promise<void> {
  await pool.query(
    `create table if not exists ${ATTACHMENTS_TABLE} (id bigserial unique, created_at timestamptz default now(), payload bytea)`,
  );
}

/**
 * For an API process that does not run the chat server (CHAT_EMBEDDED=false over PostgreSQL): a socket.io
 * server with no HTTP server and no sockets joins the chat processes' PostgreSQL adapter, and emits,
 * disconnects and asks who is online through it. (@socket.io/postgres-emitter 0.1 was tried: adapter 0.5
 * ignores its messages, which predate the cluster adapter's format.)
 */
export async function remoteChatBroadcaster(databaseUrl: string, onError: (error: Error) => void): Promise<ChatBroadcaster> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  try {
    await ensureAttachmentsTable(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const member = new Server();
  member.adapter(createAdapter(pool, { tableName: ATTACHMENTS_TABLE, errorHandler: onError }));
  return {
    ...ioBroadcaster(member, true),
    close: async () => {
      // It has no HTTP server to close: only its adapter, which holds a LISTEN connection.
      await member.of('/').adapter.close();
      await pool.end();
    },
  };
}
