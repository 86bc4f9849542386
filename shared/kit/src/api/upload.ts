import { CSRF_COOKIE, CSRF_HEADER, type ApiEnvelope } from '@hcm/contract';
// Relative on purpose: this file belongs to the kit's core entry ('@hcm/kit' re-exports it), so importing
// '@hcm/kit' here would be the package importing itself.
import { reportUnauthenticated, type ApiResult } from './client';
import { readCookie } from '../cookies';
import { useRuntime } from '../stores/runtime';

/**
 * Multipart encoding of a form's values (spec §5, §7):
 * - a File or Blob is sent as a file;
 * - null and undefined are sent as '' (an empty value);
 * - an array is sent as repeated `name[]` entries, each element encoded by these rules (files too); an empty
 *   array is sent as `name` = '' so the server still sees the field was emptied;
 * - a Date as its ISO text;
 * - any other object is JSON-encoded;
 * - booleans as 'true' / 'false' (not '1' / '0'), numbers and strings as their text.
 */
export function toFormData(values: Record<string, unknown>, formData: FormData = new FormData()): FormData {
  for (const [name, value] of Object.entries(values)) {
    if (Array.isArray(value)) {
      if (value.length === 0) formData.append(name, '');
      const arrayName = name.endsWith('[]') ? name : `${name}[]`;
      for (const item of value) appendValue(formData, arrayName, item);
    } else {
      appendValue(formData, name, value);
    }
  }
  return formData;
}

function appendValue(formData: FormData, name: string, value: unknown): void {
  if (value === null || value === undefined) formData.append(name, '');
  else if (value instanceof Blob) formData.append(name, value, value instanceof File ? value.name : 'blob');
  else if (value instanceof Date) formData.append(name, value.toISOString());
  else if (typeof value === 'object') formData.append(name, JSON.stringify(value));
  else formData.append(name, String(value));
}

export type UploadProgressEvent = { loaded: number; total: number; percent: number };

export type UploadOptions = {
  /** Called as the body goes out; percent is 0–100 (whole numbers). */
  onProgress?: (progress: UploadProgressEvent) => void;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  method?: 'POST' | 'PUT';
};

/** An API path ('api/v1/documents') against the registry's API address, like the ky client; full URLs stay. */
function resolveUrl(url: string): string {
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(url)) return url;
  const base = useRuntime.getState().registry.apiUrl.replace(/\/+$/, '');
  return `${base}/${url.replace(/^\/+/, '')}`;
}

function parseBody<T>(text: string): Partial<ApiEnvelope<T>> | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as Partial<ApiEnvelope<T>>;
  } catch {
    return null;
  }
}

const failure = <T>(message: string, httpStatus = 0): ApiResult<T> => ({ data: null, error: true, message, errors: null, httpStatus });

/**
 * Sends multipart `formData` with upload progress (spec §7 "file upload … with a progress callback").
 * XMLHttpRequest, because fetch reports no upload progress. Like the API client it sends cookies, the
 * X-Requested-With header and the CSRF header, and answers `{ data, error, message, errors, httpStatus }`;
 * it never throws (a network failure or an abort is an error result).
 */
export function uploadWithProgress<T>(url: string, formData: FormData, { onProgress, headers, signal, method = 'POST' }: UploadOptions = {}): Promise<ApiResult<T>> {
  return new Promise((resolve) => {
    if (signal?.aborted) {
      resolve(failure('The upload was cancelled.'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, resolveUrl(url));
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readCookie(CSRF_COOKIE);
    if (token) xhr.setRequestHeader(CSRF_HEADER, token);
    // No Content-Type: the browser writes multipart/form-data with its boundary.
    for (const [name, value] of Object.entries(headers ?? {})) xhr.setRequestHeader(name, value);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.({ loaded: event.loaded, total: event.total, percent: Math.round((event.loaded / event.total) * 100) });
      }
    };

    const handleAbort = () => xhr.abort();
    const settle = (result: ApiResult<T>) => {
      signal?.removeEventListener('abort', handleAbort);
      resolve(result);
    };

    xhr.onload = () => {
      const body = parseBody<T>(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        settle({ data: body?.data ?? null, error: body ? body.status === false : false, message: body?.message ?? '', errors: body?.errors ?? null, httpStatus: xhr.status });
      } else {
        if (xhr.status === 401) reportUnauthenticated();
        settle({ data: null, error: true, message: body?.message ?? `The server answered ${xhr.status}.`, errors: body?.errors ?? null, httpStatus: xhr.status });
      }
    };
    xhr.onerror = () => settle(failure('The server could not be reached. Check your connection.'));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => settle(failure('The upload was cancelled.'));
    signal?.addEventListener('abort', handleAbort);

    xhr.send(formData);
  });
}
