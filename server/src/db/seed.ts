import { inArray, sql } from 'drizzle-orm';
import { declaredEntries, SUPER_ADMIN, type PlatformPermission, type StandardRoleName } from '@hcm/contract';
import { CARER_ROLE } from '@hcm/contract/schemas';
import { hashPassword } from '../auth/passwords.js';
import type { Database, Transaction } from './client.js';
import { seedAuthSettings } from './seed-auth-settings.js';
import { seedPasswordResetUser } from './seed-password-reset-user.js';
import { seedDemoChats } from '../chat/seed.js';
import { seedSwitchTargets } from '../users/seed.js';
import { branches, rolePermissions, roles, userBranches, users } from './schema.js';
import type { AreaModule } from '../modules/area-module.js';
import { composePermissions } from '../modules/permissions.js';

export const DEMO_BRANCHES = [
  {
    name: 'Camden Domiciliary',
    code: 'CAM',
    type: 'domiciliary',
    address_line_1: '12 Pratt Street',
    address_line_2: 'Camden Town',
    town: 'London',
    postcode: 'NW1 0AB',
    phone: '020 7946 0321',
    email: 'camden@homecare.test',
    cqc_location_id: '1-104567321',
    registered_manager: 'Grace Okafor',
  },
  {
    name: 'Leeds Supported Living',
    code: 'LDS-SL',
    type: 'supported-living',
    address_line_1: '48 Kirkstall Road',
    address_line_2: '',
    town: 'Leeds',
    postcode: 'LS3 1JL',
    phone: '0113 496 0782',
    email: 'leeds@homecare.test',
    cqc_location_id: '1-109876543',
    registered_manager: 'Daniel Hughes',
  },
  {
    name: 'Bristol North',
    code: 'BRN',
    type: 'domiciliary',
    address_line_1: '201 Gloucester Road',
    address_line_2: 'Bishopston',
    town: 'Bristol',
    postcode: 'BS7 8NU',
    phone: '0117 496 0145',
    email: 'bristol@homecare.test',
    cqc_location_id: '1-112233445',
    registered_manager: 'Priya Shah',
  },
] as const;

/**
 * What each standard role receives of the platform's own permissions; the areas declare what the roles receive of
 * theirs (remotes/<area>/contract/permissions.ts). super_admin holds no rows: can() grants it everything, and
 * /api/v1/user lists the whole composed catalogue.
 */
export const PLATFORM_GRANTS: Record<StandardRoleName, PlatformPermission[]> = {
  // Office work: the dashboard, branches, chat with colleagues, and the time tracker of assessments, reviews and
  // spot checks (the areas add reference data, care records, carers, the rota, communication and quality).
  office_staff: ['dashboard.view', 'branches.view', 'branches.create', 'branches.edit', 'chat.use', 'time-tracker.use'],
  // Office work, plus running the office's accounts: users, roles (view), switching, audit and sessions, and
  // everyone's tracked time on a record, not only their own.
  registered_manager: [
    'dashboard.view',
    'branches.view',
    'branches.create',
    'branches.edit',
    'chat.use',
    'time-tracker.use',
    'users.view',
    'users.create',
    'users.edit',
    'roles.view',
    'account.switch',
    'audit-trail.view',
    'sessions.manage',
    'time-tracker.view',
  ],
  // The ledger, pay and exports are finance's to grant; here the dashboard and chat.
  finance_officer: ['dashboard.view', 'chat.use'],
  // Carers are users of this role (communication: carer messages and notices). In the back office it grants
  // nothing; on a device signed in to the carers' app it reaches the carer-app routes only (auth/device-tokens.ts).
  carer: ['carer-app.use'],
};

const STANDARD_ROLE_LABELS: { name: typeof SUPER_ADMIN | StandardRoleName; label: string; description?: string }[] = [
  { name: SUPER_ADMIN, label: 'Super admin' },
  { name: 'office_staff', label: 'Office staff' },
  { name: 'registered_manager', label: 'Registered manager' },
  { name: 'finance_officer', label: 'Finance officer' },
  {
    name: CARER_ROLE,
    label: 'Carer',
    description: "Care workers: they receive notices and messages from the office and use the carers' app on their devices.",
  },
];

export type StandardRole = { name: string; label: string; description?: string; permissions: string[] };

/**
 * The roles every install starts with, with their permissions: the platform's grants (PLATFORM_GRANTS) and what
 * each of these areas' declarations grants the role, in module order. The demo seed and a real install's first
 * administrator (ensureFirstAdmin) both create them through seedRoles. Composing the catalogue first, it refuses
 * what the API refuses (a permission declared twice...).
 */
export function standardRoles(modules: readonly AreaModule[]): StandardRole[] {
  composePermissions(modules);
  return STANDARD_ROLE_LABELS.map(({ name, label, description }) => {
    if (name === SUPER_ADMIN) return { name, label, permissions: [] };
    const fromAreas = modules.flatMap(({ permissions: declaration }) =>
      declaration ? declaredEntries(declaration).flatMap(([permission, { roles }]) => (roles.includes(name) ? [permission] : [])) : [],
    );
    return { name, label, ...(description ? { description } : {}), permissions: [...PLATFORM_GRANTS[name], ...fromAreas] };
  });
}

