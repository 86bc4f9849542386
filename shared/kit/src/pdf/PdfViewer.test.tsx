import type { ReactElement, ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { PDF_VIEWER_HEIGHT, PdfViewer } from './index';

// pdf.js needs a canvas and a Web Worker, which jsdom has neither of, so the viewer module is replaced at its
// boundary: the fake Viewer shows what the real one would for the outcome the test picks (loading, a load
// error, or the rendered document). `import.meta` (the worker URL) does not exist in jest's CommonJS either.
type FakeViewerProps = {
  fileUrl: string | Uint8Array;
  withCredentials?: boolean;
  transformGetDocumentParams?: (params: { data?: string | Uint8Array }) => { data?: string | Uint8Array };
  renderLoader?: (percent: number) => ReactElement;
  renderError?: (error: { name?: string; message?: string }) => ReactElement;
};
let outcome: { kind: 'loading'; percent: number } | { kind: 'error'; name?: string; message?: string } | { kind: 'loaded' };
const viewerProps = jest.fn();
const workerProps = jest.fn();

jest.mock('./workerUrl', () => ({ PDF_WORKER_URL: '/assets/pdf.worker.min.js' }));
jest.mock('@react-pdf-viewer/core', () => ({
  Worker: ({ workerUrl, children }: { workerUrl: string; children: ReactNode }) => {
    workerProps(workerUrl);
    return <>{children}</>;
  },
  Viewer: (props: FakeViewerProps) => {
    viewerProps(props);
    if (outcome.kind === 'loading') return props.renderLoader?.(outcome.percent) ?? null;
    if (outcome.kind === 'error') return props.renderError?.(outcome) ?? null;
    return <div>Page 1 of care-plan.pdf</div>;
  },
}));

describe('PdfViewer (spec §2.4, §9)', () => {
  beforeEach(() => {
    viewerProps.mockClear();
    workerProps.mockClear();
  });

  it('shows the document 800px high, with the worker from the bundle, cookies sent, and a download link', () => {
    outcome = { kind: 'loaded' };
    render(<PdfViewer file="/api/v1/documents/7/file" title="Care plan" />);
    const region = screen.getByRole('region', { name: 'PDF: Care plan' });
    expect(region).toHaveTextContent('Page 1 of care-plan.pdf');
    expect(screen.getByText('Page 1 of care-plan.pdf').parentElement).toHaveStyle({ height: '800px' });
    expect(PDF_VIEWER_HEIGHT).toBe(800);
    expect(workerProps).toHaveBeenCalledWith('/assets/pdf.worker.min.js');
    expect(viewerProps).toHaveBeenCalledWith(expect.objectContaining({ fileUrl: '/api/v1/documents/7/file', withCredentials: true }));
    const link = screen.getByRole('link', { name: 'Download Care plan (PDF)' });
    expect(link).toHaveAttribute('href', '/api/v1/documents/7/file');
    expect(link).toHaveAttribute('download', 'Care plan.pdf');
  });

  it('shows bytes the screen fetched without fetching them again, downloading from the URL it is given', () => {
    outcome = { kind: 'loaded' };
    const bytes = new TextEncoder().encode('%PDF-1.7 invoice');
    render(<PdfViewer file={bytes} downloadUrl="blob:http://app.test/4b1d" title="Invoice INV-2026-27-000012" downloadName="INV-2026-27-000012.pdf" withCredentials={false} />);
    expect(screen.getByRole('region', { name: 'PDF: Invoice INV-2026-27-000012' })).toHaveTextContent('Page 1 of care-plan.pdf');
    const props = viewerProps.mock.calls[0]![0] as FakeViewerProps;
    expect(props.fileUrl).toBe(bytes);
    // pdf.js empties the bytes it is given (they move to its worker): it must get a copy, so a reload still has them.
    const sent = props.transformGetDocumentParams!({ data: bytes }).data;
    expect(sent).not.toBe(bytes);
    expect(sent).toEqual(bytes);
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAccessibleName('Download Invoice INV-2026-27-000012 (PDF)');
    expect(links[0]).toHaveAttribute('href', 'blob:http://app.test/4b1d');
    expect(links[0]).toHaveAttribute('download', 'INV-2026-27-000012.pdf');
  });

  it('offers no download link for bytes without a download URL, and does not point to one in an error', () => {
    outcome = { kind: 'error', name: 'InvalidPDFException' };
    render(<PdfViewer file={new Uint8Array([1, 2, 3])} title="Letter" />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The file is not a valid PDF.');
    expect(screen.getByRole('alert')).not.toHaveTextContent('download link');
  });

  it('shows loading progress', () => {
    outcome = { kind: 'loading', percent: 37.4 };
    render(<PdfViewer file="/f.pdf" title="Invoice 12" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading Invoice 12… 37%');
  });

  it('shows a clear error, keeping the download link, when the PDF cannot be opened', () => {
    outcome = { kind: 'error', name: 'InvalidPDFException', message: 'Invalid PDF structure.' };
    render(<PdfViewer file="/f.pdf" title="Risk assessment" downloadName="risk.pdf" />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Risk assessment could not be shown');
    expect(alert).toHaveTextContent('The file is not a valid PDF.');
    expect(screen.getByRole('link', { name: 'Download Risk assessment (PDF)' })).toHaveAttribute('download', 'risk.pdf');
  });

  it("falls back to pdf.js's own message for other errors", () => {
    outcome = { kind: 'error', name: 'UnknownErrorException', message: 'Worker was terminated.' };
    render(<PdfViewer file="/f.pdf" title="Letter" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Worker was terminated.');
  });
});
