import { londonDate } from '@hcm/contract/engine';
import { clock } from '@hcm/contract/time';
import { and, asc, desc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import { clientAccess } from '../../access/tables.js';
import { addDays, dueOn, isAnticoagulant, slotOrder, slotsOf, type CareSheet, type CareSheetDose, type MarClient } from '../../../contract/index.js';
import type { DbOrTx } from '../../mar/common.js';
import { outcomeCodes } from '../../mar/outcome-codes.js';
import { listSchedules } from '../../mar/schedules.js';
import { marAdministrations, marOutcomeCodes } from '../../mar/tables.js';
import { clientDocuments, clientDocumentVersions, clientsTable } from '../../tables.js';
import { clientColumns } from '../../columns.js';

// What a carer needs at the door and in the home: the support plan's calls and tasks, the key facts (allergies,
// resuscitation decision, how to get in; that there is a key safe and where, when the carer's role may see it —
// never its code: the sheet is kept on the phone, the code is read on a tap from …/key-safe), the MAR due today
// and tomorrow with what is already recorded, the PRN medicines with the doses given in the last 24 hours, and
// the agency's outcome codes.

type Values = Record<string, unknown>;

/** Where the client lives: the carer finds the door by it, and the scheduler checks a check-in's distance from it. */
async function addressOf(db: DbOrTx, clientId: number): Promise<{ address: string; postcode: string }> {
  const [row] = await db
    .select({ line: clientColumns.address_line_1, town: clientColumns.town, postcode: clientColumns.postcode })
    .from(clientsTable)
    .where(eq(clientColumns.id, clientId));
  return { address: [row?.line, row?.town].filter(Boolean).join(', '), postcode: String(row?.postcode ?? '') };
}

/** The content of the client's current (active, else latest draft) document of a kind, or null. */
async function currentContent(db: DbOrTx, clientId: number, kind: string): Promise<Values | null> {
  const [row] = await db
    .select({ content: clientDocumentVersions.content })
    .from(clientDocuments)
    .innerJoin(clientDocumentVersions, and(eq(clientDocumentVersions.document_id, clientDocuments.id), eq(clientDocumentVersions.version, clientDocuments.version)))
    .where(and(eq(clientDocuments.owner_id, clientId), eq(clientDocuments.kind, kind), inArray(clientDocuments.status, ['active', 'draft'])))
    .orderBy(desc(eq(clientDocuments.status, 'active')), desc(clientDocuments.updated_at))
    .limit(1);
  return (row?.content as Values | undefined) ?? null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

const RESUSCITATION: Record<string, string> = {
  'for-cpr': 'For CPR: no DNACPR decision in place',
  dnacpr: 'DNACPR decision in place (ReSPECT or DNACPR form at home)',
  'not-discussed': 'Not discussed yet',
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The PRN doses counted as given (not superseded) in the 24 hours up to `at`, per schedule, oldest first. */
async function prnGivenSince(db: DbOrTx, scheduleIds: number[], at: Date): Promise<Map<number, string[]>> {
  const given = new Map<number, string[]>();
  if (!scheduleIds.length) return given;
  const rows = await db
    .select({ schedule_id: marAdministrations.schedule_id, given_at: marAdministrations.given_at })
    .from(marAdministrations)
    .innerJoin(marOutcomeCodes, eq(marOutcomeCodes.code, marAdministrations.outcome))
    .where(
      and(
        inArray(marAdministrations.schedule_id, scheduleIds),
        isNull(marAdministrations.superseded_at),
        isNull(marAdministrations.due_date),
        eq(marOutcomeCodes.counts_as_given, true),
        gt(marAdministrations.given_at, new Date(at.getTime() - DAY_MS)),
        lte(marAdministrations.given_at, at),
      ),
    )
    .orderBy(asc(marAdministrations.given_at));
  for (const row of rows) given.set(row.schedule_id, [...(given.get(row.schedule_id) ?? []), new Date(row.given_at).toISOString()]);
  return given;
}

export async function buildCareSheet(db: DbOrTx, client: MarClient, options: { mayReadKeySafe: boolean; today?: string }): Promise<CareSheet> {
  const today = options.today ?? londonDate();
  const days = [today, addDays(today, 1)];
  const [plan, passport, access, schedules] = [
    await currentContent(db, client.id, 'support-plan'),
    await currentContent(db, client.id, 'hospital-passport'),
    (await db.select().from(clientAccess).where(eq(clientAccess.client_id, client.id)))[0] ?? null,
    await listSchedules(db, client.id, today),
  ];

  const recorded = await db
    .select({
      id: marAdministrations.id,
      schedule_id: marAdministrations.schedule_id,
      due_date: marAdministrations.due_date,
      due_slot: marAdministrations.due_slot,
      outcome: marAdministrations.outcome,
      outcome_label: marOutcomeCodes.label,
      given_at: marAdministrations.given_at,
      dose_given: marAdministrations.dose_given,
    })
    .from(marAdministrations)
    .innerJoin(marOutcomeCodes, eq(marOutcomeCodes.code, marAdministrations.outcome))
    .where(and(eq(marAdministrations.client_id, client.id), inArray(marAdministrations.due_date, days), isNull(marAdministrations.superseded_at)));
  const recordOf = new Map(recorded.map((row) => [`${row.schedule_id}|${row.due_date}|${row.due_slot}`, row]));

  const doses: CareSheetDose[] = [];
  for (const day of days) {
    for (const schedule of schedules) {
      if (schedule.as_needed || schedule.status === 'stopped' || schedule.start_date > day || (schedule.stop_date && schedule.stop_date <= day) || !dueOn(schedule, day)) continue;
      for (const slot of slotsOf(schedule.times)) {
        const found = recordOf.get(`${schedule.id}|${day}|${slot}`);
        doses.push({
          schedule_id: schedule.id,
          medicine: `${schedule.medicine}${schedule.strength ? ` ${schedule.strength}` : ''}`,
          dose: schedule.dose,
          route: schedule.route,
          directions: schedule.frequency,
          support: schedule.support_level,
          day,
          slot,
          time_critical: schedule.time_critical,
          anticoagulant: isAnticoagulant(schedule.medicine),
          recorded: found
            ? { id: found.id, outcome: found.outcome, outcome_label: found.outcome_label, given_at: new Date(found.given_at).toISOString(), dose_given: found.dose_given }
            : null,
        });
      }
    }
  }
  doses.sort((x, y) => x.day.localeCompare(y.day) || slotOrder(x.slot) - slotOrder(y.slot) || x.medicine.localeCompare(y.medicine));

  const calls = (Array.isArray(plan?.calls) ? (plan!.calls as Values[]) : []).map((call) => ({
    call: text(call.call),
    time: text(call.time),
    duration: typeof call.duration === 'number' ? call.duration : null,
    tasks: text(call.tasks),
  }));
  const prn = schedules.filter((schedule) => schedule.as_needed && schedule.status === 'active');
  const prnGiven = await prnGivenSince(db, prn.map((schedule) => schedule.id), clock.now());
  const accessText = [text(plan?.access), access?.door_access ?? '', access?.parking ? `Parking: ${access.parking}` : '', access?.pets ? `Pets: ${access.pets}` : '', access?.alarm ? `Alarm: ${access.alarm}` : '']
    .filter(Boolean)
    .join('\n');
  return {
    client: { id: client.id, name: client.name, allergies: client.allergies, ...(await addressOf(db, client.id)) },
    key_facts: {
      resuscitation: RESUSCITATION[text(passport?.resuscitation)] ?? null,
      access: accessText,
      key_safe: options.mayReadKeySafe && access?.key_safe_code ? { location: access.key_safe_location } : null,
    },
    calls,
    what_matters: text(plan?.what_matters),
    as_needed: prn.map((schedule) => ({
      schedule_id: schedule.id,
      medicine: schedule.medicine,
      dose: schedule.dose,
      prn_reason: schedule.prn_reason,
      max_doses: schedule.prn_max_doses,
      min_gap_hours: schedule.prn_min_gap_hours,
      given_24h: prnGiven.get(schedule.id) ?? [],
    })),
    doses,
    outcome_codes: (await outcomeCodes(db))
      .filter((code) => code.active)
      .map((code) => ({ code: code.code, label: code.label, description: code.description, counts_as_given: code.counts_as_given, note_required: code.note_required })),
  };
}
