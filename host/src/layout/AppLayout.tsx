import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { areaForPath, filterNavigation } from '@hcm/contract';
import { Button, Loading, useRuntime, useSession } from '@hcm/kit';
import { openableAreas, prefetchAreasWhenIdle } from '../areas/prefetch';
import { preloadArea } from '../areas/RemoteArea';
import { ChatHeaderLink } from '../chat/ChatHeaderLink';
import { useChatConnection } from '../chat/useChatConnection';
import { sidebarTree } from './navigation';
import { Sidebar } from './Sidebar';
import { SwitchAccountMenu } from './SwitchAccountMenu';
import { SwitchedBanner } from './SwitchedBanner';
import styles from './AppLayout.module.css';

// The time tracker's panel and store load after sign-in, in their own chunk (not with the login screen).
const TrackerPanel = lazy(() => import('../tracker/TrackerPanel'));

/** The signed-in application: header, sidebar and the current page, refreshed whenever the full path changes. */
export function AppLayout() {
  const { user, status, loadUser, logout } = useSession();
  const registry = useRuntime((state) => state.registry);
  const location = useLocation();
  const navigate = useNavigate();
  const items = useMemo(() => filterNavigation(sidebarTree(registry.areas), user), [registry.areas, user]);
  useChatConnection();

  useEffect(() => {
    if (status === 'unknown') void loadUser();
  }, [status, loadUser]);

  // Once signed in, the areas the user can open load while the browser is idle (after the area the page opened
  // in, if any): a first click finds them there.
  const [openedIn] = useState(() => areaForPath(registry.areas, location.pathname));
  useEffect(() => {
    if (!user) return undefined;
    return prefetchAreasWhenIdle(openableAreas(registry.areas, user), (area) => void preloadArea(area), openedIn ? preloadArea(openedIn) : undefined);
  }, [user, registry.areas, openedIn]);

  if (status === 'unknown') return <Loading label="Checking your session…" />;
  if (!user) return <Navigate to="/" replace state={{ from: location.pathname + location.search }} />;

  // Hovering or focusing a menu item fetches its area's code, so the click finds it loaded.
  const handleLinkIntent = (target: string) => {
    const area = areaForPath(registry.areas, target);
    if (area) preloadArea(area);
  };

  const handleLogout = async () => {
    await logout();
    navigate('/', { replace: true });
  };

  return (
    <div className={styles.layout}>
      <a href="#main" className={styles.skip}>
        Skip to content
      </a>
      <header className={styles.header}>
        <Link to="/app/dashboard" className={styles.brand}>
          {registry.productLabel}
        </Link>
        <div className={styles.account}>
          <SwitchAccountMenu />
          <ChatHeaderLink />
          <Link to="/app/profile">{user.name}</Link>
          <span className={styles.role}>{user.roleLabel ?? 'No role'}</span>
          <Button variant="secondary" onClick={handleLogout}>
            Log out
          </Button>
        </div>
      </header>
      <Sidebar items={items} onLinkIntent={handleLinkIntent} />
      <main id="main" className={styles.main} key={location.pathname + location.search} tabIndex={-1}>
        <SwitchedBanner />
        <Outlet />
      </main>
      <Suspense fallback={null}>
        <TrackerPanel />
      </Suspense>
    </div>
  );
}
