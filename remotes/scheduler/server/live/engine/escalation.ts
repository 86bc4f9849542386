import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import { branches, users } from '@hcm/server/schema';
import { recordAudit, type AreaServerContext, type Database } from '@hcm/server/platform';
import { ALERT_KINDS, labelOfChoice } from '../../../contract/live-engine.js';
import { liveSettingsByBranch } from '../device/settings.js';
import { visitAlerts } from '../tables.js';
import { wallClock } from '../../visits/service.js';

// Escalation: an alert still open (nobody acknowledged it) `escalate_after_minutes` after it was raised goes to the
// branch's on-call person, by email and, when the branch has an on-call phone, by SMS. The alert is claimed by
// setting escalated_at where it is still null, so two API processes escalate it once; the claim is audited.

export const LIVE_ALERTS_AUDIT = 'live-alerts';
const MINUTE = 60_000;

/** The system's actor in the audit trail: the engine acts on a timer, not for a signed-in user. */
const ENGINE_ACTOR = { userId: null, actingUserId: null, healthProfessionalId: null, ip: null };

export type EscalationDeps = { db: Database; mailer: AreaServerContext['auth']['mailer']; sms: Pick<AreaServerContext['sms'], 'send'>; appUrl: string };
export type Escalated = { alert_id: number; branch_id: number; to: string };

export async function runEscalations(deps: EscalationDeps, now: Date): Promise<Escalated[]> {
  const { db } = deps;
  const open = await db
    .select({ id: visitAlerts.id, branch_id: visitAlerts.branch_id, kind: visitAlerts.kind, detail: visitAlerts.detail, raised_at: visitAlerts.raised_at, visit_id: visitAlerts.visit_id })
    .from(visitAlerts)
    .where(and(eq(visitAlerts.state, 'open'), isNull(visitAlerts.escalated_at), lte(visitAlerts.raised_at, now)));
  if (!open.length) return [];
  const settings = await liveSettingsByBranch(
    db,
    open.map((alert) => alert.branch_id),
  );
  const onCallIds = [...new Set([...settings.values()].map((s) => s.on_call_user_id).filter((id): id is number => id !== null))];
  const people = onCallIds.length ? await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, onCallIds)) : [];
  const branchNames = new Map((await db.select({ id: branches.id, name: branches.name }).from(branches)).map((row) => [row.id, row.name]));
  const out: Escalated[] = [];

  for (const alert of open) {
    const limits = settings.get(alert.branch_id)!;
    if (alert.raised_at.getTime() + limits.escalate_after_minutes * MINUTE > now.getTime()) continue;
    const person = people.find((row) => row.id === limits.on_call_user_id);
    // A branch without an on-call person has nobody to escalate to: the alert stays on the office's screens.
    if (!person && !limits.on_call_phone) continue;
    const to = [person ? `${person.name} <${person.email}>` : '', limits.on_call_phone].filter(Boolean).join(', ');
    const [claimed] = await db
      .update(visitAlerts)
      .set({ escalated_at: now, escalated_to: to })
      .where(and(eq(visitAlerts.id, alert.id), isNull(visitAlerts.escalated_at), eq(visitAlerts.state, 'open')))
      .returning({ id: visitAlerts.id });
    if (!claimed) continue;
    await recordAudit(db, { actor: ENGINE_ACTOR, resource: LIVE_ALERTS_AUDIT, recordId: alert.id, action: 'update', before: { escalated_at: null }, after: { escalated_at: now.toISOString(), escalated_to: to } });

    const what = labelOfChoice(ALERT_KINDS, alert.kind);
    const branch = branchNames.get(alert.branch_id) ?? `Branch #${alert.branch_id}`;
    const link = `${deps.appUrl.replace(/\/$/, '')}/app/scheduler/live-view`;
    const since = wallClock(alert.raised_at).time;
    const text = `${what} alert at ${branch}, open since ${since} and not acknowledged: ${alert.detail} Open the live view: ${link}`;
    if (person) {
      await deps.mailer.send({ to: person.email, subject: `${what}: nobody has acknowledged it (${branch})`, text: [`Hello ${person.name},`, '', text].join('\n') });
    }
    if (limits.on_call_phone) await deps.sms.send({ to: limits.on_call_phone, body: text.slice(0, 300), purpose: 'live-alert-escalation' });
    out.push({ alert_id: alert.id, branch_id: alert.branch_id, to });
  }
  return out;
}

