import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { fieldErrorsOf, londonInstant } from '@hcm/contract/engine';
import { ok, parseId, sendError, sendInvalid, type AreaServerContext, type Database } from '@hcm/server/platform';
import { chargeVisit } from '../../contract/rates/charge.js';
import { RateTrySchema } from '../../contract/rates/resources.js';
import type { BillableVisit } from '../../contract/rates/types.js';
import { loadRateBook } from './rate-book.js';
import { rateCardsTable } from './resource-tables.js';

/**
 * The rates part's own route (rate cards, their rules and minimum wage rates are served by the resource engine):
 * GET /api/v1/finance/rate-cards/:id/try?date&start&minutes[&actual_minutes&carers&miles] prices a made-up
 * delivered, confirmed visit with the card as the rate book would on that day, so a card can be checked by hand.
 */
export async function ratesRoutes(app: FastifyInstance, context: AreaServerContext): Promise<void> {
  const db: Database = context.auth.db;

  app.get('/finance/rate-cards/:id/try', { config: { permission: 'finance.view' } }, async (request, reply) => {
    const id = parseId((request.params as { id: string }).id);
    const [row] = id === null ? [] : await db.select({ id: rateCardsTable.id, funder_code_id: rateCardsTable['funder_code_id']! }).from(rateCardsTable).where(and(eq(rateCardsTable.id, id), isNull(rateCardsTable['deleted_at']!)));
    if (!row) return sendError(reply, 404, 'Rate card not found.');
    const parsed = v.safeParse(RateTrySchema, request.query ?? {});
    if (!parsed.success) return sendInvalid(reply, fieldErrorsOf(parsed.issues));
    const trial = parsed.output;

    const book = await loadRateBook(db, { from: trial.date, to: trial.date });
    const funderCodeId = Number(row.funder_code_id);
    const card = book.cardFor(funderCodeId, trial.date);
    if (card?.id !== row.id) return sendInvalid(reply, { date: ['This card is not the one in force for its funder on that day.'] });

    const plannedStart = londonInstant(trial.date, trial.start);
    const after = (minutes: number) => new Date(Date.parse(plannedStart) + minutes * 60_000).toISOString();
    const visit: BillableVisit = {
      id: 0,
      branch_id: 0,
      client_id: 0,
      funder_code_id: funderCodeId,
      visit_date: trial.date,
      planned_start: plannedStart,
      planned_end: after(trial.minutes),
      actual_start: trial.actual_minutes === null ? null : plannedStart,
      actual_end: trial.actual_minutes === null ? null : after(trial.actual_minutes),
      carers_needed: trial.carers,
      carer_ids: [],
      status: 'completed',
      confirmation: 'confirmed',
      cancelled_at: null,
      cancel_chargeable: false,
      // Booked well ahead: a trial is not a call-out.
      created_at: after(-30 * 24 * 60),
      chargeable_miles: trial.miles,
    };
    return ok(chargeVisit(visit, card, book.calendar));
  });
}
