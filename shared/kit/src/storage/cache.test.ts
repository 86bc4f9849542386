import { CACHE_PREFIX, cacheDelete, cacheGet, cachePrune, cacheSet } from './cache';

describe('local cache (spec §9: expiry 1 hour)', () => {
  beforeEach(() => {
    localStorage.clear();
    jest.useFakeTimers({ now: new Date('2025-03-01T09:00:00Z') });
  });
  afterEach(() => jest.useRealTimers());

  it('answers a cached value, with its timestamps, until one hour has passed', () => {
    cacheSet('branches', [{ id: 1, name: 'Camden' }]);
    expect(JSON.parse(localStorage.getItem(`${CACHE_PREFIX}branches`) ?? '{}')).toMatchObject({
      storedAt: Date.parse('2025-03-01T09:00:00Z'),
      expiresAt: Date.parse('2025-03-01T10:00:00Z'),
    });
    jest.advanceTimersByTime(60 * 60 * 1000 - 1);
    expect(cacheGet('branches')).toEqual([{ id: 1, name: 'Camden' }]);
    jest.advanceTimersByTime(1);
    expect(cacheGet('branches')).toBeUndefined();
    expect(localStorage.getItem(`${CACHE_PREFIX}branches`)).toBeNull();
  });

  it('takes another lifetime when given, and deletes on request', () => {
    cacheSet('short', 'x', 1000);
    cacheSet('gone', 'y');
    cacheDelete('gone');
    expect(cacheGet('gone')).toBeUndefined();
    jest.advanceTimersByTime(1000);
    expect(cacheGet('short')).toBeUndefined();
  });

  it('treats a corrupt entry as missing, and prunes expired entries only', () => {
    localStorage.setItem(`${CACHE_PREFIX}broken`, '{oops');
    expect(cacheGet('broken')).toBeUndefined();
    cacheSet('old', 1, 10);
    cacheSet('fresh', 2);
    localStorage.setItem('tab_index', '3');
    jest.advanceTimersByTime(10);
    cachePrune();
    expect(localStorage.getItem(`${CACHE_PREFIX}old`)).toBeNull();
    expect(cacheGet('fresh')).toBe(2);
    expect(localStorage.getItem('tab_index')).toBe('3');
  });
});
