import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { GROUP_TARGET, isItemOpen, resolveTarget, routeIdFromPath, type NavigationItem } from '@hcm/contract';
import styles from './AppLayout.module.css';

type ItemProps = {
  item: NavigationItem;
  path: string;
  routeId: string | undefined;
  toggled: Record<string, boolean>;
  onToggle: (name: string, open: boolean) => void;
  onLinkIntent?: (target: string) => void;
};

function SidebarItem({ item, path, routeId, toggled, onToggle, onLinkIntent }: ItemProps) {
  const active = isItemOpen(item, path, routeId);
  if (item.target === GROUP_TARGET) {
    const open = toggled[item.name] ?? active;
    return (
      <li>
        <button
          type="button"
          className={`${styles.group} ${active ? styles.activeGroup : ''}`}
          aria-expanded={open}
          onClick={() => onToggle(item.name, !open)}
        >
          <span>{item.title}</span>
          <span aria-hidden="true">{open ? '▾' : '▸'}</span>
        </button>
        {open && item.children?.length ? (
          <ul>
            {item.children.map((child) => (
              <SidebarItem key={child.name} item={child} path={path} routeId={routeId} toggled={toggled} onToggle={onToggle} onLinkIntent={onLinkIntent} />
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
      >
        {item.title}
      </Link>
    </li>
  );
}

/**
 * The sidebar tree (spec §2.3): '#' groups open and close on click; a group starts open when one of its
 * items matches the current full path; USERID in a target becomes the current page's id.
 */
export function Sidebar({ items, onLinkIntent }: { items: NavigationItem[]; onLinkIntent?: (target: string) => void }) {
  const { pathname } = useLocation();
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const routeId = routeIdFromPath(pathname);
  const handleToggle = (name: string, open: boolean) => setToggled((previous) => ({ ...previous, [name]: open }));
  return (
    <nav aria-label="Main" className={styles.sidebar}>
      <ul>
        {items.map((item) => (
          <SidebarItem key={item.name} item={item} path={pathname} routeId={routeId} toggled={toggled} onToggle={handleToggle} onLinkIntent={onLinkIntent} />
        ))}
      </ul>
    </nav>
  );
}
