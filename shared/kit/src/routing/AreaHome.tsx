import { Link } from 'react-router-dom';
import { filterNavigation, navigationLeaves, type AreaDescriptor } from '@hcm/contract';
import { EmptyState, kitStyles as styles, PageHeader, useRouteName, useSession } from '@hcm/kit';

/**
 * An area's landing page: the sections of its navigation that the current user may open, from the same
 * navigation data the sidebar shows (so the two never disagree).
 */
export function AreaHome({ area }: { area: Pick<AreaDescriptor, 'title' | 'description' | 'home' | 'navigation'> }) {
  const user = useSession((state) => state.user);
  useRouteName(area.title);
  const sections = navigationLeaves(filterNavigation(area.navigation, user)).filter((item) => item.target !== area.home);
  return (
    <>
      <PageHeader title={area.title} />
      <p className={styles.muted}>{area.description}</p>
      {sections.length > 0 ? (
        <nav aria-label={`${area.title} sections`}>
          <ul className={styles.sectionList}>
            {sections.map((item) => (
              <li key={item.name}>
                <Link to={item.target}>{item.title}</Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : (
        <EmptyState>There are no sections in this area that you can open yet.</EmptyState>
      )}
    </>
  );
}
