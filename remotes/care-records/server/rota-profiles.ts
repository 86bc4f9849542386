import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { and, asc, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import { can } from '@hcm/contract';
import { auditActorOf, ok, parseId, queryParam, recordAudit, recordIdIn, sendError, sendInvalid, viewerOf, type AuthSettings } from '@hcm/server/platform';
import { visibleClientIds, visibleClients } from './client-visibility.js';
import { clientColumns as c, clientsTable } from './columns.js';
import { clientDocuments, clientDocumentVersions } from './tables.js';

/** The audited record type of a rota profile read (record_id: the client). */
export const ROTA_PROFILE_AUDIT = 'client-rota-profile';

const TASK_KINDS = ['personal-care', 'medication', 'meal', 'domestic', 'social', 'other'] as const;
type TaskKind = (typeof TASK_KINDS)[number];
const CONTINUITY = ['essential', 'important', 'not-important'] as const;

/**
 * A client as the rota reads them (GET /api/v1/clients/rota-profiles). Published to other areas (./published.ts):
 * the answer's type is the schema's, so the two cannot drift.
 */
export const RotaProfileSchema = v.object({
  id: v.number(),
  name: v.string(),
  branch_id: v.number(),
  /** active, in-hospital, paused, ended or deceased */
  status: v.string(),
  postcode: v.string(),
  /** From the latest staff-preference document ('none' without one). */
  gender_preference: v.string(),
  preferred_carer_names: v.array(v.string()),
  declined_carer_names: v.array(v.string()),
  continuity: v.nullable(v.picklist(CONTINUITY)),
  /** The support plan's areas where the person needs help, as visit tasks ([] without a plan). */
  care_plan_tasks: v.array(v.object({ key: v.string(), label: v.string(), kind: v.picklist(TASK_KINDS) })),
});
export type RotaProfile = v.InferOutput<typeof RotaProfileSchema>;

const MAX_IDS = 1000;
const HELPED = ['prompt', 'some-help', 'full-help'];
const MEDICATION_HELPED = ['prompt', 'assist', 'administer'];

/** The support plan's need areas that become visit tasks when the person needs help with them. */
const PLAN_TASKS: { field: string; helped: string[]; key: string; label: string; kind: TaskKind }[] = [
  { field: 'personal_care_support', helped: HELPED, key: 'personal-care', label: 'Personal care', kind: 'personal-care' },
  { field: 'continence_support', helped: HELPED, key: 'continence', label: 'Continence care', kind: 'personal-care' },
  { field: 'mobility_support', helped: HELPED, key: 'mobility', label: 'Mobility and transfers', kind: 'personal-care' },
  { field: 'nutrition_support', helped: HELPED, key: 'meal', label: 'Meals and drinks', kind: 'meal' },
  { field: 'medication_support', helped: MEDICATION_HELPED, key: 'medication', label: 'Medication', kind: 'medication' },
  { field: 'skin_support', helped: HELPED, key: 'skin', label: 'Skin and pressure care', kind: 'personal-care' },
  { field: 'social_support', helped: HELPED, key: 'social', label: 'Social life and activities', kind: 'social' },
];


function idList(raw: string | undefined, max: number): number[] | null {
  if (!raw) return [];
  const parts = raw.split(',').map((part) => part.trim()).filter(Boolean);
  const ids = parts.map(parseId);
  if (ids.some((id) => id === null) || ids.length > max) return null;
  return [...new Set(ids as number[])];
}

const namesOf = (rows: unknown): string[] =>
  Array.isArray(rows)
    ? rows
        .map((row) => (row && typeof row === 'object' ? String((row as { name?: unknown }).name ?? '').trim() : ''))
        .filter((name) => name !== '')
    : [];

type Contents = Map<number, Record<string, unknown>>;

/**
 * The current content of each client's latest document of each kind (draft or active; archived ones left out), by
 * kind: one statement for every kind (issue 29: a statement a kind made the rota's read of a client cost more).
 */
async function latestContents<Kind extends string>(db: AuthSettings['db'], clientIds: number[], kinds: readonly Kind[]): Promise<Record<Kind, Contents>> {
  const latest = Object.fromEntries(kinds.map((kind) => [kind, new Map()])) as Record<Kind, Contents>;
  if (!clientIds.length) return latest;
  const rows = await db
    .select({ owner_id: clientDocuments.owner_id, kind: clientDocuments.kind, content: clientDocumentVersions.content })
    .from(clientDocuments)
    .innerJoin(clientDocumentVersions, and(eq(clientDocumentVersions.document_id, clientDocuments.id), eq(clientDocumentVersions.version, clientDocuments.version)))
    .where(and(inArray(clientDocuments.owner_id, clientIds), inArray(clientDocuments.kind, [...kinds]), ne(clientDocuments.status, 'archived')))
    .orderBy(desc(clientDocuments.updated_at), desc(clientDocuments.id));
  for (const row of rows) {
    const ofKind = latest[row.kind as Kind];
    if (!ofKind.has(row.owner_id)) ofKind.set(row.owner_id, row.content as Record<string, unknown>);
  }
  return latest;
}

/**
 * The rota's read of clients (the scheduling area reads it over HTTP): GET /clients/rota-profiles?ids=&branch_id=
 * (branch_id one id or several separated by commas). Per client: name, branch, status and postcode, and — unless
 * `content=0` — from their latest staff-preference document the gender preference, the carers they would like
 * and do not want, and continuity, and their support plan's tasks. Rota planners hold scheduler.view without
 * clients.view, so this answers either, for the clients of the user's branches. Reading preference and plan
 * content is audited as a view of each client's rota profile.
 */
export async function rotaProfileRoutes(app: FastifyInstance, { auth }: { auth: AuthSettings }): Promise<void> {
  const { db } = auth;
  app.auditScopes.declare({ resource: ROTA_PROFILE_AUDIT, label: "Clients' rota profiles", scope: recordIdIn((branchIds) => visibleClientIds(branchIds, { deleted: 'include' })) });

  app.get('/clients/rota-profiles', { config: { anyPermission: ['clients.view', 'scheduler.view'] } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    if (!can(viewer.user, 'clients.view') && !can(viewer.user, 'scheduler.view')) return sendError(reply, 403, 'This action is unauthorized.');
    const ids = idList(queryParam(request.query, 'ids'), MAX_IDS);
    const branchIds = idList(queryParam(request.query, 'branch_id'), 50);
    if (!ids || !branchIds) {
      return sendInvalid(reply, {
        ...(!ids ? { ids: [`Give client ids separated by commas, like ids=1,2,3 (at most ${MAX_IDS}).`] } : {}),
        ...(!branchIds ? { branch_id: ['Give branch ids separated by commas, like branch_id=1,2.'] } : {}),
      });
    }
    const withContent = queryParam(request.query, 'content') !== '0';
    const conditions: (SQL | undefined)[] = [visibleClients(viewer.scope, { deleted: 'exclude' })];
    if (ids.length) conditions.push(inArray(c.id, ids));
    if (branchIds.length) conditions.push(inArray(c.branch_id, branchIds));
    const rows = await db
      .select({ id: c.id, first_name: c.first_name, last_name: c.last_name, branch_id: c.branch_id, status: c.status, postcode: c.postcode })
      .from(clientsTable)
      .where(and(...conditions))
      .orderBy(asc(c.last_name), asc(c.first_name), asc(c.id));
    const clientIds = rows.map((row) => Number(row.id));
    const { 'staff-preference': preferences, 'support-plan': plans } = await latestContents(db, withContent ? clientIds : [], ['staff-preference', 'support-plan'] as const);
    const answer: RotaProfile[] = rows.map((row) => {
      const id = Number(row.id);
      const preference = preferences.get(id) ?? {};
      const plan = plans.get(id);
      const continuity = preference.continuity as string | undefined;
      return {
        id,
        name: `${String(row.first_name)} ${String(row.last_name)}`,
        branch_id: Number(row.branch_id),
        status: String(row.status),
        postcode: String(row.postcode ?? ''),
        gender_preference: typeof preference.gender_preference === 'string' && preference.gender_preference ? preference.gender_preference : 'none',
        preferred_carer_names: namesOf(preference.preferred_carers),
        declined_carer_names: namesOf(preference.declined_carers),
        continuity: CONTINUITY.includes(continuity as (typeof CONTINUITY)[number]) ? (continuity as RotaProfile['continuity']) : null,
        care_plan_tasks: plan ? PLAN_TASKS.filter((task) => task.helped.includes(String(plan[task.field] ?? ''))).map(({ key, label, kind }) => ({ key, label, kind })) : [],
      };
    });
    if (withContent) {
      const actor = auditActorOf(request);
      for (const id of clientIds) await recordAudit(db, { actor, resource: ROTA_PROFILE_AUDIT, recordId: id, action: 'view' });
    }
    return ok(answer);
  });
}
