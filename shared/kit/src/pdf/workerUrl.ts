// pdf.js renders in a Web Worker. Its script comes from our own bundle, not a CDN: webpack 5 sees
// `new URL(<module request>, import.meta.url)`, emits the file as an asset and answers its public URL.
// The worker's version must match pdfjs-dist's (3.11.174), which this guarantees.
// Kept alone in this module because `import.meta` does not exist in jest's CommonJS (tests mock it).
export const PDF_WORKER_URL: string = new URL('pdfjs-dist/build/pdf.worker.min.js', import.meta.url).toString();
