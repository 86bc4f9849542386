// Stored files: the FileStorage interface and its disk and memory stores, what a file is by its first bytes,
// and multipart bodies for upload routes. Exported to the areas by ../platform.ts.
export * from './file-storage.js';
export * from './file-types.js';
export * from './multipart.js';
