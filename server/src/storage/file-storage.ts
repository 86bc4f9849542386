import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { DEFAULT_PGLITE_DIR, IN_MEMORY } from '../paths.js';

// Files kept for the records (uploads on a client's file, receipts of money handled): bytes go to a FileStorage,
// the database keeps the key, name, type, size and checksum. The disk store is the default; anything with
// put/get/delete by key can replace it (an S3-compatible store: see README.md beside this file).

/** What the stores agree on: opaque keys such as `clients/12/6f1c…`, bytes in, a stream out. */
export type FileStorage = {
  /** Stores the bytes under the key, replacing nothing: a key is used once. */
  put(key: string, bytes: Uint8Array, options?: { contentType?: string }): Promise<void>;
  /** The bytes as a stream; FileNotFoundError when there is no such key. */
  get(key: string): Promise<Readable>;
  /** Removes the bytes (a missing key is not an error: deleting twice is harmless). */
  delete(key: string): Promise<void>;
};

/** No file under this key (the row names bytes that are gone: answered 404, logged). */
export class FileNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored file under "${key}".`);
  }
}

// Keys are made by the server, never taken from a request; the check still refuses anything that could leave
// the store's folder on disk or mean something to an object store (.., //, a leading slash, odd characters).
const KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/;

export function assertStorageKey(key: string): void {
  if (!KEY.test(key) || key.includes('..') || key.length > 512) throw new Error(`Not a storage key: "${key}".`);
}

/** A new key under a prefix (e.g. `clients/12`): the prefix groups an owner's files, the rest is random. */
export function newStorageKey(prefix: string): string {
  const key = `${prefix}/${randomUUID()}`;
  assertStorageKey(key);
  return key;
}

/**
 * Files on the local disk under one folder, a file per key (folders for the key's slashes). Written to a
 * temporary name then renamed, so a reader never sees half a file; folders 0700 and files 0600.
 */
export class DiskFileStorage implements FileStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  #pathOf(key: string): string {
    assertStorageKey(key);
    const path = resolve(join(this.root, ...key.split('/')));
    if (!path.startsWith(this.root + sep)) throw new Error(`Not a storage key: "${key}".`);
    return path;
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const path = this.#pathOf(key);
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    const temporary = `${path}.${randomUUID()}.part`;
    try {
      await writeFile(temporary, bytes, { mode: 0o600, flag: 'wx' });
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Readable> {
    const path = this.#pathOf(key);
    try {
      if (!(await stat(path)).isFile()) throw new FileNotFoundError(key);
    } catch (error) {
      if (error instanceof FileNotFoundError || (error as NodeJS.ErrnoException).code === 'ENOENT') throw new FileNotFoundError(key);
      throw error;
    }
    return createReadStream(path);
  }

  async delete(key: string): Promise<void> {
    await rm(this.#pathOf(key), { force: true });
  }
}

/** Files held in memory: for a throw-away database (tests, `memory://`), whose files go with it. */
export class MemoryFileStorage implements FileStorage {
  readonly #files = new Map<string, Buffer>();

  async put(key: string, bytes: Uint8Array): Promise<void> {
    assertStorageKey(key);
    this.#files.set(key, Buffer.from(bytes));
  }

  async get(key: string): Promise<Readable> {
    assertStorageKey(key);
    const bytes = this.#files.get(key);
    if (!bytes) throw new FileNotFoundError(key);
    return Readable.from([bytes]);
  }

  async delete(key: string): Promise<void> {
    this.#files.delete(key);
  }

  /** How many files are held (tests). */
  get size(): number {
    return this.#files.size;
  }

  /** Every file held, by key (a test database's snapshot keeps them with it: db/test-database.ts). */
  entries(): [string, Buffer][] {
    return [...this.#files];
  }
}

type Env = Record<string, string | undefined>;

/**
 * Where files live on disk, found the way the server finds its other data (config.ts): FILES_DIR when set;
 * else a `files` folder beside the PGlite data folder (server/.data/files by default, also with DATABASE_URL,
 * like the app key). Null for a throw-away database (PGLITE_DATA_DIR=memory://, or a test run by node's test
 * runner): its files are kept in memory and go with it.
 */
export function filesDirOf(env: Env = process.env): string | null {
  const configured = env.FILES_DIR?.trim();
  if (configured) return resolve(configured);
  const pgliteDir = env.PGLITE_DATA_DIR?.trim() || DEFAULT_PGLITE_DIR;
  if (env.DATABASE_URL?.trim()) return join(dirname(DEFAULT_PGLITE_DIR), 'files');
  if (pgliteDir === IN_MEMORY || env.NODE_TEST_CONTEXT) return null;
  return join(dirname(resolve(pgliteDir)), 'files');
}

let current: FileStorage | undefined;

/** The process's file storage: the one set by useFileStorage, else the default of filesDirOf (made once). */
export function fileStorage(): FileStorage {
  if (!current) {
    const dir = filesDirOf();
    current = dir ? new DiskFileStorage(dir) : new MemoryFileStorage();
  }
  return current;
}

/**
 * Puts another store in place (an S3-compatible one at start-up, a fresh memory store in a test); answers a function
 * that puts the previous one back (a test file shares its process with others).
 */
export function useFileStorage(storage: FileStorage): () => void {
  const previous = current;
  current = storage;
  return () => {
    current = previous;
  };
}

/** Reads a stored file whole (small files: seeding, tests, PDFs to bundle). */
export async function readStoredFile(storage: FileStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.get(key)) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
