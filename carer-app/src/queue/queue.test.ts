import './idb-test-env';
import { openDb } from './db';
import { WriteQueue, type QueuedWrite, type SendAnswer } from './queue';

// The queue over a real (fake) IndexedDB: each test opens its own database, and "killing the app" is closing the
// database and making a new queue over a new connection to the same one.

let dbSeq = 0;
const names: string[] = [];
async function fresh() {
  const name = `queue-test-${++dbSeq}`;
  names.push(name);
  return { name, db: await openDb(name) };
}
const CARER = 'aisha.bello@homecare.test';
const queueOver = (db: IDBDatabase, owner: string | null = CARER) => new WriteQueue(db, () => owner);

/** A sender that records what it was sent and answers from a script (default 201). */
function recorder(script: (write: QueuedWrite, call: number) => SendAnswer | 'network' = () => ({ status: 201 })) {
  const sent: { path: string; key: string; body: Record<string, unknown> }[] = [];
  const send = async (write: QueuedWrite): Promise<SendAnswer> => {
    sent.push({ path: write.path, key: write.idempotencyKey, body: write.body });
    const answer = script(write, sent.length);
    if (answer === 'network') throw new TypeError('Failed to fetch');
    return answer;
  };
  return { sent, send };
}

describe('the offline queue', () => {
  it('keeps writes made offline through the app being killed, and sends them after, in order, with their keys', async () => {
    const { name, db } = await fresh();
    const first = queueOver(db);
    const checkIn = await first.add({ path: '/api/v1/carer-app/visits/7/check-in', body: { latitude: 51.5, longitude: -0.1, accuracy_metres: 12 }, label: 'Check in', visitId: 7 });
    const note = await first.add({ path: '/api/v1/carer-app/clients/3/notes', body: { category: 'other', note: 'Settled.' }, label: 'Care note', timeField: 'written_at' });
    const offline = recorder(() => 'network');
    expect(await first.flush(offline.send)).toMatchObject({ sent: 0, retryLater: true });
    expect(await first.counts()).toEqual({ waiting: 2, parked: 0 });
    db.close();

    // The app is killed and opened again: a new queue over the same database.
    const again = queueOver(await openDb(name));
    expect((await again.list()).map((write) => write.label)).toEqual(['Check in', 'Care note']);
    const online = recorder();
    expect(await again.flush(online.send, { force: true })).toMatchObject({ sent: 2, parked: 0, retryLater: false });
    expect(online.sent.map((write) => write.path)).toEqual(['/api/v1/carer-app/visits/7/check-in', '/api/v1/carer-app/clients/3/notes']);
    // The same key on every try: the one it was given when it was made.
    expect(online.sent.map((write) => write.key)).toEqual([checkIn.idempotencyKey, note.idempotencyKey]);
    expect(offline.sent[0]!.key).toBe(checkIn.idempotencyKey);
    // The device's time travels in the body: recorded_at, or written_at for a note.
    expect(online.sent[0]!.body.recorded_at).toBe(checkIn.deviceTime);
    expect(online.sent[1]!.body.written_at).toBe(note.deviceTime);
    expect(await again.counts()).toEqual({ waiting: 0, parked: 0 });
  });

  it('resends with the same key after a server failure, and waits longer each time unless forced', async () => {
    const { db } = await fresh();
    const queue = queueOver(db);
    const write = await queue.add({ path: '/api/v1/carer-app/visits/1/check-out', body: { no_position_reason: 'No signal' }, label: 'Check out' });
    const failing = recorder(() => ({ status: 503, message: 'Unavailable' }));
    await queue.flush(failing.send);
    // Within the backoff, an ordinary round does not try again; a forced one (back online) does.
    await queue.flush(failing.send);
    expect(failing.sent).toHaveLength(1);
    const [waiting] = await queue.list();
    expect(waiting).toMatchObject({ state: 'waiting', attempts: 1 });
    const ok = recorder();
    await queue.flush(ok.send, { force: true });
    expect(ok.sent.map((sent) => sent.key)).toEqual([write.idempotencyKey]);
    expect(await queue.list()).toEqual([]);
  });

  it('keeps the order: a write that fails on the network holds back those made after it', async () => {
    const { db } = await fresh();
    const queue = queueOver(db);
    await queue.add({ path: '/a', body: {}, label: 'A' });
    await queue.add({ path: '/b', body: {}, label: 'B' });
    const first = recorder((write) => (write.path === '/a' ? 'network' : { status: 201 }));
    await queue.flush(first.send, { force: true });
    expect(first.sent.map((sent) => sent.path)).toEqual(['/a']);
    const second = recorder();
    await queue.flush(second.send, { force: true });
    expect(second.sent.map((sent) => sent.path)).toEqual(['/a', '/b']);
  });

  it('parks a refusal with the server’s words and still sends the writes after it; the carer edits or discards it', async () => {
    const { db } = await fresh();
    const queue = queueOver(db);
    const refused = await queue.add({ path: '/api/v1/carer-app/clients/3/notes', body: { note: '' }, label: 'Care note' });
    await queue.add({ path: '/api/v1/carer-app/visits/7/tasks', body: { tasks: [] }, label: 'Tasks' });
    const server = recorder((write) =>
      write.path.endsWith('/notes') ? { status: 422, message: 'The given data was invalid.', errors: { note: ['Note is required.'] } } : { status: 201 },
    );
    expect(await queue.flush(server.send, { force: true })).toMatchObject({ sent: 1, parked: 1 });
    const [parked] = await queue.list();
    expect(parked).toMatchObject({ id: refused.id, state: 'parked', error: 'The given data was invalid. Note is required.', fieldErrors: { note: ['Note is required.'] } });
    expect(await queue.counts()).toEqual({ waiting: 0, parked: 1 });

    // A parked write is not sent again on its own.
    const idle = recorder();
    await queue.flush(idle.send, { force: true });
    expect(idle.sent).toEqual([]);

    // Edited, it waits again under a new key (the refused one saved nothing), and is sent.
    await queue.edit(refused.id, { note: 'Settled, ate well.' });
    const [edited] = await queue.list();
    expect(edited).toMatchObject({ state: 'waiting', error: null, fieldErrors: null });
    expect(edited!.idempotencyKey).not.toBe(refused.idempotencyKey);
    const after = recorder();
    await queue.flush(after.send, { force: true });
    expect(after.sent.map((sent) => sent.body.note)).toEqual(['Settled, ate well.']);

    // Discarding removes it for good.
    const conflict = await queue.add({ path: '/x', body: {}, label: 'X' });
    await queue.flush(recorder(() => ({ status: 409, message: 'This visit was cancelled: call the office.' })).send, { force: true });
    expect((await queue.list())[0]).toMatchObject({ state: 'parked', error: 'This visit was cancelled: call the office.' });
    await queue.discard(conflict.id);
    expect(await queue.list()).toEqual([]);
  });

  it('puts no device time in a body that carries its own (timeField null)', async () => {
    const { db } = await fresh();
    const queue = queueOver(db);
    const entry = await queue.add({ path: '/api/v1/carer-app/clients/3/money', body: { transaction_date: '2026-03-02', amount: '4.20' }, label: 'Money', timeField: null });
    expect(entry.body).toEqual({ transaction_date: '2026-03-02', amount: '4.20' });
    const incident = await queue.add({ path: '/api/v1/carer-app/clients/3/incidents', body: { happened_at: '2026-03-02T09:40:00.000Z' }, label: 'Fall', timeField: null });
    expect(incident.body.happened_at).toBe('2026-03-02T09:40:00.000Z');
  });

  it('stops on 401 or 403 (the device was signed out) and loses nothing', async () => {
    const { db } = await fresh();
    const queue = queueOver(db);
    await queue.add({ path: '/a', body: {}, label: 'A' });
    await queue.add({ path: '/b', body: {}, label: 'B' });
    const revoked = recorder(() => ({ status: 401, message: 'Unauthenticated.' }));
    expect(await queue.flush(revoked.send, { force: true })).toMatchObject({ signedOut: true, sent: 0 });
    expect(revoked.sent).toHaveLength(1);
    expect(await queue.counts()).toEqual({ waiting: 2, parked: 0 });
  });

  it('sends a carer’s writes only with that carer signed in', async () => {
    const { db } = await fresh();
    await queueOver(db, CARER).add({ path: '/a', body: {}, label: 'A' });
    const other = queueOver(db, 'tom.fletcher@homecare.test');
    const sender = recorder();
    await other.flush(sender.send, { force: true });
    expect(sender.sent).toEqual([]);
    expect(await queueOver(db, CARER).counts()).toEqual({ waiting: 1, parked: 0 });
  });

  it('sends again when asked while a failing round is still running (the phone came back online mid-try)', async () => {
    const { db } = await fresh();
    const queue = queueOver(db);
    await queue.add({ path: '/a', body: {}, label: 'A' });
    // The first try hangs until the test fails it, so the second flush is asked while that round runs.
    let tryStarted!: () => void;
    const trying = new Promise<void>((resolve) => (tryStarted = resolve));
    let failTheTry!: () => void;
    const offline = async (): Promise<SendAnswer> => {
      tryStarted();
      await new Promise<void>((resolve) => (failTheTry = resolve));
      throw new TypeError('Failed to fetch');
    };
    const first = queue.flush(offline);
    await trying;
    const online = recorder();
    const second = queue.flush(online.send, { force: true });
    failTheTry();
    expect(await first).toMatchObject({ sent: 0, retryLater: true });
    expect(await second).toMatchObject({ sent: 1, retryLater: false });
    expect(online.sent.map((write) => write.path)).toEqual(['/a']);
    expect(await queue.counts()).toEqual({ waiting: 0, parked: 0 });
  });
});
