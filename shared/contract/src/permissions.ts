/**
 * Permissions, named `<namespace>.<action>`. Each owner declares its own, once: the platform here
 * (PLATFORM_PERMISSIONS: users, roles, branches, sessions, the audit trail, chat...), every area in its own folder
 * (remotes/<area>/contract/permissions.ts, made with defineAreaPermissions: read by its screens and its server
 * module). The API composes the catalogue from the platform's and every registered area's at start-up
 * (server/src/modules/permissions.ts) and serves it (GET /api/v1/permissions); `can()` works on names.
 */
export const PLATFORM_PERMISSIONS = {
  'dashboard.view': 'See the dashboard',
  'branches.view': 'See branches',
  'branches.create': 'Add branches',
  'branches.edit': 'Edit branches',
  'users.view': 'See users',
  'users.create': 'Add users',
  'users.edit': 'Edit users, their roles and branches, and disable them',
  'roles.view': 'See roles and permissions',
  'roles.edit': 'Change what a role may do',
  'account.switch': 'Switch to the accounts listed for them',
  'audit-trail.view': 'See the audit trail',
  'mail.outbox.view': 'See the outbox of emails the product sent',
  'sessions.manage': "End other users' sessions",
  'carer-app.use': "Use the carers' app on a device: their visits, check-in and check-out, tasks, notes, medication and incidents",
  'chat.use': 'Chat with colleagues',
  'time-tracker.use': 'Time their own assessments, reviews, spot checks, supervisions and appraisals',
  'time-tracker.view': 'See the time tracked on a record by anyone',
  'areas.view': 'See the deployed versions of each area',
  'areas.rollback': 'Roll an area back to an earlier version',
} as const satisfies Record<string, string>;

/** A permission the platform owns (its routes and the host's screens check it). */
export type PlatformPermission = keyof typeof PLATFORM_PERMISSIONS;

/** A permission's name, the platform's or an area's: `<namespace>.<action>` ('clients.view', 'finance.invoices.generate'). */
export type PermissionName = `${string}.${string}`;

const PERMISSION_NAME = /^[a-z]+(-[a-z]+)*(\.[a-z]+(-[a-z]+)*)+$/;

/** Whether a name has a permission's form (lower-case words with hyphens, dot-separated, at least one dot). */
export function isPermissionName(name: string): name is PermissionName {
  return PERMISSION_NAME.test(name);
}

export function isPlatformPermission(name: string): name is PlatformPermission {
  return Object.hasOwn(PLATFORM_PERMISSIONS, name);
}

export const SUPER_ADMIN = 'super_admin';

/**
 * The standard roles every install starts with, besides super_admin (which holds every permission by rule):
 * the server's seed creates them (server/src/db/seed.ts) and grants each what the platform and the areas declare.
 */
export const STANDARD_ROLE_NAMES = ['office_staff', 'registered_manager', 'finance_officer', 'carer'] as const;
export type StandardRoleName = (typeof STANDARD_ROLE_NAMES)[number];

/** One permission an area declares. */
export type PermissionDeclaration = {
  /** What it allows, as the roles screen shows it. */
  description: string;
  /** The standard roles that receive it when an install starts (granted by name; a role edited later keeps its own). */
  roles: readonly StandardRoleName[];
  /** Other areas may name it (in their routes' checks, screens and menus), each listing it in its `uses`. */
  published?: boolean;
};

/**
 * What an area declares of permissions (remotes/<area>/contract/permissions.ts): its own, each named under one
 * of its prefixes, and the published permissions of other areas its code names. The API refuses to start when two
 * areas declare one name, a name is outside its area's prefixes, or an area uses what its owner does not publish.
 */
export type AreaPermissions<Name extends PermissionName = PermissionName, Used extends PermissionName = PermissionName> = {
  /** How its permissions' names start ('clients.', 'medication.'): no other area's prefix may overlap one. */
  prefixes: readonly string[];
  permissions: { readonly [P in Name]: PermissionDeclaration };
  /** Permissions of other areas (published by their owners) that this area's code, screens or menus name. */
  uses?: readonly Used[];
};

