// For the queue's tests: jsdom has no IndexedDB (fake-indexeddb stands in) and no structuredClone (which it uses).
if (typeof globalThis.structuredClone !== 'function') {
  globalThis.structuredClone = <T>(value: T): T => (value === undefined ? value : JSON.parse(JSON.stringify(value)));
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
require('fake-indexeddb/auto');
