import type { PermissionCatalogEntry } from '@hcm/contract';
import { Card, PageHeader, useRouteName, useSession } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { TwoFactorSection } from './profile/TwoFactorSection';
import { PasswordSection } from './profile/PasswordSection';
import { SessionsSection } from './profile/SessionsSection';
import styles from './pages.module.css';

/** The permission catalogue the API composed: the platform's permissions and every area's, with descriptions. */
export const PERMISSION_CATALOGUE = 'api/v1/permissions';

/** The current user's own profile: identity, role, branches and what the role allows. */
export function Profile() {
  useRouteName('Profile');
  const user = useSession((state) => state.user);
  // Descriptions from the composed catalogue; until it answers (or for a name it lacks) the name itself.
  const catalogue = useApiQuery<PermissionCatalogEntry[]>(PERMISSION_CATALOGUE, undefined, { enabled: !!user });
  const describe = (permission: string) => catalogue.data?.find((entry) => entry.name === permission)?.description ?? permission;
  if (!user) return null;
  return (
    <>
      <PageHeader title="Your profile" />
      <Card title="Account">
        <dl className={styles.details}>
          <dt>Name</dt>
          <dd>{user.name}</dd>
          <dt>Email</dt>
          <dd>{user.email}</dd>
          <dt>Role</dt>
          <dd>{user.roleLabel ?? 'No role'}</dd>
          <dt>Type of work</dt>
          <dd>{user.userType === 'supported-living' ? 'Supported living' : 'Domiciliary care'}</dd>
          <dt>Branches</dt>
          <dd>{user.branches.length ? user.branches.map((branch) => branch.name).join(', ') : 'None'}</dd>
        </dl>
      </Card>
      <TwoFactorSection />
      <PasswordSection />
      <SessionsSection />
      <Card title="What your role allows">
        <ul>
          {user.userPermissions.map((permission) => (
            <li key={permission}>{describe(permission)}</li>
          ))}
        </ul>
      </Card>
    </>
  );
}
