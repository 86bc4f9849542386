import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { forgetDataOnSessionChange, queryClient } from './client';

/**
 * The data layer for everything below it: the host mounts it once around the signed-in app, so the host's
 * screens and every remote's read and write through one cache. While mounted, the cache is forgotten whenever
 * the signed-in identity changes (sign-out, account switch). Tests give a client of their own.
 */
export function DataProvider({ client = queryClient, children }: { client?: QueryClient; children: ReactNode }) {
  useEffect(() => forgetDataOnSessionChange(client), [client]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
