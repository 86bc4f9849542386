import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

// Secrets the server must read back (TOTP secrets) are stored encrypted with AES-256-GCM under the app key,
// so a copy of the database alone does not give away anyone's second factor.

const VERSION = 'v1';

/** Encrypts and decrypts short secrets with one 32-byte key. */
export class SecretBox {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('The app key must be 32 bytes.');
    this.key = key;
  }

  /** `v1.<iv>.<tag>.<ciphertext>`, base64url; a fresh random IV each time. */
  encrypt(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  }

  /** Throws when the value was not made with this key or has been altered. */
  decrypt(sealed: string): string {
    const [version, iv, tag, ciphertext] = sealed.split('.');
    if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined) {
      throw new Error('Not an encrypted secret.');
    }
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }
}

/**
 * The key from APP_KEY: `base64:` and 32 bytes (Laravel's format), 64 hex digits, or any other text of at
 * least 32 characters (hashed to 32 bytes with SHA-256).
 */
export function parseAppKey(value: string): Buffer {
  if (value.startsWith('base64:')) {
    const key = Buffer.from(value.slice('base64:'.length), 'base64');
    if (key.length !== 32) throw new Error('APP_KEY: a base64: key must decode to 32 bytes.');
    return key;
  }
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  if (value.length < 32) throw new Error('APP_KEY must be at least 32 characters (or base64:<32 bytes>).');
  return createHash('sha256').update(value).digest();
}

/**
 * Reads the key file, or creates it (32 random bytes, base64, mode 0600) when it does not exist yet. Created
 * with O_EXCL, so two processes starting together end up with the same key.
 */
export function keyFromFile(path: string): Buffer {
  try {
    return parseAppKey(readFileSync(path, 'utf8').trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dirname(path), { recursive: true });
  try {
    writeFileSync(path, `base64:${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return parseAppKey(readFileSync(path, 'utf8').trim());
}

/** APP_KEY when set; else the key file when one is named; else a key that lives as long as the process (tests). */
export function secretBoxFor(options: { appKey?: string | undefined; appKeyFile?: string | undefined }): SecretBox {
  if (options.appKey) return new SecretBox(parseAppKey(options.appKey));
  if (options.appKeyFile) return new SecretBox(keyFromFile(options.appKeyFile));
  return new SecretBox(randomBytes(32));
}
