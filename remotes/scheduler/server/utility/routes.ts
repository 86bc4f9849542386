import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, asc, eq, gte, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { londonTime } from '@hcm/contract/engine';
import { auditActorOf, ok, recordAudit, recordIdIn, sendError, sendInvalid, viewerOf, type AreaServerContext, type Database, type Transaction, type Viewer } from '@hcm/server/platform';
import { branches } from '@hcm/server/schema';
import { MarkNpcCodeSchema, MoveFunderCodeSchema, type BulkApplied, type BulkPreview, type BulkVisit, type MarkNpcCodeValues, type MoveFunderCodeValues, type UtilityChoices } from '../../contract/utility.js';
import { activeFunderCodes, clientName, clientsInScope, inScope, mayUseBranch, parsed } from '../imports/common.js';
import { clientsRead, funderCodesRead, npcCodesRead } from '../read-models.js';
import { visitLogs, visits } from '../tables.js';
import { refuseInvoiced } from '../billing/lock.js';
import { announceVisitsChanged } from '../visits/push.js';
import { clock } from '@hcm/contract/time';

// Bulk corrections of visits over a period (utility/visit/move-funder-code and mark-npc-code), visits.correct:
//   GET  /utility/visits/choices                          branches, clients, funder and NPC codes
//   POST /utility/visits/move-funder-code/preview         the visits a move would change, with their count
//   POST /utility/visits/move-funder-code                 apply: the same body (+ visit_ids from the preview)
//   POST /utility/visits/mark-npc-code/preview | (apply)  likewise for marking an NPC code
// Apply is one transaction: each visit's version bumped and a visit_logs 'bulk' entry, and one audit entry for the
// action (resource 'visit-bulk-actions', its record the branch). When the preview's visit_ids are sent and the
// visits matching now differ, nothing changes: 409 naming how many were added or dropped.

const RESOURCE = 'visit-bulk-actions';
const PREVIEW_LIMIT = 500;

type Kind = 'move-funder-code' | 'mark-npc-code';
type Values = MoveFunderCodeValues | MarkNpcCodeValues;

const funderCodeOf = sql<string | null>`(select ${funderCodesRead.code} from ${funderCodesRead} where ${funderCodesRead.id} = ${visits.funder_code_id})`;
const npcCodeOf = sql<string | null>`(select ${npcCodesRead.code} from ${npcCodesRead} where ${npcCodesRead.id} = ${visits.npc_code_id})`;
const clientOf = sql<string>`coalesce((select ${clientName} from ${clientsRead} where ${clientsRead.id} = ${visits.client_id}), 'Client #' || ${visits.client_id})`;

