import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { createQueryClient, DataProvider, type QueryClient } from '@hcm/kit/data';

/**
 * A cache of the test's own, as the host's but without retries (a failure shows at once) and without garbage
 * collection timers. One per test (or per simulated page load): answers never leak from one test to the next.
 */
export function createTestQueryClient(): QueryClient {
  return createQueryClient({ queries: { retry: false, gcTime: Infinity } });
}

/** `ui` inside the data layer, as the host mounts it, with a fresh test cache unless one is given. */
export function withData(ui: ReactElement, client: QueryClient = createTestQueryClient()): ReactElement {
  return <DataProvider client={client}>{ui}</DataProvider>;
}

/** `render(withData(ui))`, with the cache it used (to look into it, or to render again with the same one). */
export function renderWithData(ui: ReactElement, client: QueryClient = createTestQueryClient()): RenderResult & { client: QueryClient } {
  return { ...render(withData(ui, client)), client };
}
