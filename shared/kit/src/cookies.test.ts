import { deleteCookie, readCookie, writeCookie } from './cookies';

describe('cookie helpers', () => {
  afterEach(() => jest.restoreAllMocks());

  it('writes a site-wide, SameSite=Lax cookie with a max-age', () => {
    const setter = jest.spyOn(document, 'cookie', 'set');
    writeCookie('visit', '{"a":1}', { maxAgeSeconds: 600 });
    expect(setter).toHaveBeenCalledWith('visit=%7B%22a%22%3A1%7D; path=/; SameSite=Lax; max-age=600');
    writeCookie('client', 'x');
    expect(setter).toHaveBeenLastCalledWith('client=x; path=/; SameSite=Lax; max-age=2592000');
  });

  it('reads back any text, and only the cookie asked for', () => {
    writeCookie('search_string', 'Ann; O\'Neil = 100%');
    writeCookie('carer_search_string', 'other');
    expect(readCookie('search_string')).toBe('Ann; O\'Neil = 100%');
    expect(readCookie('carer_search_string')).toBe('other');
    expect(readCookie('string')).toBeUndefined();
  });

  it('deletes a cookie', () => {
    writeCookie('today_date', '2025-01-01');
    deleteCookie('today_date');
    expect(readCookie('today_date')).toBeUndefined();
  });
});
