// '@hcm/kit/storage': cookies, saved list filters, stored tab indexes and the 1-hour local cache. A separate
// shared module; the slot and key names come from '@hcm/contract'.
export { readCookie, writeCookie, deleteCookie, DEFAULT_COOKIE_MAX_AGE_SECONDS, type CookieOptions } from './cookies';
export { useSavedFilter, readSavedFilter, writeSavedFilter } from './useSavedFilter';
export { useStoredTabIndex, readTabIndex, writeTabIndex, storageFor } from './tabIndex';
export { cacheGet, cacheSet, cacheDelete, cachePrune, CACHE_PREFIX } from './cache';
