// For tests only: the demo's menus as each demo role sees them, from the repository's own declarations (the areas'
// area.json and permissions, the platform's grants in the server's seed), read from disk as the server's
// permission tests read area.json: the shell never imports an area's code.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { SUPER_ADMIN, type AreaPermissions, type AreaRegistration, type PermissionSubject } from '@hcm/contract';

const REPO = path.resolve(__dirname, '../../..');

/** The demo users' roles (server/src/db/seed.ts, DEMO_USERS), with the carer's. */
export const DEMO_ROLES = [SUPER_ADMIN, 'office_staff', 'registered_manager', 'finance_officer', 'carer'] as const;
export type DemoRole = (typeof DEMO_ROLES)[number];

const areaNames = () => readdirSync(path.join(REPO, 'remotes')).filter((area) => statSync(path.join(REPO, 'remotes', area, 'area.json'), { throwIfNoEntry: false }));

/** Every area as the registry lists it (its area.json), in the folders' order. */
export function demoAreas(): AreaRegistration[] {
  return areaNames().map((area) => ({
    ...(JSON.parse(readFileSync(path.join(REPO, 'remotes', area, 'area.json'), 'utf8')) as Omit<AreaRegistration, 'version' | 'manifestUrl'>),
    version: 'test',
    manifestUrl: `http://localhost/${area}/mf-manifest.json`,
  }));
}

/** The platform's grants to a standard role: PLATFORM_GRANTS in the server's seed, a plain literal. */
function platformGrants(role: string): string[] {
  const seed = readFileSync(path.join(REPO, 'server', 'src', 'db', 'seed.ts'), 'utf8');
  const block = /export const PLATFORM_GRANTS[^=]*=\s*\{([\s\S]*?)\n\};/.exec(seed)?.[1];
  const list = block && new RegExp(`\\n\\s*${role}: \\[([^\\]]*)\\]`).exec(block)?.[1];
  if (list === undefined || list === '') throw new Error(`No PLATFORM_GRANTS for ${role} in server/src/db/seed.ts`);
  return [...list.matchAll(/'([^']+)'/g)].map((match) => match[1]!);
}

/** What the areas' declarations (remotes/<area>/contract/permissions.ts) grant a standard role. */
function areaGrants(role: string): string[] {
  return areaNames().flatMap((area) => {
    const exported = jest.requireActual<Record<string, unknown>>(path.join(REPO, 'remotes', area, 'contract', 'permissions.ts'));
    const declaration = Object.values(exported).find((value): value is AreaPermissions => typeof value === 'object' && value !== null && 'permissions' in value);
    if (!declaration) throw new Error(`${area} declares no permissions`);
    return Object.entries(declaration.permissions).flatMap(([name, { roles }]) => ((roles as readonly string[]).includes(role) ? [name] : []));
  });
}

/** A demo role as a permission subject: the super admin holds every permission by rule, the others their grants. */
export function demoSubject(role: DemoRole): PermissionSubject {
  if (role === SUPER_ADMIN) return { userRole: role, userPermissions: [] };
  return { userRole: role, userPermissions: [...platformGrants(role), ...areaGrants(role)] };
}
