import { lazy, Suspense } from 'react';
import { ErrorPanel, Loading } from '@hcm/kit';
import { usePdf } from './common';
import styles from './print.module.css';

// pdf.js is heavy: the viewer loads only once a document has arrived.
const PdfViewer = lazy(() => import('@hcm/kit/pdf').then((module) => ({ default: module.PdfViewer })));

/** Why a document could not be shown, in words a finance officer can act on. */
function failureText(httpStatus: number, what: string, message: string): string {
  if (httpStatus === 404) return `${what} was not found. Check the number or the address, or find it in the raised invoices.`;
  if (httpStatus === 403) return 'You may not see finance documents: your role needs the “See finance” permission.';
  if (httpStatus === 401) return 'Your session has ended. Sign in again to see this document.';
  return message;
}

/**
 * The server's PDF of one document or bundle: the viewer (800px high, with its download link) when it has arrived,
 * a status while it is made, a clear message when the server refuses (404, 403, 422 with the fields at fault).
 */
export function PdfPanel({ url, title, fileName, what }: { url: string; title: string; fileName: string; what: string }) {
  const pdf = usePdf(url);
  if (pdf.status === 'loading') return <Loading label={`Preparing ${title}…`} />;
  if (pdf.status === 'failed') {
    return (
      <div>
        <ErrorPanel title={`${title} could not be shown`}>{failureText(pdf.httpStatus, what, pdf.message)}</ErrorPanel>
        {pdf.errors ? (
          <ul className={styles.errors} aria-label="What to correct">
            {Object.entries(pdf.errors).flatMap(([field, messages]) => messages.map((message) => <li key={`${field}${message}`}>{message}</li>))}
          </ul>
        ) : null}
      </div>
    );
  }
  return (
    <Suspense fallback={<Loading label="Loading the PDF viewer…" />}>
      <PdfViewer file={pdf.bytes} downloadUrl={pdf.url} title={title} downloadName={fileName} withCredentials={false} />
    </Suspense>
  );
}
