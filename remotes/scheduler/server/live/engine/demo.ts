import { and, eq, inArray } from 'drizzle-orm';
import { londonDate } from '@hcm/contract/engine';
import { branches, users } from '@hcm/server/schema';
import type { Transaction } from '@hcm/server/platform';
import { LIVE_DEFAULTS } from '../../../contract/live.js';
import { visits } from '../../tables.js';
import { branchLiveSettings } from '../tables.js';

// The engine's demo: every demo branch has an on-call person (the registered manager, Maya Manager, by email, and
// an on-call mobile in Ofcom's drama range), so an alert nobody acknowledges is escalated; and one medication
// visit of today in Camden is time-critical (Parkinson's medicines), so it is late after its own, tighter threshold.

const ON_CALL_EMAIL = 'manager@homecare.test';
const ON_CALL_PHONES: Record<string, string> = { CAM: '07700 900321', 'LDS-SL': '07700 900782', BRN: '07700 900145' };

export async function seedDemoLiveEngine(tx: Transaction): Promise<void> {
  const [onCall] = await tx.select({ id: users.id }).from(users).where(eq(users.email, ON_CALL_EMAIL)).limit(1);
  const demoBranches = await tx.select({ id: branches.id, code: branches.code }).from(branches).where(inArray(branches.code, Object.keys(ON_CALL_PHONES)));
  for (const branch of demoBranches) {
    const onCallValues = { on_call_user_id: onCall?.id ?? null, on_call_phone: ON_CALL_PHONES[branch.code] ?? '' };
    await tx
      .insert(branchLiveSettings)
      .values({ ...LIVE_DEFAULTS, ...onCallValues, branch_id: branch.id })
      .onConflictDoUpdate({ target: branchLiveSettings.branch_id, set: onCallValues });
  }

  const camden = demoBranches.find((branch) => branch.code === 'CAM');
  if (!camden) return;
  const today = await tx
    .select({ id: visits.id, tasks: visits.tasks })
    .from(visits)
    .where(and(eq(visits.branch_id, camden.id), eq(visits.visit_date, londonDate()), eq(visits.requires_medication, true)))
    .orderBy(visits.planned_start)
    .limit(1);
  const visit = today[0];
  if (!visit) return;
  const tasks = visit.tasks.map((task) => (task.kind === 'medication' ? { ...task, label: `Time-critical medication (Parkinson's): ${task.label}` } : task));
  await tx.update(visits).set({ tasks }).where(eq(visits.id, visit.id));
}
