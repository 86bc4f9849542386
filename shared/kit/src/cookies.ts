/** Thirty days: how long a cookie lives when the caller does not say. */
export const DEFAULT_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export type CookieOptions = {
  /** Lifetime in seconds (default 30 days). */
  maxAgeSeconds?: number;
  path?: string;
};

/** The decoded value of cookie `name`, or undefined. */
export function readCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  const match = document.cookie.split(/;\s*/).find((part) => part.startsWith(prefix));
  if (match === undefined) return undefined;
  try {
    return decodeURIComponent(match.slice(prefix.length));
  } catch {
    return undefined;
  }
}

/**
 * Writes cookie `name` for the whole site (path=/), SameSite=Lax, with a max-age, and Secure on HTTPS. The
 * value is URI-encoded, so any text (JSON included) is safe.
 */
export function writeCookie(name: string, value: string, { maxAgeSeconds = DEFAULT_COOKIE_MAX_AGE_SECONDS, path = '/' }: CookieOptions = {}): void {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=${path}; SameSite=Lax; max-age=${Math.floor(maxAgeSeconds)}${secure}`;
}

/** Removes cookie `name` (written with the same path). */
export function deleteCookie(name: string, { path = '/' }: Pick<CookieOptions, 'path'> = {}): void {
  document.cookie = `${encodeURIComponent(name)}=; path=${path}; SameSite=Lax; max-age=0`;
}
