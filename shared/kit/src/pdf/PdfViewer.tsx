import { Viewer, Worker, type LoadError } from '@react-pdf-viewer/core';
import '@react-pdf-viewer/core/lib/styles/index.css';
import { ErrorPanel, Loading } from '@hcm/kit';
import { PDF_WORKER_URL } from './workerUrl';
import styles from './PdfViewer.module.css';

/** Spec §9: the PDF viewer is 800px high. */
export const PDF_VIEWER_HEIGHT = 800;

export type PdfViewerProps = {
  /** The PDF's URL (an API file URL is fetched with the session cookies; see withCredentials). */
  fileUrl: string;
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
 * An inline PDF viewer (spec §2.4), 800px high (§9), with a download link and a clear error state. pdf.js
 * is heavy, so this lives in its own entry point ('@hcm/kit/pdf'): only screens that show PDFs load it.
 */
export function PdfViewer({ fileUrl, title, downloadName, withCredentials = true }: PdfViewerProps) {
  const fileName = downloadName ?? `${title.replace(/\.pdf$/i, '')}.pdf`;
  const download = (
    <a className={styles.download} href={fileUrl} download={fileName}>
      Download {title} (PDF)
    </a>
  );
  return (
    <section className={styles.pdf} aria-label={`PDF: ${title}`}>
      <div className={styles.toolbar}>
        <span className={styles.title}>{title}</span>
        {download}
      </div>
      <div className={styles.viewer} style={{ height: PDF_VIEWER_HEIGHT }}>
        <Worker workerUrl={PDF_WORKER_URL}>
          <Viewer
            fileUrl={fileUrl}
            withCredentials={withCredentials}
            renderLoader={(percent) => <Loading label={`Loading ${title}… ${Math.round(percent)}%`} />}
            renderError={(error) => (
              <div className={styles.error}>
                <ErrorPanel title={`${title} could not be shown`}>
                  {errorText(error)} You can still try the download link.
                </ErrorPanel>
              </div>
            )}
          />
        </Worker>
      </div>
    </section>
  );
}
