import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { useRuntime, useSession } from '@hcm/kit';
import { areaForPath } from '@hcm/contract';
import { loadExposedModule, registerAreas } from './areas/federation';
import { preloadArea } from './areas/loads';
import { StandaloneLogin } from './auth/StandaloneLogin';
import { StartupError } from './pages/StartupError';
import { fetchRegistry } from './registry';

const root = createRoot(document.getElementById('root')!);

/** Loads the routed application (and react-router with it), at `path`. */
async function startApp(path?: string) {
  if (path) window.history.replaceState(null, '', path);
  const { renderApp } = await import('./app');
  renderApp(root);
}

fetchRegistry()
  .then((registry) => {
    useRuntime.getState().setRegistry(registry);
    registerAreas(registry.areas);
    useRuntime.getState().setExposedModuleLoader(loadExposedModule);
    // An address inside an area (a bookmark, a reload): its code starts loading now, alongside the app's own
    // chunks and the session check, instead of after them.
    const opening = areaForPath(registry.areas, window.location.pathname);
    if (opening && window.location.pathname.startsWith('/app/')) void preloadArea(opening);
    if (window.location.pathname !== '/') {
      // Who is signed in is asked now too, not once the app's chunks have run (the layout shares this answer).
      if (window.location.pathname.startsWith('/app/')) void useSession.getState().loadUser();
      return startApp();
    }
    // The login screen first, without the router: it is most visits' first page and must load fast.
    // A visitor who is still signed in goes straight on to the dashboard.
    root.render(
      <StrictMode>
        <StandaloneLogin onLoggedIn={() => void startApp('/app/dashboard')} />
      </StrictMode>,
    );
    return useSession
      .getState()
      .loadUser()
      .then((user) => (user ? startApp('/app/dashboard') : undefined));
  })
  .catch((error: unknown) => {
    console.error(error);
    root.render(<StartupError />);
  });
