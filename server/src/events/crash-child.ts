import * as v from 'valibot';
import { openDatabase } from '../db/client.js';
import { IN_MEMORY } from '../paths.js';
import { deliverDueEvents, eventRegistry, publishEvent, type PublishedEvent } from './outbox.js';

// The kill -9 test's child (./crash.test.ts), an API process delivering events: it answers each ping with a pong
// (a write in the delivery's transaction) and, at the ping it is told to stall on, says MID-HANDLER with that
// transaction open and waits to be killed.
//   node --import tsx crash-child.ts <postgres url | PGlite data dir> <n to stall on>

export const PING: PublishedEvent = { type: 'alpha.ping', payload: v.object({ n: v.number() }), meaning: 'A ping.' };
export const PONG: PublishedEvent = { type: 'beta.pong', payload: v.object({ n: v.number() }), meaning: 'Its answer.' };

/** The made-up areas of the test: alpha pings, beta answers; `onPing` runs in the handler before it returns. */
export const pingAreas = (onPing: (n: number) => Promise<void> = async () => undefined) => [
  { name: 'alpha', publishes: { events: [PING] } },
  {
    name: 'beta',
    publishes: { events: [PONG] },
    eventHandlers: [
      {
        name: 'answers-pings',
        handles: ['alpha.ping'],
        async handle(event: { payload: Record<string, unknown> }, tx: Parameters<typeof publishEvent>[0]) {
          const n = (event.payload as { n: number }).n;
          await publishEvent(tx, PONG, { n });
          await onPing(n);
        },
      },
    ],
  },
];

const [target, stallArg] = process.argv.slice(2);
if (target && import.meta.url === `file://${process.argv[1]}`) {
  const handle = target.startsWith('postgres') ? await openDatabase({ databaseUrl: target, pgliteDataDir: IN_MEMORY }) : await openDatabase({ pgliteDataDir: target });
  const stallOn = Number(stallArg);
  const registry = eventRegistry(
    pingAreas(async (n) => {
      if (n !== stallOn) return;
      process.stdout.write('MID-HANDLER\n');
      // Held open until the parent's SIGKILL; the interval keeps the process alive.
      await new Promise(() => setInterval(() => undefined, 1_000));
    }) as never,
  );
  await deliverDueEvents(handle.db, registry, {});
}
