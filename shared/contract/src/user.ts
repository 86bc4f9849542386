import type { PermissionSubject } from './permissions.js';

export const USER_TYPES = ['domiciliary', 'supported-living'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** The current user (spec §3), as `GET /api/v1/user` answers it in `data.data`. */
export type CurrentUser = PermissionSubject & {
  userID: number;
  userRole: string | null;
  userPermissions: string[];
  userUnreadMessageCount: number;
  name: string;
  email: string;
  userType: UserType;
  roleLabel: string | null;
  branches: { id: number; name: string }[];
  /** Set when this session acts as another account: the user who switched (account switching). */
  switchedFrom?: { id: number; name: string } | null;
};
