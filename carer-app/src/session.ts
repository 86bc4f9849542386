import { CACHE, clearStore, deleteValue, getValue, META, putValue } from './queue/db.js';

// The signed-in device, kept in IndexedDB (the service worker sends the queue with it too). The device key
// outlives a sign-out: a device the account has used is not asked for an emailed code again.

export type Session = { token: string; email: string; name: string; deviceId: number | null };

export const readSession = (db: IDBDatabase) => getValue<Session>(db, META, 'session');
export const saveSession = (db: IDBDatabase, session: Session) => putValue(db, META, 'session', session);
export const readDeviceKey = (db: IDBDatabase) => getValue<string>(db, META, 'device-key');
export const saveDeviceKey = (db: IDBDatabase, key: string) => putValue(db, META, 'device-key', key);

/** Forgets the session and what was read with it (the day, care sheets); writes not sent stay with their maker. */
export async function forgetSession(db: IDBDatabase): Promise<void> {
  await deleteValue(db, META, 'session');
  await clearStore(db, CACHE);
}
