import './ui/tokens.css';

// The kit's core: API client, stores and router-free UI. Entry points that need the router or the form
// library ('@hcm/kit/routing', '/table', '/forms') are separate shared modules.
export { api, resourcePath, onUnauthenticated, type ApiResult } from './api/client';
export { toFormData, uploadWithProgress, type UploadOptions, type UploadProgressEvent } from './api/upload';
export { readCookie, writeCookie, deleteCookie, DEFAULT_COOKIE_MAX_AGE_SECONDS, type CookieOptions } from './cookies';
export { useRuntime } from './stores/runtime';
export { areaEvents, useAreaEvent, useLiveConnection } from './stores/area-events';
export { useAlerts, notify } from './stores/alerts';
export { useSession, useCan } from './stores/session';
export { usePageTitleStore, useRouteName } from './stores/page-title';
export { useRenderWhenSettled } from './ui/useRenderWhenSettled';
export { Button, PageHeader, Card, Loading, EmptyState, ErrorPanel, NotFound, kitStyles, dashboardPanelStyles } from './ui/components';
