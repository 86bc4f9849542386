import { useNavigate } from 'react-router-dom';
import { useCan, useSession } from '@hcm/kit';
import { Dropdown } from '@hcm/kit/elements';
import { switchAccountPath, useSwitchAccounts } from '../auth/switchAccount';

/** "Switch account" in the header: the accounts listed for the signed-in user, each to its confirmation page. */
export function SwitchAccountMenu() {
  const user = useSession((state) => state.user);
  const can = useCan();
  const navigate = useNavigate();
  const allowed = Boolean(user && !user.switchedFrom && can('account.switch'));
  const accounts = useSwitchAccounts(allowed) ?? [];

  if (!user || !allowed || accounts.length === 0) return null;
  return (
    <Dropdown
      label="Switch account"
      align="end"
      items={accounts.map((account) => ({
        label: `${account.name} (${account.role_label ?? 'no role'})`,
        onSelect: () => navigate(switchAccountPath(user.userID, account.id)),
      }))}
    />
  );
}
