import { and, desc, eq, inArray, isNull, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { getTableColumns } from 'drizzle-orm';
import { londonDate } from '@hcm/contract/engine';
import { publishEvent, recordAudit, type AreaServerContext, type Database, type ResourceChange, type ResourceWriteHook, type ScheduledJob, type Transaction } from '@hcm/server/platform';
import { clock } from '@hcm/contract/time';
import { clientColumns, clientsTable } from '../columns.js';
import { clientHospitalsTable, clientPreExitTable } from '../tables.js';
import { CLIENT_CARE_ENDED } from './events.js';

// A client's status follows their episodes (issue 28): a hospital stay begun and not discharged makes them
// "In hospital"; its discharge (or its withdrawal) brings them back to "Active"; the end of care of an "Ending care"
// record (its planned end date) come makes them "Ended" ("Deceased" when that is the reason), as does a discharge
// to "Died in hospital" ("Deceased"). Applied in the transaction of each stay's or ending's write (the engine's
// write hooks: followEpisodeWrite, after ./events.ts publishes the stay's pause) and, for the days that come on their own (a planned admission, a planned end), by the
// job below. "Deceased" is final; a status set by hand (Paused, Ended) is left alone but for the episodes' own
// moves: an admission (Active or Paused to In hospital) and an end of care reached (to Ended).

const hospitals = getTableColumns(clientHospitalsTable) as Record<string, PgColumn>;
const endings = getTableColumns(clientPreExitTable) as Record<string, PgColumn>;

type DbOrTx = Database | Transaction;

/** The statuses the episodes move a client to and from; the others (deceased) are never changed. */
const FOLLOWS = ['active', 'paused', 'in-hospital', 'ended'] as const;

/** The audited record type of the change (the client's own, as an edit of the client would be). */
const CLIENTS_AUDIT = 'clients';

type Target = { status: string; endedOn: string | null; why: string };

/** What the client's episodes say their status is on `today`, or null when they say nothing (leave it as it is). */
async function statusFromEpisodes(db: DbOrTx, clientId: number, status: string, today: string): Promise<Target | null> {
  const live = (deleted: PgColumn | undefined) => (deleted ? isNull(deleted) : undefined);
  const [died] = await db
    .select({ discharged_on: sql<string>`${hospitals.discharged_on}::text` })
    .from(clientHospitalsTable)
    .where(and(eq(hospitals.client_id!, clientId), live(hospitals.deleted_at), eq(hospitals.discharge_destination!, 'died-in-hospital'), lte(hospitals.discharged_on!, today)))
    .orderBy(desc(hospitals.discharged_on!))
    .limit(1);
  if (died) return { status: 'deceased', endedOn: died.discharged_on, why: 'died in hospital' };
  const [ending] = await db
    .select({ reason: endings.reason!, planned_end_date: sql<string>`${endings.planned_end_date}::text` })
    .from(clientPreExitTable)
    .where(and(eq(endings.client_id!, clientId), live(endings.deleted_at), lte(endings.planned_end_date!, today)))
    .orderBy(desc(endings.planned_end_date!))
    .limit(1);
  if (ending) return { status: ending.reason === 'deceased' ? 'deceased' : 'ended', endedOn: ending.planned_end_date, why: 'end of care reached' };
  if (status === 'ended') return null;
  const [stay] = await db
    .select({ id: hospitals.id! })
    .from(clientHospitalsTable)
    .where(and(eq(hospitals.client_id!, clientId), live(hospitals.deleted_at), lte(hospitals.admitted_on!, today), isNull(hospitals.discharged_on!)))
    .limit(1);
  if (stay) return { status: 'in-hospital', endedOn: null, why: 'admitted to hospital' };
  if (status === 'in-hospital') return { status: 'active', endedOn: null, why: 'discharged from hospital' };
  return null;
}

/**
 * Puts the client's status where their episodes say it is on `today` (a UK day): updates the client, audits the
 * change (by the user whose write caused it, or the system), and when care ends publishes the care-ended event with
 * the end of care (set on the client when empty). Answers the new status, or null when nothing changed.
 */
export async function syncClientStatus(tx: Transaction, clientId: number, today: string, userId: number | null): Promise<string | null> {
  const [client] = await tx
    .select({ status: clientColumns.status, end_date: sql<string | null>`${clientColumns.end_date}::text`, branch_id: clientColumns.branch_id })
    .from(clientsTable)
    .where(eq(clientColumns.id, clientId))
    .for('update');
  if (!client || !(FOLLOWS as readonly string[]).includes(String(client.status))) return null;
  const target = await statusFromEpisodes(tx, clientId, String(client.status), today);
  if (!target || target.status === client.status) return null;
  const endDate = target.endedOn && !client.end_date ? target.endedOn : client.end_date;
  await tx
    .update(clientsTable)
    .set({ status: target.status, end_date: endDate, updated_at: clock.now() } as never)
    .where(eq(clientColumns.id, clientId));
  await recordAudit(tx, {
    actor: { userId, actingUserId: null, healthProfessionalId: null, ip: null },
    resource: CLIENTS_AUDIT,
    recordId: clientId,
    action: 'update',
    before: { status: client.status, end_date: client.end_date },
    after: { status: target.status, end_date: endDate, status_from: target.why },
  });
  if (target.status === 'ended' || target.status === 'deceased') {
    // As ./events.ts's CareEndedSchema: publishEvent checks it against the declaration.
    const payload = { client_id: clientId, branch_id: Number(client.branch_id), status: target.status, ended_on: endDate };
    await publishEvent(tx, CLIENT_CARE_ENDED, payload, userId);
  }
  return target.status;
}

/** A hospital stay or a care ending written through the engine: the client's status follows it, in its transaction. */
export const followEpisodeWrite: ResourceWriteHook = async (tx: Transaction, change: ResourceChange) => {
  const clientId = Number((change.after ?? change.before)?.client_id);
  if (Number.isSafeInteger(clientId)) await syncClientStatus(tx, clientId, londonDate(), change.userId);
};

/**
 * The clients whose status their episodes may move on `today`: in hospital (are they still?), admitted by now and
 * not yet "In hospital", or with an end of care (or a death in hospital) come and not yet ended.
 */
async function clientsToSync(db: Database, today: string): Promise<number[]> {
  const live = (deleted: PgColumn | undefined) => (deleted ? isNull(deleted) : undefined);
  const status = clientColumns.status;
  const notDeleted = live((getTableColumns(clientsTable) as Record<string, PgColumn>).deleted_at);
  const inHospital = db.select({ id: clientColumns.id }).from(clientsTable).where(and(notDeleted, eq(status, 'in-hospital')));
  const admitted = db
    .select({ id: hospitals.client_id! })
    .from(clientHospitalsTable)
    .where(and(live(hospitals.deleted_at), lte(hospitals.admitted_on!, today), isNull(hospitals.discharged_on!)));
  const ended = db
    .select({ id: endings.client_id! })
    .from(clientPreExitTable)
    .where(and(live(endings.deleted_at), lte(endings.planned_end_date!, today)));
  const died = db
    .select({ id: hospitals.client_id! })
    .from(clientHospitalsTable)
    .where(and(live(hospitals.deleted_at), eq(hospitals.discharge_destination!, 'died-in-hospital'), lte(hospitals.discharged_on!, today)));
  const rows = await db
    .select({ id: clientColumns.id })
    .from(clientsTable)
    .where(
      and(
        notDeleted,
        or(
          inArray(clientColumns.id, inHospital),
          and(inArray(status, ['active', 'paused']), inArray(clientColumns.id, admitted)),
          and(notInArray(status, ['ended', 'deceased']), inArray(clientColumns.id, ended)),
          and(ne(status, 'deceased'), inArray(clientColumns.id, died)),
        ),
      ),
    );
  return rows.map((row) => Number(row.id));
}

/** Every client whose episodes' day has come (see clientsToSync): each synced in its own transaction. */
export async function syncDueClientStatuses(db: Database, now = clock.now()): Promise<{ clientId: number; status: string }[]> {
  const today = londonDate(now);
  const changed: { clientId: number; status: string }[] = [];
  for (const clientId of await clientsToSync(db, today)) {
    const status = await db.transaction((tx) => syncClientStatus(tx, clientId, today, null));
    if (status) changed.push({ clientId, status });
  }
  return changed;
}

/** The days that come on their own (a planned admission, a planned end of care): checked every 15 minutes. */
export const clientStatusJob: ScheduledJob<AreaServerContext> = {
  name: 'care-records:client-status',
  everyMs: 15 * 60_000,
  async run(context, now) {
    const changed = await syncDueClientStatuses(context.auth.db, now);
    return { note: changed.length ? `${changed.length} client status(es) follow their hospital stays and end of care` : undefined };
  },
};
