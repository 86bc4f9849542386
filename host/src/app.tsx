import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { useRuntime } from '@hcm/kit';
import { DataProvider } from '@hcm/kit/data';
import { createAppRouter } from './router';

/**
 * The routed application; loaded after the login screen, together with react-router and the data layer (one
 * cache for the host's screens and every remote's, forgotten at sign-out and account switch).
 */
export function renderApp(root: Root): void {
  const router = createAppRouter(useRuntime.getState().registry.areas);
  root.render(
    <StrictMode>
      <DataProvider>
        <RouterProvider router={router} />
      </DataProvider>
    </StrictMode>,
  );
}
