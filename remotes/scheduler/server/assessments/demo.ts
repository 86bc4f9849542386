import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { londonDate } from '@hcm/contract/engine';
import type { Transaction } from '@hcm/server/platform';
import { users } from '@hcm/server/schema';
import type { AssessmentKind, AssessmentStatus } from '../../contract/assessments.js';
import { addDays, isoWeekday } from '../imports/common.js';
import { clientsRead } from '../read-models.js';
import { assessmentVisits } from './tables.js';

// Demo office planner: a handful of assessment visits next week (Oliver Office in Camden, Maya Manager
// elsewhere) and past reviews with their outcomes, around today (computed, so the demo stays current).

export async function seedDemoAssessments(tx: Transaction): Promise<void> {
  const staff = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, ['office@homecare.test', 'manager@homecare.test']));
  const office = staff.find((user) => user.email === 'office@homecare.test')?.id;
  const manager = staff.find((user) => user.email === 'manager@homecare.test')?.id;
  if (!office || !manager) return;
  const clients = await tx
    .select({ id: clientsRead.id, branch_id: clientsRead.branch_id, address: clientsRead.address_line_1, town: clientsRead.town, status: clientsRead.status })
    .from(clientsRead)
    .where(and(isNull(clientsRead.deleted_at), eq(clientsRead.status, 'active')))
    .orderBy(asc(clientsRead.id));
  if (!clients.length) return;
  const camdenBranch = clients[0]!.branch_id;
  const today = londonDate();
  const nextMonday = addDays(today, 8 - isoWeekday(today));
  type Plan = { offset: number; time: string; kind: AssessmentKind; status: AssessmentStatus; outcome: string; minutes: number };
  const plans: Plan[] = [
    { offset: 0, time: '10:00', kind: 'review', status: 'planned', outcome: '', minutes: 60 },
    { offset: 1, time: '14:00', kind: 'assessment', status: 'planned', outcome: '', minutes: 90 },
    { offset: 2, time: '11:00', kind: 're-assessment', status: 'planned', outcome: '', minutes: 60 },
    { offset: 3, time: '09:30', kind: 'review', status: 'planned', outcome: '', minutes: 45 },
    { offset: 4, time: '13:00', kind: 'review', status: 'planned', outcome: '', minutes: 60 },
    { offset: -21, time: '10:30', kind: 'review', status: 'done', outcome: 'Six-week review: the morning call is enough; the family asked for a later tea call (moved to 17:00).', minutes: 60 },
    { offset: -35, time: '15:00', kind: 'review', status: 'done', outcome: 'Annual review: care plan unchanged, risk assessments re-signed.', minutes: 45 },
    { offset: -14, time: '11:00', kind: 're-assessment', status: 'done', outcome: 'After a fall: a second carer for transfers at the morning call until the OT visit.', minutes: 90 },
    { offset: -10, time: '09:00', kind: 'review', status: 'cancelled', outcome: 'The client was in hospital; rebooked.', minutes: 60 },
  ];
  await tx.insert(assessmentVisits).values(
    plans.map((plan, index) => {
      const client = clients[(index * 3) % clients.length]!;
      return {
        branch_id: client.branch_id,
        client_id: client.id,
        kind: plan.kind,
        assessor_id: client.branch_id === camdenBranch ? office : manager,
        visit_date: addDays(nextMonday, plan.offset),
        start_time: plan.time,
        duration_minutes: plan.minutes,
        location: `${client.address}, ${client.town}`,
        status: plan.status,
        outcome: plan.outcome,
        created_by: manager,
      };
    }),
  );
}
