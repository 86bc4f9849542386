// The phone's own store (IndexedDB): the writes waiting to be sent, the last day and care sheets read (so the day
// reads offline), and the session. One database, shared by the page and the service worker.

export const DB_NAME = 'hcm-carer-app';
const VERSION = 1;
export const WRITES = 'writes';
export const CACHE = 'cache';
export const META = 'meta';

/** Opens (and on first use creates) the app's database. */
export function openDb(name = DB_NAME, factory: IDBFactory = indexedDB): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name, VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      // Auto-increment keys keep the order the writes were made in.
      if (!db.objectStoreNames.contains(WRITES)) db.createObjectStore(WRITES, { keyPath: 'seq', autoIncrement: true });
      if (!db.objectStoreNames.contains(CACHE)) db.createObjectStore(CACHE, { keyPath: 'key' });
      if (!db.objectStoreNames.contains(META)) db.createObjectStore(META, { keyPath: 'key' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Runs one request in its own transaction and answers its result once the transaction has committed. */
export function run<T>(db: IDBDatabase, store: string, mode: IDBTransactionMode, make: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(store, mode);
    const request = make(transaction.objectStore(store));
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = () => reject(transaction.error ?? request.error);
    transaction.onabort = () => reject(transaction.error ?? new Error('The phone’s storage refused the change.'));
  });
}

/** A value kept under a key (cache and meta stores). */
export async function getValue<T>(db: IDBDatabase, store: string, key: string): Promise<T | undefined> {
  const row = await run<{ key: string; value: T } | undefined>(db, store, 'readonly', (s) => s.get(key));
  return row?.value;
}

export async function putValue<T>(db: IDBDatabase, store: string, key: string, value: T): Promise<void> {
  await run(db, store, 'readwrite', (s) => s.put({ key, value }));
}

export async function deleteValue(db: IDBDatabase, store: string, key: string): Promise<void> {
  await run(db, store, 'readwrite', (s) => s.delete(key));
}

export async function clearStore(db: IDBDatabase, store: string): Promise<void> {
  await run(db, store, 'readwrite', (s) => s.clear());
}
