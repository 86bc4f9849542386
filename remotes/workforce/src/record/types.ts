/** Whose file a record screen shows: a carer's or an office employee's (the API path under /api/v1 and /app). */
export type StaffOwner = 'carers' | 'employees';

/** What every tab screen of a staff record is given; each renders its own sub-pages with relative routes. */
export type StaffScreenProps = { owner: StaffOwner; ownerId: number; ownerName: string };
