import { clock } from '@hcm/contract/time';
import { run, WRITES } from './db.js';

// The offline queue. Every write the carer makes is first stored on the phone with its Idempotency-Key and the
// device's time, then sent in the order it was made. Rules (README "The offline queue"):
// - a write is sent with the same Idempotency-Key on every try, so a resend after a lost answer is answered with the
//   first record, never a second;
// - a network failure or a 5xx stops the round (the order is kept) and the first waiting write is tried again
//   later, waiting longer each time (2 s, 4 s, 8 s… at most 5 minutes); going online or coming back to the app tries
//   at once;
// - a refusal (4xx: 409 conflict, 422 invalid, 404 no longer yours) parks the write with the server's words until
//   the carer edits or discards it; the writes after it are still sent (one bad note must not hold back the day's
//   record; a write that depended on it is refused by the server in its own words and parked too);
// - 401 or 403 means the device was signed out or revoked: the round stops, nothing is lost, the app signs out.

export type WriteState = 'waiting' | 'parked';

export type QueuedWrite = {
  seq?: number;
  id: string;
  /** Who made it (the signed-in email): a write is only ever sent with its maker's token. */
  owner: string;
  method: 'POST';
  path: string;
  body: Record<string, unknown>;
  idempotencyKey: string;
  /** The device's time of the event (also in the body, in `timeField`). */
  deviceTime: string;
  createdAt: string;
  state: WriteState;
  error: string | null;
  /** A parked write's refusal per field, as the server's 422 `errors` gave it (the form shows them at the fields). */
  fieldErrors?: Record<string, string[]> | null;
  attempts: number;
  /** Epoch ms (product clock) before which it is not retried. */
  nextAttemptAt: number;
  /** What the carer sees in the list: "Check in at Margaret Ellison". */
  label: string;
  visitId: number | null;
};

export type NewWrite = {
  path: string;
  body: Record<string, unknown>;
  label: string;
  visitId?: number | null;
  /**
   * The body field the device's time goes in: recorded_at (most writes) or written_at (care notes); null when the
   * body carries its own time or has none (a money entry has its day; a corrected write keeps its first time).
   */
  timeField?: string | null;
};

/** What the server answered a write: its status and, for a refusal, its message and per-field errors. */
export type SendAnswer = { status: number; message?: string; errors?: Record<string, string[]> | null };
/** Sends one write; throws when the network failed (no answer at all). */
export type Sender = (write: QueuedWrite) => Promise<SendAnswer>;

export type FlushOutcome = { sent: number; parked: number; retryLater: boolean; signedOut: boolean };

const FIRST_WAIT_MS = 2_000;
const LONGEST_WAIT_MS = 5 * 60_000;

/** The wait before the next try after `attempts` failures. */
export const backoffMs = (attempts: number) => Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** Math.max(0, attempts - 1));

function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A new Idempotency-Key (the API takes 8 to 100 of letters, digits, -, _, : and .). */
export const newIdempotencyKey = () => `carer-${randomId()}`;

/** The refusal in words: the server's message and each field's errors. */
export function refusalText(answer: SendAnswer): string {
  const details = Object.values(answer.errors ?? {}).flat();
  const message = answer.message?.trim() || `The office system refused this (${answer.status}).`;
  const extra = details.filter((detail) => detail !== message);
  return extra.length ? `${message} ${extra.join(' ')}` : message;
}

export class WriteQueue {
  private listeners = new Set<() => void>();
  private running: Promise<FlushOutcome> | null = null;
  /** The round asked for while one ran, and whether any asker wanted it to ignore the backoff. */
  private next: Promise<FlushOutcome> | null = null;
  private asked: { send: Sender; force: boolean } | null = null;

  constructor(
    private readonly db: IDBDatabase,
    private readonly owner: () => string | null,
  ) {}

  /** Tells `listener` whenever the queue changes; answers the unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed() {
    for (const listener of this.listeners) listener();
  }

  /** Stores a write (sent later by flush): its key and device time are fixed now, for every try. */
  async add(input: NewWrite): Promise<QueuedWrite> {
    const owner = this.owner();
    if (!owner) throw new Error('Sign in first.');
    const at = clock.now().toISOString();
    const write: QueuedWrite = {
      id: randomId(),
      owner,
      method: 'POST',
      path: input.path,
      body: input.timeField === null ? { ...input.body } : { ...input.body, [input.timeField ?? 'recorded_at']: at },
      idempotencyKey: newIdempotencyKey(),
      deviceTime: at,
      createdAt: at,
      state: 'waiting',
      error: null,
      attempts: 0,
      nextAttemptAt: 0,
      label: input.label,
      visitId: input.visitId ?? null,
    };
    const seq = await run(this.db, WRITES, 'readwrite', (store) => store.add(write));
    this.changed();
    return { ...write, seq: Number(seq) };
  }

