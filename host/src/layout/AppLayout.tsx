import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { areaForPath, filterNavigation } from '@hcm/contract';
import { Button, Loading, useRuntime, useSession } from '@hcm/kit';
import { isAtLeast, useBreakpoint } from '@hcm/kit/elements';
import { openableAreas, prefetchAreasWhenIdle } from '../areas/prefetch';
import { preloadArea } from '../areas/RemoteArea';
import { ChatHeaderLink } from '../chat/ChatHeaderLink';
import { useChatConnection } from '../chat/useChatConnection';
import { HeaderSearch } from '../search/HeaderSearch';
import { MenuDrawer } from './MenuDrawer';
import { arrangeMenu, menuTitleForPath, sidebarTree } from './navigation';
import { Sidebar, SidebarRail } from './Sidebar';
import { SwitchAccountMenu } from './SwitchAccountMenu';
import { SwitchedBanner } from './SwitchedBanner';
import { useMenuTitleStore } from './useDocumentTitle';
import { useSidebarCollapsed } from './useSidebarCollapsed';
import styles from './AppLayout.module.css';

// The time tracker's panel and store load after sign-in, in their own chunk (not with the login screen).
const TrackerPanel = lazy(() => import('../tracker/TrackerPanel'));

/** Below this breakpoint (the kit's 'lg', 992 px) the sidebar is a drawer opened from the header's "Menu" button. */
export const WIDE_LAYOUT = 'lg';

/**
 * The signed-in application: header, sidebar and the current page, refreshed whenever the full path changes.
 * Wide screens show the sidebar beside the page (collapsible to a rail, remembered per user); narrow ones put
 * the page first and the sidebar in a modal drawer.
 */
export function AppLayout() {
  const { user, status, loadUser, logout } = useSession();
  const registry = useRuntime((state) => state.registry);
  const location = useLocation();
  const navigate = useNavigate();
  const items = useMemo(() => arrangeMenu(filterNavigation(sidebarTree(registry.areas), user), user), [registry.areas, user]);
  useChatConnection();

  const wide = isAtLeast(useBreakpoint(), WIDE_LAYOUT);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Widened while the drawer was open: the sidebar is beside the page now, and the drawer is not open later.
  if (wide && drawerOpen) setDrawerOpen(false);
  const [collapsed, setCollapsed] = useSidebarCollapsed(user?.userID);
  const [railGroup, setRailGroup] = useState<string | undefined>(undefined);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  // The page title's fallback: the menu entry of this page, when the screen does not name its route.
  const menuTitle = useMemo(() => menuTitleForPath(sidebarTree(registry.areas), location.pathname) ?? null, [registry.areas, location.pathname]);
  useEffect(() => {
    useMenuTitleStore.getState().setMenuTitle(menuTitle);
    return () => useMenuTitleStore.getState().setMenuTitle(null);
  }, [menuTitle]);

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

  const closeDrawer = () => setDrawerOpen(false);
  const openRailGroup = (name: string) => {
    setRailGroup(name);
    setCollapsed(false);
  };
  const toggleCollapsed = () => {
    setRailGroup(undefined);
    setCollapsed(!collapsed);
  };

  const layoutClass = [styles.layout, wide ? '' : styles.narrow, wide && collapsed ? styles.collapsed : ''].join(' ');
  return (
    <div className={layoutClass}>
      <a href="#main" className={styles.skip}>
        Skip to content
      </a>
      <header className={styles.header} inert={drawerOpen || undefined}>
        <div className={styles.start}>
          {wide ? null : (
            <button
              ref={menuButtonRef}
              type="button"
              className={styles.menuButton}
              aria-expanded={drawerOpen}
              aria-controls={menuId}
              onClick={() => setDrawerOpen(true)}
            >
              <span aria-hidden="true" className={styles.menuIcon} />
              Menu
            </button>
          )}
          <Link to="/app/dashboard" className={styles.brand}>
            {registry.productLabel}
          </Link>
        </div>
        <HeaderSearch menu={items} />
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
      {wide ? (
        <div className={styles.sidebarColumn}>
          <button
            type="button"
            className={styles.collapseButton}
            aria-controls={menuId}
            aria-label={collapsed ? 'Expand menu' : 'Collapse menu'}
            title={collapsed ? 'Expand menu' : 'Collapse menu'}
            onClick={toggleCollapsed}
          >
            <span aria-hidden="true">{collapsed ? '»' : '«'}</span>
          </button>
          {collapsed ? (
            <SidebarRail id={menuId} items={items} onLinkIntent={handleLinkIntent} onOpenGroup={openRailGroup} />
          ) : (
            <Sidebar id={menuId} items={items} onLinkIntent={handleLinkIntent} openGroup={railGroup} />
          )}
        </div>
      ) : (
        <MenuDrawer id={menuId} open={drawerOpen} onClose={closeDrawer} returnFocusTo={menuButtonRef}>
          <Sidebar items={items} onLinkIntent={handleLinkIntent} onNavigate={closeDrawer} />
        </MenuDrawer>
      )}
      <main id="main" className={styles.main} key={location.pathname + location.search} tabIndex={-1} inert={drawerOpen || undefined}>
        <SwitchedBanner />
        <Outlet />
      </main>
      <Suspense fallback={null}>
        <TrackerPanel />
      </Suspense>
    </div>
  );
}
