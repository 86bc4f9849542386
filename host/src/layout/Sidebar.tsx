import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { GROUP_TARGET, isItemOpen, resolveTarget, routeIdFromPath, type NavigationItem } from '@hcm/contract';
import { menuInitials } from './navigation';
import styles from './AppLayout.module.css';

type ItemProps = {
  item: NavigationItem;
  path: string;
  routeId: string | undefined;
  toggled: Record<string, boolean>;
  onToggle: (name: string, open: boolean) => void;
  onLinkIntent?: (target: string) => void;
  onNavigate?: () => void;
  focusGroup?: string;
};

function SidebarItem({ item, path, routeId, toggled, onToggle, onLinkIntent, onNavigate, focusGroup }: ItemProps) {
  const active = isItemOpen(item, path, routeId);
  if (item.target === GROUP_TARGET) {
    const open = toggled[item.name] ?? active;
    return (
      <li>
        <button
          type="button"
          className={`${styles.group} ${active ? styles.activeGroup : ''}`}
          aria-expanded={open}
          // Opened from the collapsed rail: focus lands on the group that was chosen there.
          autoFocus={item.name === focusGroup}
          onClick={() => onToggle(item.name, !open)}
        >
          <span>{item.title}</span>
          <span aria-hidden="true">{open ? '▾' : '▸'}</span>
        </button>
        {open && item.children?.length ? (
          <ul>
            {item.children.map((child) => (
              <SidebarItem
                key={child.name}
                item={child}
                path={path}
                routeId={routeId}
                toggled={toggled}
                onToggle={onToggle}
                onLinkIntent={onLinkIntent}
                onNavigate={onNavigate}
              />
            ))}
          </ul>
        ) : null}
      </li>
    );
  }
  const target = resolveTarget(item.target, routeId);
  return (
    <li>
      <Link
        to={target}
        className={`${styles.link} ${active ? styles.active : ''}`}
        aria-current={active ? 'page' : undefined}
        onPointerEnter={() => onLinkIntent?.(target)}
        onFocus={() => onLinkIntent?.(target)}
        onClick={onNavigate}
      >
        {item.title}
      </Link>
    </li>
  );
}

type SidebarProps = {
  items: NavigationItem[];
  id?: string;
  onLinkIntent?: (target: string) => void;
  /** A link was followed (the drawer closes). */
  onNavigate?: () => void;
  /** A group to show open and focused at first (chosen on the collapsed rail). */
  openGroup?: string;
};

/**
 * The sidebar tree (spec §2.3): '#' groups open and close on click; a group starts open when one of its
 * items matches the current full path; USERID in a target becomes the current page's id.
 */
export function Sidebar({ items, id, onLinkIntent, onNavigate, openGroup }: SidebarProps) {
  const { pathname } = useLocation();
  const [toggled, setToggled] = useState<Record<string, boolean>>(() => (openGroup ? { [openGroup]: true } : {}));
  const routeId = routeIdFromPath(pathname);
  const handleToggle = (name: string, open: boolean) => setToggled((previous) => ({ ...previous, [name]: open }));
  return (
    <nav aria-label="Main" id={id} className={styles.sidebar}>
      <ul>
        {items.map((item) => (
          <SidebarItem
            key={item.name}
            item={item}
            path={pathname}
            routeId={routeId}
            toggled={toggled}
            onToggle={handleToggle}
            onLinkIntent={onLinkIntent}
            onNavigate={onNavigate}
            focusGroup={openGroup}
          />
        ))}
      </ul>
    </nav>
  );
}

type RailProps = {
  items: NavigationItem[];
  id?: string;
  onLinkIntent?: (target: string) => void;
  /** A group was chosen: the sidebar widens with that group open. */
  onOpenGroup: (name: string) => void;
};

/**
 * The collapsed sidebar on a wide screen: one square per top-level entry with its initials, named by its full
 * title (the accessible name, and a tooltip on hover and keyboard focus). A link goes to its page; a group
 * widens the sidebar with that group open.
 */
export function SidebarRail({ items, id, onLinkIntent, onOpenGroup }: RailProps) {
  const { pathname } = useLocation();
  const routeId = routeIdFromPath(pathname);
  return (
    <nav aria-label="Main" id={id} className={styles.rail}>
      <ul>
        {items.map((item) => {
          const active = isItemOpen(item, pathname, routeId);
          const face = (
            <>
              <span aria-hidden="true">{menuInitials(item.title)}</span>
              <span className={styles.tooltip} aria-hidden="true">
                {item.title}
              </span>
            </>
          );
          if (item.target === GROUP_TARGET) {
            return (
              <li key={item.name}>
                <button
                  type="button"
                  className={`${styles.railItem} ${active ? styles.active : ''}`}
                  aria-label={item.title}
                  aria-expanded={false}
                  onClick={() => onOpenGroup(item.name)}
                >
                  {face}
                </button>
              </li>
            );
          }
          const target = resolveTarget(item.target, routeId);
          return (
            <li key={item.name}>
              <Link
                to={target}
                className={`${styles.railItem} ${active ? styles.active : ''}`}
                aria-label={item.title}
                aria-current={active ? 'page' : undefined}
                onPointerEnter={() => onLinkIntent?.(target)}
                onFocus={() => onLinkIntent?.(target)}
              >
                {face}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
