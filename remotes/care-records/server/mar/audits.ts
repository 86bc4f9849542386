import { and, desc, eq } from 'drizzle-orm';
import { recordAudit, users, type AuditActor } from '@hcm/server/platform';
import type { MarAudit, MarAuditFindings, MarAuditValues, MarClient } from '../../contract/index.js';
import { buildMarChart } from './chart.js';
import { isoOf, type DbOrTx } from './common.js';
import { marAudits } from './tables.js';
import { clock } from '@hcm/contract/time';

// The office's monthly audit of a client's MAR chart: what the product finds in the month (its gaps, totals and
// the doses not given with their notes) is shown to the auditor and stored with the answers, so the audit keeps
// what was found when it was made even if records are corrected later.

const u = marAudits;

/** What the product finds in a month's chart, for the auditor to review. */
export async function auditFindings(db: DbOrTx, client: MarClient, month: string, now = clock.now()): Promise<MarAuditFindings> {
  const chart = await buildMarChart(db, client, month, now);
  const given = new Set(chart.codes.filter((code) => code.counts_as_given).map((code) => code.code));
  const refused = [
    ...chart.rows.flatMap((row) =>
      row.cells.flatMap((cell, index) => (cell.state === 'recorded' && !given.has(cell.entry.code) ? [{ medicine: row.medicine, day: chart.days[index]!, slot: row.slot, note: `${cell.entry.code}: ${cell.entry.note || 'no note'}` }] : [])),
    ),
    ...chart.prn.flatMap((row) => row.days.flatMap((entries, index) => entries.filter((entry) => entry.over_limit).map((entry) => ({ medicine: row.medicine, day: chart.days[index]!, slot: null, note: `Over the PRN limit: ${entry.prn_reason}` })))),
  ];
  return { month, gaps: chart.gaps, totals: chart.totals, refused };
}

const auditColumns = {
  id: u.id,
  client_id: u.client_id,
  month: u.month,
  audited_on: u.audited_on,
  auditor_id: u.auditor_id,
  auditor: users.name,
  checks: u.checks,
  gaps: u.gaps,
  totals: u.totals,
  gaps_explained: u.gaps_explained,
  findings: u.findings,
  outcome: u.outcome,
  actions: u.actions,
  action_owner: u.action_owner,
  action_due: u.action_due,
  created_at: u.created_at,
};

const toAudit = (row: { created_at: Date | string; action_due: string | null; outcome: string } & Omit<MarAudit, 'created_at' | 'action_due' | 'outcome'>): MarAudit => ({
  ...row,
  outcome: row.outcome as MarAudit['outcome'],
  action_due: row.action_due ?? '',
  created_at: isoOf(row.created_at),
});

/** A client's audits, newest month first. */
export async function listAudits(db: DbOrTx, clientId: number): Promise<MarAudit[]> {
  const rows = await db.select(auditColumns).from(u).innerJoin(users, eq(users.id, u.auditor_id)).where(eq(u.client_id, clientId)).orderBy(desc(u.month), desc(u.id));
  return rows.map(toAudit);
}

export async function findAudit(db: DbOrTx, clientId: number, id: number): Promise<MarAudit | null> {
  const [row] = await db.select(auditColumns).from(u).innerJoin(users, eq(users.id, u.auditor_id)).where(and(eq(u.client_id, clientId), eq(u.id, id)));
  return row ? toAudit(row) : null;
}

/** Stores an audit with the findings of its month as they are now (the route writes it to the audit trail; the demo seed cannot). */
export async function storeAudit(db: DbOrTx, client: MarClient, auditorId: number, values: MarAuditValues): Promise<MarAudit> {
  const findings = await auditFindings(db, client, values.month);
  const [row] = await db
    .insert(u)
    .values({ ...values, action_due: values.action_due || null, client_id: client.id, auditor_id: auditorId, gaps: findings.gaps, totals: findings.totals })
    .returning({ id: u.id });
  return (await findAudit(db, client.id, row!.id))!;
}

/** Stores an audit and writes it to the audit trail. */
export async function createAudit(db: DbOrTx, client: MarClient, auditorId: number, values: MarAuditValues, actor: AuditActor): Promise<MarAudit> {
  const audit = await storeAudit(db, client, auditorId, values);
  await recordAudit(db, { actor, resource: 'mar-audits', recordId: audit.id, action: 'create', after: audit });
  return audit;
}
