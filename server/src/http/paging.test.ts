import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@hcm/contract';
import { MAX_PAGE_NUMBER, pageOf, pageOfAll, pageOffset, parsePaging, queryParam } from './paging.js';

// The one paging of every list: lenient reading of ?page=&page_size=, and the Page answer with last_page.

const DEFAULTS = { page: DEFAULT_PAGE, pageSize: DEFAULT_PAGE_SIZE };

test('no query, or no paging in it: the defaults', () => {
  assert.deepEqual(parsePaging(undefined), DEFAULTS);
  assert.deepEqual(parsePaging(null), DEFAULTS);
  assert.deepEqual(parsePaging({}), DEFAULTS);
  assert.deepEqual(parsePaging({ search: 'x', sort: 'name' }), DEFAULTS);
});

test('whole numbers are taken, trimmed; the first of a repeated parameter', () => {
  assert.deepEqual(parsePaging({ page: '3', page_size: '25' }), { page: 3, pageSize: 25 });
  assert.deepEqual(parsePaging({ page: ' 2 ', page_size: '\t50' }), { page: 2, pageSize: 50 });
  assert.deepEqual(parsePaging({ page: ['4', '9'], page_size: ['20'] }), { page: 4, pageSize: 20 });
  assert.deepEqual(parsePaging({ page: '1', page_size: '1' }), { page: 1, pageSize: 1 });
});

test('nonsense falls back to the defaults', () => {
  for (const nonsense of ['', ' ', '0', '-1', '1.5', 'abc', 'zero', 'NaN', 'Infinity', '-Infinity', '1e400', '\u0000']) {
    assert.deepEqual(parsePaging({ page: nonsense, page_size: nonsense }), DEFAULTS, JSON.stringify(nonsense));
  }
  // Only text counts: numbers, objects and empty arrays are not what a query string carries.
  for (const shape of [7, { nested: '2' }, [], [{ a: 1 }], true]) {
    assert.deepEqual(parsePaging({ page: shape, page_size: shape }), DEFAULTS, JSON.stringify(shape));
  }
});

test('page_size is capped at MAX_PAGE_SIZE', () => {
  assert.equal(parsePaging({ page_size: String(MAX_PAGE_SIZE) }).pageSize, MAX_PAGE_SIZE);
  assert.equal(parsePaging({ page_size: String(MAX_PAGE_SIZE + 1) }).pageSize, MAX_PAGE_SIZE);
  assert.equal(parsePaging({ page_size: '1000' }).pageSize, MAX_PAGE_SIZE);
  assert.equal(parsePaging({ page_size: String(MAX_PAGE_NUMBER) }).pageSize, MAX_PAGE_SIZE);
});

test('page and page_size are bounded to the 32-bit range: beyond it, the default', () => {
  assert.equal(MAX_PAGE_NUMBER, 2 ** 31 - 1);
  assert.equal(parsePaging({ page: String(MAX_PAGE_NUMBER) }).page, MAX_PAGE_NUMBER);
  for (const huge of ['2147483648', '99999999999', '9007199254740993', '99999999999999999999', '1e20']) {
    assert.deepEqual(parsePaging({ page: huge, page_size: huge }), DEFAULTS, huge);
  }
});

test('the offset of the largest page still fits a safe integer (and a bigint OFFSET)', () => {
  const paging = parsePaging({ page: String(MAX_PAGE_NUMBER), page_size: String(MAX_PAGE_SIZE) });
  const offset = pageOffset(paging);
  assert.equal(offset, (MAX_PAGE_NUMBER - 1) * MAX_PAGE_SIZE);
  assert.ok(Number.isSafeInteger(offset));
  assert.equal(pageOffset({ page: 1, pageSize: 10 }), 0);
  assert.equal(pageOffset({ page: 3, pageSize: 25 }), 50);
});

test('pageOf: the Page shape; last_page rounds up and is 1 for no rows', () => {
  assert.deepEqual(pageOf([], 0, { page: 1, pageSize: 10 }), { data: [], total: 0, page: 1, page_size: 10, last_page: 1 });
  assert.deepEqual(pageOf(['a'], 1, { page: 1, pageSize: 10 }), { data: ['a'], total: 1, page: 1, page_size: 10, last_page: 1 });
  assert.equal(pageOf([], 10, { page: 1, pageSize: 10 }).last_page, 1);
  assert.equal(pageOf([], 11, { page: 1, pageSize: 10 }).last_page, 2);
  assert.equal(pageOf([], 15, { page: 1, pageSize: 4 }).last_page, 4);
  // A page beyond the last is answered as asked, empty, with the real last page.
  assert.deepEqual(pageOf([], 15, { page: 9, pageSize: 4 }), { data: [], total: 15, page: 9, page_size: 4, last_page: 4 });
  assert.deepEqual(pageOf([], 3, { page: MAX_PAGE_NUMBER, pageSize: MAX_PAGE_SIZE }), {
    data: [],
    total: 3,
    page: MAX_PAGE_NUMBER,
    page_size: MAX_PAGE_SIZE,
    last_page: 1,
  });
  // Extra keys of a list's query (search, sort) do not leak into the answer.
  assert.deepEqual(Object.keys(pageOf([], 0, { page: 1, pageSize: 10, search: 'x' } as never)), ['data', 'total', 'page', 'page_size', 'last_page']);
});

test('pageOfAll: the page of a list held in memory', () => {
  const rows = Array.from({ length: 7 }, (_, index) => index + 1);
  assert.deepEqual(pageOfAll(rows, { page: 1, pageSize: 3 }), { data: [1, 2, 3], total: 7, page: 1, page_size: 3, last_page: 3 });
  assert.deepEqual(pageOfAll(rows, { page: 3, pageSize: 3 }), { data: [7], total: 7, page: 3, page_size: 3, last_page: 3 });
  assert.deepEqual(pageOfAll(rows, { page: 4, pageSize: 3 }), { data: [], total: 7, page: 4, page_size: 3, last_page: 3 });
  assert.deepEqual(pageOfAll([], { page: 1, pageSize: 10 }), { data: [], total: 0, page: 1, page_size: 10, last_page: 1 });
  assert.deepEqual(pageOfAll(rows, { page: MAX_PAGE_NUMBER, pageSize: MAX_PAGE_SIZE }).data, []);
});

test('queryParam: the first value, trimmed; undefined when absent or not text', () => {
  assert.equal(queryParam({ a: ' x ' }, 'a'), 'x');
  assert.equal(queryParam({ a: ['y', 'z'] }, 'a'), 'y');
  assert.equal(queryParam({ a: 1 }, 'a'), undefined);
  assert.equal(queryParam({}, 'a'), undefined);
  assert.equal(queryParam(undefined, 'a'), undefined);
});
