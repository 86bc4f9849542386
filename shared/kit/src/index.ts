import './ui/tokens.css';

export { api, resourcePath, onUnauthenticated, type ApiResult } from './api/client';
export { useRuntime } from './stores/runtime';
export { useAlerts, notify } from './stores/alerts';
export { useSession, useCan } from './stores/session';
export { usePageTitleStore, useRouteName } from './stores/page-title';
export { Button, ButtonLink, PageHeader, Card, Loading, EmptyState, ErrorPanel, NotFound, kitStyles } from './ui/components';
export { AreaHome } from './ui/AreaHome';
export { AreaRoutes } from './ui/AreaRoutes';
