import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { useRuntime } from '@hcm/kit';
import { createAppRouter } from './router';

/** The routed application; loaded after the login screen, together with react-router. */
export function renderApp(root: Root): void {
  const router = createAppRouter(useRuntime.getState().registry.areas);
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