export async function utilityRoutes(app: FastifyInstance, context: AreaServerContext): Promise<void> {
  const { auth } = context;
  const db: Database = auth.db;

  app.auditScopes.declare({ resource: RESOURCE, label: 'Bulk changes to visits', scope: recordIdIn((branchIds) => sql`select ${branches.id} from ${branches} where ${inScope(branches.id, branchIds)}`) });

  /** The codes named exist (422 otherwise), and the branch and clients are the viewer's. */
  async function checkChoices(viewer: Viewer, kind: Kind, values: Values): Promise<Record<string, string[]> | null> {
    const errors: Record<string, string[]> = {};
    if (!mayUseBranch(viewer.scope, values.branch_id)) errors.branch_id = ['Choose one of your branches.'];
    if (values.client_ids.length) {
      const found = await clientsInScope(db, viewer.scope, { ids: values.client_ids });
      if (found.length !== new Set(values.client_ids).size || found.some((client) => client.branch_id !== values.branch_id)) errors.client_ids = ['Choose clients of the branch.'];
    }
    if (kind === 'move-funder-code') {
      const move = values as MoveFunderCodeValues;
      const known = new Set((await db.select({ id: funderCodesRead.id }).from(funderCodesRead).where(and(inArray(funderCodesRead.id, [move.from_funder_code_id, move.to_funder_code_id]), isNull(funderCodesRead.deleted_at)))).map((row) => row.id));
      if (!known.has(move.from_funder_code_id)) errors.from_funder_code_id = ['Choose a funder code.'];
      if (!known.has(move.to_funder_code_id)) errors.to_funder_code_id = ['Choose a funder code.'];
    } else {
      const mark = values as MarkNpcCodeValues;
      const [npc] = await db.select({ id: npcCodesRead.id }).from(npcCodesRead).where(and(eq(npcCodesRead.id, mark.npc_code_id), isNull(npcCodesRead.deleted_at)));
      if (!npc) errors.npc_code_id = ['Choose an NPC code.'];
      if (mark.which === 'all' && !mark.client_ids.length) errors.client_ids = ['Choose the client(s) whose every visit is marked (e.g. the client in hospital).'];
    }
    return Object.keys(errors).length ? errors : null;
  }

  function matching(kind: Kind, values: Values): SQL {
    const conditions: SQL[] = [eq(visits.branch_id, values.branch_id), gte(visits.visit_date, values.from), lte(visits.visit_date, values.to)];
    if (values.client_ids.length) conditions.push(inArray(visits.client_id, values.client_ids));
    if (kind === 'move-funder-code') {
      conditions.push(eq(visits.funder_code_id, (values as MoveFunderCodeValues).from_funder_code_id));
    } else {
      const mark = values as MarkNpcCodeValues;
      conditions.push(or(isNull(visits.npc_code_id), ne(visits.npc_code_id, mark.npc_code_id))!);
      if (mark.which === 'cancelled') conditions.push(eq(visits.status, 'cancelled'));
      if (mark.which === 'missed') conditions.push(eq(visits.status, 'missed'));
    }
    return and(...conditions)!;
  }

  async function describe(kind: Kind, values: Values, count: number, runner: Database | Transaction = db): Promise<string> {
    const visitsText = `${count} visit${count === 1 ? '' : 's'}`;
    const period = `from ${values.from} to ${values.to}`;
    if (kind === 'move-funder-code') {
      const move = values as MoveFunderCodeValues;
      const codes = new Map((await runner.select({ id: funderCodesRead.id, code: funderCodesRead.code }).from(funderCodesRead).where(inArray(funderCodesRead.id, [move.from_funder_code_id, move.to_funder_code_id]))).map((row) => [row.id, row.code]));
      return `${visitsText} ${period} from funder code ${codes.get(move.from_funder_code_id) ?? '?'} to ${codes.get(move.to_funder_code_id) ?? '?'}`;
    }
    const mark = values as MarkNpcCodeValues;
    const [npc] = await runner.select({ code: npcCodesRead.code }).from(npcCodesRead).where(eq(npcCodesRead.id, mark.npc_code_id));
    const which = mark.which === 'all' ? '' : ` ${mark.which}`;
    return `${count}${which} visit${count === 1 ? '' : 's'} ${period} marked with NPC code ${npc?.code ?? '?'}`;
  }

  async function validated(request: FastifyRequest, reply: FastifyReply, kind: Kind): Promise<{ viewer: Viewer; values: Values } | null> {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return null;
    const values = await parsed(reply, kind === 'move-funder-code' ? MoveFunderCodeSchema : MarkNpcCodeSchema, request.body);
    if (!values) return null;
    const errors = await checkChoices(viewer, kind, values);
    if (errors) {
      await sendInvalid(reply, errors);
      return null;
    }
    return { viewer, values };
  }

  app.get('/utility/visits/choices', { config: { permission: 'visits.correct' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const answer: UtilityChoices = {
      branches: await db.select({ id: branches.id, name: branches.name }).from(branches).where(inScope(branches.id, viewer.scope)).orderBy(asc(branches.name)),
      clients: (await clientsInScope(db, viewer.scope)).map((client) => ({ id: client.id, name: client.name, branch_id: client.branch_id })),
      funder_codes: await activeFunderCodes(db),
      npc_codes: await db.select({ id: npcCodesRead.id, code: npcCodesRead.code, description: npcCodesRead.description }).from(npcCodesRead).where(and(eq(npcCodesRead.active, true), isNull(npcCodesRead.deleted_at))).orderBy(asc(npcCodesRead.code)),
    };
    return ok(answer);
  });

  for (const kind of ['move-funder-code', 'mark-npc-code'] as const) {
    app.post(`/utility/visits/${kind}/preview`, { config: { permission: 'visits.correct' } }, async (request, reply) => {
      const found = await validated(request, reply, kind);
      if (!found) return reply;
      const where = matching(kind, found.values);
      const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(visits).where(where);
      const rows = await db
        .select({ id: visits.id, date: visits.visit_date, planned_start: visits.planned_start, client_name: clientOf, status: visits.status, funder_code: funderCodeOf, npc_code: npcCodeOf })
        .from(visits)
        .where(where)
        .orderBy(asc(visits.planned_start), asc(visits.id))
        .limit(PREVIEW_LIMIT);
      const list: BulkVisit[] = rows.map(({ planned_start, ...row }) => ({ ...row, start_time: londonTime(planned_start) }));
      const answer: BulkPreview = { count, visits: list, summary: `Would change ${await describe(kind, found.values, count)}.` };
      return ok(answer);
    });

    app.post(`/utility/visits/${kind}`, { config: { permission: 'visits.correct' } }, async (request, reply) => {
      const found = await validated(request, reply, kind);
      if (!found) return reply;
      const { values, viewer } = found;
      const where = matching(kind, values);
      // An invoiced visit keeps its funder and codes until finance credits it.
      const candidates = values.visit_ids ?? (await db.select({ id: visits.id }).from(visits).where(where)).map((row) => row.id);
      if (await refuseInvoiced(app, request, reply, candidates)) return reply;
      const outcome = await db.transaction(async (tx) => {
        const rows = await tx.select({ id: visits.id, funder_code_id: visits.funder_code_id, npc_code_id: visits.npc_code_id, version: visits.version }).from(visits).where(where).orderBy(asc(visits.id)).for('update');
        if (values.visit_ids) {
          const previewed = new Set(values.visit_ids);
          const now = new Set(rows.map((row) => row.id));
          const added = [...now].filter((id) => !previewed.has(id)).length;
          const dropped = [...previewed].filter((id) => !now.has(id)).length;
          if (added || dropped) return { conflict: `The visits changed since the preview (${added} more now match, ${dropped} no longer do). Preview again before applying.` } as const;
        }
        if (!rows.length) return { applied: 0, summary: await describe(kind, values, 0, tx), ids: [] as number[] } as const;
        const ids = rows.map((row) => row.id);
        const change = kind === 'move-funder-code' ? { funder_code_id: (values as MoveFunderCodeValues).to_funder_code_id } : { npc_code_id: (values as MarkNpcCodeValues).npc_code_id };
        await tx.update(visits).set({ ...change, version: sql`${visits.version} + 1`, updated_at: clock.now() }).where(inArray(visits.id, ids));
        const summary = await describe(kind, values, rows.length, tx);
        const field = kind === 'move-funder-code' ? 'funder_code_id' : 'npc_code_id';
        await tx.insert(visitLogs).values(
          rows.map((row) => ({
            visit_id: row.id,
            user_id: viewer.user.userID,
            action: 'bulk' as const,
            summary: kind === 'move-funder-code' ? 'Funder code moved in bulk' : 'NPC code marked in bulk',
            reason: summary,
            before: { [field]: row[field] },
            after: { [field]: change[field as keyof typeof change] },
          })),
        );
        await recordAudit(tx, { actor: auditActorOf(request), resource: RESOURCE, recordId: values.branch_id, action: 'update', before: null, after: { action: kind, ...values, visit_ids: ids, count: ids.length, summary } });
        return { applied: ids.length, summary, ids } as const;
      });
      if ('conflict' in outcome) return sendError(reply, 409, outcome.conflict!);
      void announceVisitsChanged(context, db, values.branch_id, outcome.ids, viewer.user.userID, (error) => request.log.warn({ err: error }, 'visits push failed'));
      const answer: BulkApplied = { count: outcome.applied, summary: outcome.applied ? `Changed ${outcome.summary}.` : 'No visit matched: nothing changed.' };
      return ok(answer, answer.summary);
    });
  }
}
