import { Link } from 'react-router-dom';
import { DASHBOARD_PANEL_POINT, filterNavigation } from '@hcm/contract';
import { PageHeader, kitStyles, useCan, useRouteName, useRuntime, useSession } from '@hcm/kit';
import { Extension } from '@hcm/kit/routing';
import styles from './pages.module.css';

/**
 * What the areas add to the dashboard (extension point `dashboard.panel` in their area.json: the workforce's
 * notices for you…), each loaded from its area and shown to users with the permissions it declares.
 */
function DashboardPanels() {
  const user = useSession((state) => state.user);
  const can = useCan();
  const areas = useRuntime((state) => state.registry.areas);
  const panels = areas.flatMap((area) => (area.extensions ?? []).filter((extension) => extension.point === DASHBOARD_PANEL_POINT && (extension.permission ?? []).every((permission) => can(permission))));
  if (!user || !panels.length) return null;
  // A grid of panels: side by side where there is room, one under another (full width) on a phone.
  return (
    <div className={styles.panels}>
      {panels.map((panel) => (
        <div key={panel.key} className={styles.panel}>
          <Extension point={DASHBOARD_PANEL_POINT} extensionKey={panel.key} fallback={null} />
        </div>
      ))}
    </div>
  );
}

/** The home of the signed-in app: who you are, your branches, and the areas open to you. */
export function Dashboard() {
  useRouteName('Dashboard');
  const user = useSession((state) => state.user);
  const areas = useRuntime((state) => state.registry.areas);
  const openAreas = areas.filter((area) => filterNavigation(area.navigation, user).length > 0);
  return (
    <>
      <PageHeader title="Dashboard" />
      <p>
        Welcome, <strong>{user?.name}</strong>. You are signed in as {user?.roleLabel ?? 'a user without a role'}
        {user?.branches.length ? ` for ${user.branches.map((branch) => branch.name).join(', ')}` : ''}.
      </p>
      <DashboardPanels />
      <h2 className={styles.subheading}>Your areas</h2>
      {openAreas.length ? (
        <ul className={styles.areaList}>
          {openAreas.map((area) => (
            <li key={area.name} className={styles.areaCard}>
              <Link to={area.home}>{area.title}</Link>
              <p>{area.description}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className={kitStyles.muted}>No area is open to your role yet. Ask an administrator for access.</p>
      )}
    </>
  );
}
