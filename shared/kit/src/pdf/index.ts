// '@hcm/kit/pdf': the inline PDF viewer. A separate shared module because pdf.js is heavy; it reaches the
// kit's core through '@hcm/kit'.
export { PdfViewer, PDF_VIEWER_HEIGHT, type PdfViewerProps } from './PdfViewer';
