// '@hcm/kit/storage': cookies, saved list filters, stored tab indexes and the 1-hour local cache. A separate
// shared module; the slot and key names come from '@hcm/contract'.
// Cookie helpers live in the kit's core (the API client reads the CSRF cookie); re-exported here.
export { readCookie, writeCookie, deleteCookie, DEFAULT_COOKIE_MAX_AGE_SECONDS, type CookieOptions } from '@hcm/kit';
export { useSavedFilter, readSavedFilter, writeSavedFilter } from './useSavedFilter';
export { useStoredTabIndex, readTabIndex, writeTabIndex, storageFor } from './tabIndex';
export { cacheGet, cacheSet, cacheDelete, cachePrune, CACHE_PREFIX } from './cache';