  /** The signed-in carer's writes not yet sent, in the order they were made. */
  async list(): Promise<QueuedWrite[]> {
    const owner = this.owner();
    const rows = await run<QueuedWrite[]>(this.db, WRITES, 'readonly', (store) => store.getAll());
    return rows.filter((row) => row.owner === owner).sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  }

  /** How many of the carer's writes wait, and how many are parked (refused). */
  async counts(): Promise<{ waiting: number; parked: number }> {
    const rows = await this.list();
    return { waiting: rows.filter((row) => row.state === 'waiting').length, parked: rows.filter((row) => row.state === 'parked').length };
  }

  private async put(write: QueuedWrite) {
    await run(this.db, WRITES, 'readwrite', (store) => store.put(write));
  }

  private async remove(write: QueuedWrite) {
    await run(this.db, WRITES, 'readwrite', (store) => store.delete(write.seq!));
  }

  /** The carer gives up a parked write. */
  async discard(id: string): Promise<void> {
    const write = (await this.list()).find((row) => row.id === id);
    if (write) await this.remove(write);
    this.changed();
  }

  /**
   * The carer corrects a parked write: it waits again with the new body and a new Idempotency-Key (the server
   * refused the first, so nothing was saved under the old key; reusing it with another body would be a conflict).
   * It keeps its place in the order and its device time.
   */
  async edit(id: string, body: Record<string, unknown>): Promise<void> {
    const write = (await this.list()).find((row) => row.id === id);
    if (!write) return;
    await this.put({ ...write, body, idempotencyKey: newIdempotencyKey(), state: 'waiting', error: null, fieldErrors: null, attempts: 0, nextAttemptAt: 0 });
    this.changed();
  }

  /**
   * Sends the waiting writes in order (one round at a time); `force` ignores the backoff (online, resumed). Asked
   * while a round runs (the phone came online as a failed try was being stored), another round follows that one:
   * joining it would leave the writes waiting for the backoff though the connection is back.
   */
  flush(send: Sender, options: { force?: boolean } = {}): Promise<FlushOutcome> {
    if (this.running) {
      this.asked = { send, force: (this.asked?.force ?? false) || (options.force ?? false) };
      this.next ??= this.running.then(() => {
        const asked = this.asked!;
        this.next = null;
        this.asked = null;
        return this.flush(asked.send, { force: asked.force });
      });
      return this.next;
    }
    this.running = this.round(send, options.force ?? false).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async round(send: Sender, force: boolean): Promise<FlushOutcome> {
    const outcome: FlushOutcome = { sent: 0, parked: 0, retryLater: false, signedOut: false };
    for (const write of await this.list()) {
      if (write.state !== 'waiting') continue;
      if (!force && write.nextAttemptAt > clock.nowMs()) {
        outcome.retryLater = true;
        break;
      }
      let answer: SendAnswer | null = null;
      try {
        answer = await send(write);
      } catch {
        answer = null;
      }
      if (answer && answer.status >= 200 && answer.status < 300) {
        await this.remove(write);
        outcome.sent += 1;
      } else if (answer && (answer.status === 401 || answer.status === 403)) {
        outcome.signedOut = true;
        break;
      } else if (answer && answer.status >= 400 && answer.status < 500 && answer.status !== 408 && answer.status !== 429) {
        await this.put({ ...write, state: 'parked', error: refusalText(answer), fieldErrors: answer.errors ?? null });
        outcome.parked += 1;
      } else {
        // No answer, a timeout, too many requests or the server's own failure: the same write, later, same key.
        const attempts = write.attempts + 1;
        await this.put({ ...write, attempts, nextAttemptAt: clock.nowMs() + backoffMs(attempts) });
        outcome.retryLater = true;
        break;
      }
      this.changed();
    }
    this.changed();
    return outcome;
  }
}
