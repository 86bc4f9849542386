import { createReadStream, readFileSync, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

/**
 * A URL path percent-decoded, or undefined when it cannot be: a malformed escape (`%`, `%ZZ`, a truncated or
 * overlong UTF-8 sequence such as `%E0%A4%A` or `%C0%AF`) or an encoded NUL. The server answers those 400.
 */
export function decodePath(urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  return decoded.includes('\0') ? undefined : decoded;
}

/** The file under `root` that a URL path names, or undefined if it is malformed, escapes the root or does not exist. */
export function fileUnder(root: string, urlPath: string): string | undefined {
  const decoded = decodePath(urlPath);
  if (decoded === undefined) return undefined;
  const file = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (file !== root && !file.startsWith(root + path.sep)) return undefined;
  try {
    return statSync(file, { throwIfNoEntry: false })?.isFile() ? file : undefined;
  } catch {
    // A name too long for the file system, or a folder it may not read: not a file served here.
    return undefined;
  }
}

/** Whether a file is a source map: never served unless SERVE_SOURCE_MAPS=true (they hold the whole source). */
export function isSourceMap(file: string): boolean {
  return path.extname(file).toLowerCase() === '.map';
}

/** SERVE_SOURCE_MAPS=true (or 1, yes, on): the opt-in to serve `*.map` files, off by default. */
export function sourceMapsServed(env: NodeJS.ProcessEnv): boolean {
  return ['1', 'true', 'yes', 'on'].includes(env.SERVE_SOURCE_MAPS?.trim().toLowerCase() ?? '');
}

export function sendFile(
  response: ServerResponse,
  file: string,
  cacheControl: string,
  extraHeaders: Record<string, string> = {},
  headOnly = false,
): void {
  const { size, mtime } = statSync(file);
  response.writeHead(200, {
    'Content-Type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
    'Content-Length': size,
    'Cache-Control': cacheControl,
    'Last-Modified': mtime.toUTCString(),
    'X-Content-Type-Options': 'nosniff',
    ...extraHeaders,
  });
  if (headOnly) response.end();
  // A read that fails once the headers are out (the file removed meanwhile) can only cut the answer short.
  else createReadStream(file).on('error', () => response.destroy()).pipe(response);
}

export function sendJson(response: ServerResponse, status: number, body: unknown, extraHeaders: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': NO_CACHE,
    ...extraHeaders,
  });
  response.end(text);
}

export function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}