/**
 * Creates the standard roles missing from the database and grants each its permissions (added to what an
 * existing one holds); answers every role's id by name. Runs inside the seed's transaction.
 */
export async function seedRoles(tx: Transaction, modules: readonly AreaModule[]): Promise<Map<string, number>> {
  const standard = standardRoles(modules);
  await tx
    .insert(roles)
    .values(standard.map(({ name, label, description = '' }) => ({ name, label, description })))
    .onConflictDoNothing({ target: roles.name });
  const rows = await tx.select({ id: roles.id, name: roles.name }).from(roles);
  const roleId = new Map(rows.map((row) => [row.name, row.id]));
  const grants = standard.flatMap((role) => role.permissions.map((permission) => ({ role_id: roleId.get(role.name)!, permission })));
  if (grants.length) await tx.insert(rolePermissions).values(grants).onConflictDoNothing();
  return roleId;
}

export const DEMO_USERS = {
  admin: {
    name: 'Amira Admin',
    email: 'admin@homecare.test',
    password: 'Admin!2026demo',
    role: SUPER_ADMIN,
    branchCodes: DEMO_BRANCHES.map((branch) => branch.code),
  },
  office: {
    name: 'Oliver Office',
    email: 'office@homecare.test',
    password: 'Office!2026demo',
    role: 'office_staff',
    branchCodes: ['CAM'],
  },
  manager: {
    name: 'Maya Manager',
    email: 'manager@homecare.test',
    password: 'Manager!2026demo',
    role: 'registered_manager',
    branchCodes: DEMO_BRANCHES.map((branch) => branch.code),
  },
  finance: {
    name: 'Farah Finance',
    email: 'finance@homecare.test',
    password: 'Finance!2026demo',
    role: 'finance_officer',
    branchCodes: DEMO_BRANCHES.map((branch) => branch.code),
  },
} as const;

// Any constant works; it only has to be the same for every server process sharing one PostgreSQL database.
const SEED_LOCK_KEY = 727_001;

/**
 * Fills an empty database with demo branches, roles and users, then each area's demo data (its module's
 * seedDemo, in module order). Runs in one transaction and only while the users table is empty, so it is safe
 * on every start. Returns whether it seeded anything.
 */
export async function seedDemo(db: Database, modules: readonly AreaModule[]): Promise<boolean> {
  const passwords = new Map<string, string>();
  for (const user of Object.values(DEMO_USERS)) passwords.set(user.email, await hashPassword(user.password));

  return db.transaction(async (tx) => {
    // Two servers starting together on one PostgreSQL must not both see an empty users table.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [{ count } = { count: 0 }] = await tx.select({ count: sql<number>`count(*)::int` }).from(users);
    if (count > 0) return false;

    await tx.insert(branches).values([...DEMO_BRANCHES]).onConflictDoNothing({ target: branches.code });
    const branchRows = await tx
      .select({ id: branches.id, code: branches.code })
      .from(branches)
      .where(inArray(branches.code, DEMO_BRANCHES.map((branch) => branch.code)));
    const branchId = new Map(branchRows.map((row) => [row.code, row.id]));

    const roleId = await seedRoles(tx, modules);

    for (const user of Object.values(DEMO_USERS)) {
      const [inserted] = await tx
        .insert(users)
        .values({
          name: user.name,
          email: user.email,
          password_hash: passwords.get(user.email)!,
          role_id: roleId.get(user.role) ?? null,
          user_type: 'domiciliary',
        })
        .returning({ id: users.id });
      await tx
        .insert(userBranches)
        .values(user.branchCodes.map((code) => ({ user_id: inserted!.id, branch_id: branchId.get(code)! })));
    }
    await seedSwitchTargets(tx);
    await seedAuthSettings(tx);
    await seedPasswordResetUser(tx);
    await seedDemoChats(tx);
    for (const module of modules) await module.seedDemo?.(tx);
    return true;
  });
}

export type FirstAdmin = { email: string; password: string; name: string };

/**
 * A real install starts without demo data: when ADMIN_EMAIL and ADMIN_PASSWORD are set and the database has
 * no user yet, this creates the standard roles with their permissions (as the demo has them, from these areas'
 * declarations) and a first super admin, who then sets up everyone else. Returns whether it created the administrator.
 */
export async function ensureFirstAdmin(db: Database, admin: FirstAdmin, modules: readonly AreaModule[]): Promise<boolean> {
  const passwordHash = await hashPassword(admin.password);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [{ count } = { count: 0 }] = await tx.select({ count: sql<number>`count(*)::int` }).from(users);
    if (count > 0) return false;
    const roleId = await seedRoles(tx, modules);
    await tx.insert(users).values({
      name: admin.name,
      email: admin.email.trim().toLowerCase(),
      password_hash: passwordHash,
      role_id: roleId.get(SUPER_ADMIN) ?? null,
      user_type: 'domiciliary',
    });
    return true;
  });
}
