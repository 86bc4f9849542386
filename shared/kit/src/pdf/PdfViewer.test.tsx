import type { ReactElement, ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { PDF_VIEWER_HEIGHT, PdfViewer } from './index';

// pdf.js needs a canvas and a Web Worker, which jsdom has neither of, so the viewer module is replaced at its
// boundary: the fake Viewer shows what the real one would for the outcome the test picks (loading, a load
// error, or the rendered document). `import.meta` (the worker URL) does not exist in jest's CommonJS either.
type FakeViewerProps = {
  fileUrl: string;
  withCredentials?: boolean;
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
    render(<PdfViewer fileUrl="/api/v1/documents/7/file" title="Care plan" />);
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

  it('shows loading progress', () => {
    outcome = { kind: 'loading', percent: 37.4 };
    render(<PdfViewer fileUrl="/f.pdf" title="Invoice 12" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading Invoice 12… 37%');
  });

  it('shows a clear error, keeping the download link, when the PDF cannot be opened', () => {
    outcome = { kind: 'error', name: 'InvalidPDFException', message: 'Invalid PDF structure.' };
    render(<PdfViewer fileUrl="/f.pdf" title="Risk assessment" downloadName="risk.pdf" />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Risk assessment could not be shown');
    expect(alert).toHaveTextContent('The file is not a valid PDF.');
    expect(screen.getByRole('link', { name: 'Download Risk assessment (PDF)' })).toHaveAttribute('download', 'risk.pdf');
  });

  it("falls back to pdf.js's own message for other errors", () => {
    outcome = { kind: 'error', name: 'UnknownErrorException', message: 'Worker was terminated.' };
    render(<PdfViewer fileUrl="/f.pdf" title="Letter" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Worker was terminated.');
  });
});
