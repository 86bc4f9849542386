import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { useRuntime } from '@hcm/kit';
import { registerAreas } from './areas/federation';
import { fetchRegistry } from './registry';
import { createAppRouter } from './router';
import { StartupError } from './pages/StartupError';

const root = createRoot(document.getElementById('root')!);

fetchRegistry()
  .then((registry) => {
    useRuntime.getState().setRegistry(registry);
    registerAreas(registry.areas);
    const router = createAppRouter(registry.areas);
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    console.error(error);
    root.render(<StartupError />);
  });
