import type { AppConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { noChatServer, remoteChatBroadcaster, type ChatBroadcaster } from './broadcaster.js';
import { startChatServer, type ChatServer, type ChatServerOptions } from './server.js';

export type ChatLog = NonNullable<ChatServerOptions['log']>;

/** The chat side of a process: what the API routes send through, the server if this process runs one. */
export type ChatRuntime = { broadcaster: ChatBroadcaster; server: ChatServer | undefined; notes: string[]; close(): Promise<void> };

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/** The chat server of this process: socket.io on CHAT_PORT, over TLS when its files are set. */
export async function runChatServer(config: AppConfig, db: Database, log: ChatLog): Promise<ChatServer> {
  return startChatServer({
    db,
    lifetime: { idleMs: config.sessionIdleMinutes * 60_000, absoluteMs: config.sessionAbsoluteHours * 3_600_000 },
    webOrigins: config.webOrigins,
    port: config.chat.port,
    host: config.host,
    tls: config.chat.tls,
    // Over PostgreSQL the adapter lets more chat processes (dist/chat.js) join this one.
    databaseUrl: config.databaseUrl,
    log,
  });
}

/**
 * For the API process (main.ts): the embedded chat server by default; with CHAT_EMBEDDED=false over
 * PostgreSQL, an emitter to the chat processes; over PGlite with CHAT_EMBEDDED=false, nothing (a warning).
 */
export async function chatForApi(config: AppConfig, db: Database, log: ChatLog): Promise<ChatRuntime> {
  if (config.chat.embedded) {
    const server = await runChatServer(config, db, log);
    const notes = [`Chat server listening on ${server.url}${config.databaseUrl ? ' (PostgreSQL adapter)' : ''}`];
    if (!config.chat.tls && !LOOPBACK.has(config.host)) {
      notes.push('Chat server without TLS on a non-local address: put it behind TLS or set CHAT_TLS_CERT and CHAT_TLS_KEY.');
    }
    return { broadcaster: server.broadcaster, server, notes, close: () => server.close() };
  }
  if (config.databaseUrl) {
    const broadcaster = await remoteChatBroadcaster(config.databaseUrl, (error) => log.error(error, 'chat emitter'));
    return {
      broadcaster,
      server: undefined,
      notes: ['Chat: served by separate chat processes (CHAT_EMBEDDED=false); the API reaches them through PostgreSQL.'],
      close: () => broadcaster.close(),
    };
  }
  return {
    broadcaster: noChatServer,
    server: undefined,
    notes: ['CHAT_EMBEDDED=false over the embedded database: no chat server can share it, so chat messages are stored but not pushed.'],
    close: async () => {},
  };
}