/** Declares an area's permissions, keeping their names as types (PermissionOf, UsablePermission) for the area's code. */
export function defineAreaPermissions<const Name extends PermissionName, const Used extends PermissionName = never>(
  declaration: AreaPermissions<Name, Used>,
): AreaPermissions<Name, Used> {
  return declaration;
}

/** The names an area declares, as a union: `PermissionOf<typeof CARE_RECORDS_PERMISSIONS>`. */
export type PermissionOf<Declaration> = Declaration extends AreaPermissions<infer Name, PermissionName> ? Name : never;

/** What an area's code may name, as a union: its own permissions, those it uses of others, and the platform's. */
export type UsablePermission<Declaration> =
  Declaration extends AreaPermissions<infer Name, infer Used> ? Name | Used | PlatformPermission : never;

/** The names an area declares, in declaration order. */
export function declaredPermissions<Name extends PermissionName>(declaration: AreaPermissions<Name, PermissionName>): Name[] {
  return Object.keys(declaration.permissions) as Name[];
}

/** The names an area declares with their declarations, in declaration order. */
export function declaredEntries<Name extends PermissionName>(declaration: AreaPermissions<Name, PermissionName>): [Name, PermissionDeclaration][] {
  return Object.entries(declaration.permissions) as [Name, PermissionDeclaration][];
}

/** What an area's code, screens and menus may name: its own permissions, the platform's and those it uses. */
export function permissionsUsableBy(declaration: AreaPermissions): Set<string> {
  return new Set<string>([...declaredPermissions(declaration), ...Object.keys(PLATFORM_PERMISSIONS), ...(declaration.uses ?? [])]);
}

/**
 * What is wrong with an area's declaration on its own (empty when nothing): a name not of a permission's form or
 * outside the area's prefixes, no description, an unknown standard role, or a `uses` naming its own permission
 * or the platform's. Whether other areas publish what it uses is checked where the areas meet (the API's start).
 */
export function areaPermissionProblems(area: string, declaration: AreaPermissions): string[] {
  const problems: string[] = [];
  const own = declaredPermissions(declaration);
  for (const [name, { description, roles }] of declaredEntries(declaration)) {
    if (!isPermissionName(name)) problems.push(`${area} declares "${name}", which is not a permission's name (<namespace>.<action>)`);
    if (!declaration.prefixes.some((prefix) => name.startsWith(prefix))) {
      problems.push(`${area} declares "${name}", which does not start with one of its prefixes (${declaration.prefixes.join(', ')})`);
    }
    if (isPlatformPermission(name)) problems.push(`${area} declares "${name}", the platform's permission`);
    if (!description?.trim()) problems.push(`${area} declares "${name}" without a description`);
    for (const role of roles) {
      if (!(STANDARD_ROLE_NAMES as readonly string[]).includes(role)) problems.push(`${area} grants "${name}" to "${role}", which is not a standard role`);
    }
  }
  for (const name of declaration.uses ?? []) {
    if ((own as string[]).includes(name)) problems.push(`${area} uses "${name}", its own permission`);
    else if (isPlatformPermission(name)) problems.push(`${area} uses "${name}", the platform's permission (usable by every area without saying so)`);
  }
  return problems;
}

/** An entry of GET /api/v1/permissions: the catalogue the API composed (the platform's and every area's). */
export type PermissionCatalogEntry = {
  name: string;
  description: string;
  /** Who declares it: 'platform' or an area's name. */
  owner: string;
};

/** The subject of a permission check: the current user as §6 of the spec describes it. */
export type PermissionSubject = {
  userRole: string | null | undefined;
  userPermissions: readonly string[];
};

/** §6: super_admin has every permission; without a role nothing is granted; otherwise the list decides. */
export function can(subject: PermissionSubject | null | undefined, permission: string): boolean {
  if (!subject || !subject.userRole) return false;
  if (subject.userRole === SUPER_ADMIN) return true;
  return subject.userPermissions.includes(permission);
}

export function canAny(subject: PermissionSubject | null | undefined, permissions: readonly string[]): boolean {
  return permissions.some((permission) => can(subject, permission));
}
