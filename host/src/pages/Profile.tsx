import { PERMISSIONS, isPermission } from '@hcm/contract';
import { Card, PageHeader, useRouteName, useSession } from '@hcm/kit';
import { TwoFactorSection } from './profile/TwoFactorSection';
import { PasswordSection } from './profile/PasswordSection';
import { SessionsSection } from './profile/SessionsSection';
import styles from './pages.module.css';

/** The current user's own profile: identity, role, branches and what the role allows. */
export function Profile() {
  useRouteName('Profile');
  const user = useSession((state) => state.user);
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
            <li key={permission}>{isPermission(permission) ? PERMISSIONS[permission] : permission}</li>
          ))}
        </ul>
      </Card>
    </>
  );
}
