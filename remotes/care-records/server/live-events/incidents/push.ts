import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { CHAT_CHANNELS, SUPER_ADMIN, type AreaEvent } from '@hcm/contract';
import { rolePermissions, roles, userBranches, users } from '@hcm/server/schema';
import type { AreaServerContext, Database } from '@hcm/server/platform';
import { INCIDENTS_TOPIC, type IncidentReported } from '../../../contract/live-incidents.js';
import { clientColumns, clientsTable } from '../../columns.js';

// A fall or a safeguarding concern is told at once to the office users online who may read the client (ids only:
// their screens refetch through the API, which checks permissions and audits the read).

/** The online users with clients.view in the branch (super admins: every branch). */
async function readersOnline(db: Database, onlineIds: readonly number[], branchId: number): Promise<number[]> {
  if (!onlineIds.length) return [];
  const rows = await db
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(
      and(
        inArray(users.id, [...onlineIds]),
        eq(users.disabled, false),
        or(
          eq(roles.name, SUPER_ADMIN),
          and(
            sql`exists (select 1 from ${rolePermissions} where ${rolePermissions.role_id} = ${roles.id} and ${rolePermissions.permission} = 'clients.view')`,
            sql`exists (select 1 from ${userBranches} where ${userBranches.user_id} = ${users.id} and ${userBranches.branch_id} = ${branchId})`,
          ),
        ),
      ),
    );
  return rows.map((row) => row.id);
}

/** Pushes the report to the client's branch's readers online; never throws (the report is saved either way). */
export async function announceIncident(context: Pick<AreaServerContext, 'chat'>, db: Database, reported: IncidentReported, onError: (error: unknown) => void): Promise<number[]> {
  try {
    const [client] = await db.select({ branch_id: clientColumns.branch_id }).from(clientsTable).where(eq(clientColumns.id, reported.client_id));
    if (!client?.branch_id) return [];
    const recipients = await readersOnline(db, await context.chat.onlineUserIds(), Number(client.branch_id));
    const event: AreaEvent = { area: 'care-records', topic: INCIDENTS_TOPIC, data: reported };
    for (const userId of recipients) context.chat.toUser(userId, CHAT_CHANNELS.area(userId), event);
    return recipients;
  } catch (error) {
    onError(error);
    return [];
  }
}
