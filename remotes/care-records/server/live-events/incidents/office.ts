import { and, eq, isNull } from 'drizzle-orm';
import { recordAudit, type AuditActor, type Database, type Viewer } from '@hcm/server/platform';
import type { FamilyFeedbackRow, FeedbackAcknowledgeValues, IncidentReviewValues, IncidentRow } from '../../../contract/live-incidents.js';
import { findFamilyFeedback, findIncident } from './lists.js';
import { careIncidents, familyFeedback } from './tables.js';
import { clock } from '@hcm/contract/time';

// The office's one answer to a report: an incident's review (with the wish to raise it with quality assurance,
// which that area takes up when it arrives) and a family's feedback acknowledged with a response. Each is given
// once: a second (two managers at once, or a resend) finds it given and is told so (409), never overwriting.

export type OfficeAnswer<Row> = { row: Row } | { missing: true } | { already: Row };

export async function reviewIncident(db: Database, viewer: Viewer, actor: AuditActor, id: number, values: IncidentReviewValues): Promise<OfficeAnswer<IncidentRow>> {
  return db.transaction(async (tx) => {
    const before = await findIncident(tx, viewer.scope, id);
    if (!before) return { missing: true } as const;
    const [updated] = await tx
      .update(careIncidents)
      .set({
        reviewed_at: clock.now(),
        reviewed_by: viewer.user.userID,
        reviewed_by_name: viewer.user.name,
        review_outcome: values.outcome,
        review_note: values.note,
        escalate_to_quality: values.escalate_to_quality,
      })
      .where(and(eq(careIncidents.id, id), isNull(careIncidents.reviewed_at)))
      .returning({ id: careIncidents.id });
    if (!updated) return { already: before };
    const after = (await findIncident(tx, viewer.scope, id))!;
    await recordAudit(tx, { actor, resource: 'care-incidents', recordId: id, action: 'update', before, after });
    return { row: after };
  });
}

export async function acknowledgeFeedback(db: Database, viewer: Viewer, actor: AuditActor, id: number, values: FeedbackAcknowledgeValues): Promise<OfficeAnswer<FamilyFeedbackRow>> {
  return db.transaction(async (tx) => {
    const before = await findFamilyFeedback(tx, viewer.scope, id);
    if (!before) return { missing: true } as const;
    const [updated] = await tx
      .update(familyFeedback)
      .set({ acknowledged_at: clock.now(), acknowledged_by: viewer.user.userID, acknowledged_by_name: viewer.user.name, response: values.response })
      .where(and(eq(familyFeedback.id, id), isNull(familyFeedback.acknowledged_at)))
      .returning({ id: familyFeedback.id });
    if (!updated) return { already: before };
    const after = (await findFamilyFeedback(tx, viewer.scope, id))!;
    await recordAudit(tx, { actor, resource: 'family-feedback', recordId: id, action: 'update', before, after });
    return { row: after };
  });
}
