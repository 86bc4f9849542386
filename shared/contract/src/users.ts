import * as v from 'valibot';
import { newPassword } from './passwords.js';
import { isPermissionName } from './permissions.js';
import { USER_TYPES, type UserType } from './user.js';
import { isIdNumber, objectMessage } from './validation.js';

// Users, roles and account switching (issue 3, items 7 and 8): the one validation for the users and roles
// screens of the reference-data area and for /api/v1/users, /api/v1/user-roles and /api/v1/account/switch.

export const USER_TYPE_LABELS: Record<UserType, string> = {
  domiciliary: 'Domiciliary care',
  'supported-living': 'Supported living',
};

const ID_MESSAGE = 'Choose from the list.';

/** An id from a form (text) or a JSON body (number). */
const idValue = (message = ID_MESSAGE) =>
  v.pipe(
    v.union([v.number(message), v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.transform(Number))], message),
    v.check(isIdNumber, message),
  );

/** A list of ids, each once. */
const idList = (message: string) =>
  v.pipe(
    v.array(idValue(message), message),
    v.maxLength(500, 'Choose fewer.'),
    v.transform((ids) => [...new Set(ids)]),
  );

const userName = v.pipe(
  v.string('Name is required.'),
  v.trim(),
  v.minLength(2, 'Name must be at least 2 characters.'),
  v.maxLength(120, 'Name must be at most 120 characters.'),
);

const userEmail = v.pipe(
  v.string('Email is required.'),
  v.trim(),
  v.nonEmpty('Email is required.'),
  v.maxLength(254, 'Email must be at most 254 characters.'),
  v.email('Enter an email address, like name@example.com.'),
  v.toLowerCase(),
);

/** The role: an id, or none ('' or null): a user without a role may do nothing. */
const roleId = v.pipe(
  v.optional(v.nullable(v.union([v.literal(''), idValue('Choose a role.')], 'Choose a role.')), null),
  v.transform((value) => (value === '' || value === null ? null : value)),
);

const userType = v.picklist(USER_TYPES, 'Choose domiciliary or supported living.');

const userFields = {
  name: userName,
  email: userEmail,
  role_id: roleId,
  branch_ids: v.optional(idList('Choose branches from the list.'), []),
  user_type: v.optional(userType, 'domiciliary'),
};

/** POST /api/v1/users: a new user with an initial password (the server also refuses common passwords). */
export const UserCreateSchema = v.strictObject(
  { ...userFields, password: newPassword('Initial password') },
  objectMessage('user'),
);
export type UserCreateInput = v.InferInput<typeof UserCreateSchema>;
export type UserCreateValues = v.InferOutput<typeof UserCreateSchema>;

/** PUT /api/v1/users/:id: the same fields without the password, plus disabled and the switch targets. */
export const UserUpdateSchema = v.strictObject(
  {
    ...userFields,
    disabled: v.optional(v.boolean('Disabled must be true or false.'), false),
    switch_target_ids: v.optional(idList('Choose accounts from the list.'), []),
  },
  objectMessage('user'),
);
export type UserUpdateInput = v.InferInput<typeof UserUpdateSchema>;
export type UserUpdateValues = v.InferOutput<typeof UserUpdateSchema>;

/**
 * PUT /api/v1/user-roles/:id: what a role is called and may do. Permissions by name; the API, which composes the
 * catalogue from the platform's and the areas' declarations, refuses a name it does not hold.
 */
export const RoleUpdateSchema = v.strictObject(
  {
    label: v.pipe(
      v.string('Label is required.'),
      v.trim(),
      v.minLength(2, 'Label must be at least 2 characters.'),
      v.maxLength(80, 'Label must be at most 80 characters.'),
    ),
    description: v.optional(
      v.pipe(v.string('Description must be text.'), v.trim(), v.maxLength(500, 'Description must be at most 500 characters.')),
      '',
    ),
    permissions: v.pipe(
      v.array(v.string('Permissions are catalogue names.'), 'Permissions are a list of catalogue names.'),
      v.check(
        (names) => names.every((name) => isPermissionName(name)),
        (issue) => {
          const malformed = (issue.input as string[]).filter((name) => !isPermissionName(name));
          return `Not in the permission catalogue: ${malformed.join(', ')}.`;
        },
      ),
      v.transform((names) => [...new Set(names)].sort()),
    ),
    two_factor_required: v.optional(v.boolean('Say yes or no to requiring two-factor authentication.'), false),
  },
  objectMessage('role'),
);
export type RoleUpdateInput = v.InferInput<typeof RoleUpdateSchema>;
export type RoleUpdateValues = v.InferOutput<typeof RoleUpdateSchema>;

/** POST /api/v1/account/switch. */
export const AccountSwitchSchema = v.strictObject({ user_id: idValue('Choose an account to switch to.') }, objectMessage('switch'));

/** A row of GET /api/v1/users. */
export type UserListRow = {
  id: number;
  name: string;
  email: string;
  role_id: number | null;
  role_name: string | null;
  role_label: string | null;
  branches: { id: number; name: string }[];
  user_type: UserType;
  disabled: boolean;
  two_factor_enabled: boolean;
  /** The last successful sign-in (ISO), if any. */
  last_sign_in_at: string | null;
};

/** GET /api/v1/users/:id. */
export type UserDetail = UserListRow & {
  switch_targets: { id: number; name: string; email: string }[];
  created_at: string;
  updated_at: string;
};

/** A row of GET /api/v1/user-roles. */
export type RoleListRow = {
  id: number;
  name: string;
  label: string;
  description: string;
  permission_count: number;
  user_count: number;
  two_factor_required: boolean;
  /** super_admin holds every permission by rule and is not editable. */
  editable: boolean;
};

/** GET /api/v1/user-roles/:id. */
export type RoleDetail = RoleListRow & { permissions: string[] };

/** A row of GET /api/v1/user-permissions (id is the permission's name). */
export type PermissionListRow = {
  id: string;
  name: string;
  description: string;
  /** The part of the name before the first dot. */
  area: string;
  /** Who declares it: 'platform' or an area's name. */
  owner: string;
  roles: { id: number; label: string }[];
};

/** A row of GET /api/v1/user-permissions/:id/users. */
export type PermissionHolderRow = {
  id: number;
  name: string;
  email: string;
  role_label: string | null;
  disabled: boolean;
};

/** An entry of GET /api/v1/account/switch-accounts-list. */
export type SwitchAccount = { id: number; name: string; email: string; role_label: string | null };

/** The area of a permission: the part of its name before the first dot ('finance.invoices.generate' → 'finance'). */
export function permissionArea(name: string): string {
  return name.split('.')[0] ?? name;
}
