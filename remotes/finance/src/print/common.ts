import { useEffect, useState } from 'react';
import type { FieldErrors } from '@hcm/contract';
import { londonDate } from '@hcm/contract/engine';
import { useRuntime } from '@hcm/kit';

// The printable documents' screens fetch the server's PDF themselves (not through the viewer) so a 404, 403 or
// 422 is told in words before any viewer loads. A PDF that arrives is given to the viewer as bytes: the host's CSP
// (connect-src) lets no one fetch a blob: URL, so the object URL serves only the download link (a navigation).

export const PRINT_API = 'api/v1/finance/print';

export const INVOICE_VARIANTS = [
  { value: 'default', label: 'Default' },
  { value: 'local-authority', label: 'Local authority (council client id, purchase order, hours by call band)' },
  { value: 'nhs-chc', label: 'NHS continuing healthcare (NHS number, CHC package reference)' },
] as const;

export type PdfState =
  | { status: 'loading' }
  | { status: 'ready'; bytes: Uint8Array; url: string }
  | { status: 'failed'; httpStatus: number; message: string; errors: FieldErrors | null };

/** The API's absolute address of a print path with its query (empty values left out). */
export function usePrintUrl(path: string, query: Record<string, string> = {}): string {
  const apiUrl = useRuntime((state) => state.registry.apiUrl).replace(/\/+$/, '');
  const search = new URLSearchParams(Object.entries(query).filter(([, value]) => value !== '')).toString();
  return `${apiUrl}/${PRINT_API}/${path}${search ? `?${search}` : ''}`;
}

/** Fetches a PDF (with the session's cookies) and answers its bytes and an object URL to download it, or why it could not be had. */
export function usePdf(url: string | null): PdfState {
  const [state, setState] = useState<PdfState>({ status: 'loading' });
  useEffect(() => {
    if (!url) return undefined;
    const abort = new AbortController();
    let objectUrl = '';
    setState({ status: 'loading' });
    (async () => {
      try {
        const response = await fetch(url, { credentials: 'include', signal: abort.signal, headers: { Accept: 'application/pdf', 'X-Requested-With': 'XMLHttpRequest' } });
        if (!response.ok) {
          const body = (await response.json().catch(() => null)) as { message?: string; errors?: FieldErrors | null } | null;
          setState({ status: 'failed', httpStatus: response.status, message: body?.message ?? `The server answered ${response.status}.`, errors: body?.errors ?? null });
          return;
        }
        const bytes = new Uint8Array(await response.arrayBuffer());
        objectUrl = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
        setState({ status: 'ready', bytes, url: objectUrl });
      } catch (error) {
        if (abort.signal.aborted) return;
        setState({ status: 'failed', httpStatus: 0, message: error instanceof Error ? error.message : 'The server could not be reached.', errors: null });
      }
    })();
    return () => {
      abort.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return state;
}

const shiftMonth = (day: string, months: number) => {
  const at = new Date(`${day.slice(0, 7)}-01T12:00:00Z`);
  at.setUTCMonth(at.getUTCMonth() + months);
  return at.toISOString().slice(0, 10);
};
const dayBefore = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** The whole of last month (UK days): the usual invoicing period. */
export function lastMonth(today = londonDate()): { from: string; to: string } {
  const first = shiftMonth(today, -1);
  return { from: first, to: dayBefore(shiftMonth(today, 0)) };
}

/** The last three months to today, a statement's usual period. */
export function lastQuarter(today = londonDate()): { from: string; to: string } {
  return { from: shiftMonth(today, -2), to: today };
}

