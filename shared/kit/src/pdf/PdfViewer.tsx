import { Viewer, Worker, type LoadError, type PdfJs } from '@react-pdf-viewer/core';
import '@react-pdf-viewer/core/lib/styles/index.css';
import { ErrorPanel, Loading } from '@hcm/kit';
import { PDF_WORKER_URL } from './workerUrl';
import styles from './PdfViewer.module.css';

/** Spec §9: the PDF viewer is 800px high. */
export const PDF_VIEWER_HEIGHT = 800;

export type PdfViewerProps = {
  /**
   * The PDF: its URL (fetched by the viewer, with the session cookies; see withCredentials), or its bytes when the
   * screen has fetched it already (the viewer then fetches nothing, so no blob: URL needs the CSP's connect-src).
   */
  file: string | Uint8Array;
  /** Where the download link points when `file` is bytes (an object URL of them); a URL file downloads from itself. */
  downloadUrl?: string;
  /** The document's name, used in the viewer's label and the download link. */
  title: string;
  /** The file name the download saves as (default: the title with .pdf). */
  downloadName?: string;
  /** Send cookies with the request for the file (default true: documents sit behind the session). */
  withCredentials?: boolean;
};

/** A readable sentence for pdf.js's load errors. */
function errorText(error: LoadError): string {
  switch (error.name) {
    case 'InvalidPDFException':
      return 'The file is not a valid PDF.';
    case 'MissingPDFException':
      return 'The file could not be found.';
    case 'UnexpectedResponseException':
      return 'The server did not send the file.';
    case 'PasswordException':
      return 'The PDF is protected by a password.';
    default:
      return error.message || 'The PDF could not be opened.';
  }
}

/**
 * pdf.js hands the bytes it is given to its worker, leaving them empty: it gets a copy, so a second load of the
 * same document (StrictMode, the viewer reopening it) still has them.
 */
const copyBytes = (params: PdfJs.GetDocumentParams): PdfJs.GetDocumentParams => (params.data && typeof params.data !== 'string' ? { ...params, data: params.data.slice() } : params);

/**
 * An inline PDF viewer (spec §2.4), 800px high (§9), with a download link and a clear error state. pdf.js
 * is heavy, so this lives in its own entry point ('@hcm/kit/pdf'): only screens that show PDFs load it.
 */
export function PdfViewer({ file, downloadUrl, title, downloadName, withCredentials = true }: PdfViewerProps) {
  const fileName = downloadName ?? `${title.replace(/\.pdf$/i, '')}.pdf`;
  const href = typeof file === 'string' ? file : downloadUrl;
  const download = href ? (
    <a className={styles.download} href={href} download={fileName}>
      Download {title} (PDF)
    </a>
  ) : null;
  return (
    <section className={styles.pdf} aria-label={`PDF: ${title}`}>
      <div className={styles.toolbar}>
        <span className={styles.title}>{title}</span>
        {download}
      </div>
      <div className={styles.viewer} style={{ height: PDF_VIEWER_HEIGHT }}>
        <Worker workerUrl={PDF_WORKER_URL}>
          <Viewer
            fileUrl={file}
            withCredentials={withCredentials}
            transformGetDocumentParams={copyBytes}
            renderLoader={(percent) => <Loading label={`Loading ${title}… ${Math.round(percent)}%`} />}
            renderError={(error) => (
              <div className={styles.error}>
                <ErrorPanel title={`${title} could not be shown`}>
                  {errorText(error)}
                  {download ? ' You can still try the download link.' : null}
                </ErrorPanel>
              </div>
            )}
          />
        </Worker>
      </div>
    </section>
  );
}
