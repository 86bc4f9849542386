import { CARER_ROLE } from '@hcm/contract/schemas';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { fileStorage, roles, userBranches, users, type AuditActor, type Transaction } from '@hcm/server/platform';
import { ANTICOAGULANT_NAMES } from '../../../contract/index.js';
import { clientColumns, clientMedicationColumns, clientMedicationsTable, clientsTable } from '../../columns.js';
import { medicationsRead } from '../../read-models.js';
import { requestHash } from '../../mar/common.js';
import { marAdministrations } from '../../mar/tables.js';
import { handleAvailabilityReport, saveAvailabilityReport, saveMedicationImage } from './reports.js';
import { marAdministrationInr } from './tables.js';
import { clock } from '@hcm/contract/time';

// Medication at visits in the demo, relative to now: INRs with Peggy's latest warfarin doses (the MAR demo
// records the doses themselves, as her carers' devices), two photos (a MAR sheet, a blister pack) and two stock
// reports (one handled by the office), made through the same service functions as the device routes.

// Tiny PNGs drawn in code (24×16): a ruled pale sheet (the MAR) and blue pockets on a card (the blister pack).
const MAR_SHEET_PNG = 'iVBORw0KGgoAAAANSUhEUgAAABgAAAAQCAIAAACDRijCAAAAJElEQVR4nGOooBJgqKio+P/rDjIiT2RwGjQaRqNhNBpGtDcIAEq2cl666pCSAAAAAElFTkSuQmCC';
const BLISTER_PNG = 'iVBORw0KGgoAAAANSUhEUgAAABgAAAAQCAIAAACDRijCAAAALElEQVR4nGOwyTtBFcRAZYNev/4KQXAJUkWGv0GDL9YGn0GDL9YGn0GDKNYAN6isf0hfvsMAAAAASUVORK5CYII=';

const actorOf = (userId: number): AuditActor => ({ userId, actingUserId: null, healthProfessionalId: null, ip: null });

export async function seedMedicationLiveDemo(tx: Transaction, now = clock.now()): Promise<void> {
  const clients = await tx.select({ id: clientColumns.id, branch: clientColumns.branch_id }).from(clientsTable).orderBy(asc(clientColumns.id)).limit(3);
  if (clients.length < 3) return;
  const carers = await tx
    .select({ id: users.id, branch: userBranches.branch_id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .innerJoin(userBranches, eq(userBranches.user_id, users.id))
    .where(eq(roles.name, CARER_ROLE))
    .orderBy(asc(users.id));
  const carerFor = (branch: number | null) => carers.find((carer) => carer.branch === branch)?.id ?? carers[0]?.id;
  const [peggy, desmond, irene] = clients.map((client) => ({ id: Number(client.id), carer: carerFor(client.branch === null ? null : Number(client.branch)) }));
  if (!peggy?.carer || !desmond?.carer || !irene?.carer) return;
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

  // The INR from Peggy's yellow book with her three latest anticoagulant doses.
  const doses = await tx
    .select({ id: marAdministrations.id, name: medicationsRead.name })
    .from(marAdministrations)
    .innerJoin(clientMedicationsTable, eq(clientMedicationColumns.id, marAdministrations.schedule_id))
    .innerJoin(medicationsRead, eq(medicationsRead.id, clientMedicationColumns.medication_id))
    .where(and(eq(marAdministrations.client_id, peggy.id), eq(marAdministrations.created_via, 'device')))
    .orderBy(desc(marAdministrations.given_at))
    .limit(200);
  const anticoagulant = doses.filter((dose) => ANTICOAGULANT_NAMES.some((name) => dose.name.toLowerCase().includes(name))).slice(0, 3);
  if (anticoagulant.length) {
    await tx.insert(marAdministrationInr).values(anticoagulant.map((dose, index) => ({ administration_id: dose.id, inr: ['2.6', '2.4', '2.9'][index]! }))).onConflictDoNothing();
  }

  const storage = fileStorage();
  const photo = async (clientId: number, carerId: number, key: string, at: Date, values: { kind: string; caption: string; data: string }) =>
    saveMedicationImage(tx, storage, { clientId, carerId, actor: actorOf(carerId), key, hash: requestHash({ demo: key }), at }, { ...values, schedule_id: null, recorded_at: '', file_name: '' });
  await photo(peggy.id, peggy.carer, 'demo-photo-mar-sheet', hoursAgo(20), { kind: 'mar-sheet', caption: "Pharmacy's paper MAR for this week, photographed for the office: Thursday's tea-time warfarin line is blank.", data: MAR_SHEET_PNG });
  await photo(desmond.id, desmond.carer, 'demo-photo-blister', hoursAgo(2), { kind: 'blister-pack', caption: "Monday's breakfast pocket still sealed at lunchtime: morning call was missed?", data: BLISTER_PNG });

  const report = async (clientId: number, carerId: number, key: string, at: Date, values: { problem: string; medicine_name: string; quantity_left: number | null; note: string }) =>
    saveAvailabilityReport(tx, { clientId, carerId, actor: actorOf(carerId), key, hash: requestHash({ demo: key }), at }, { ...values, schedule_id: null, recorded_at: '' });
  const low = await report(irene.id, irene.carer, 'demo-stock-low', hoursAgo(26), {
    problem: 'running-low',
    medicine_name: 'Paracetamol 500 mg tablets',
    quantity_left: 6,
    note: 'Six tablets left: a day and a half at four a day. The repeat has not come.',
  });
  await report(desmond.id, desmond.carer, 'demo-stock-delivery', hoursAgo(3), {
    problem: 'not-delivered',
    medicine_name: 'Metformin 500 mg tablets',
    quantity_left: 0,
    note: 'Weekly delivery did not arrive; none left for tonight. Desmond says the pharmacy has not rung.',
  });
  const [office] = await tx.select({ id: users.id }).from(users).where(inArray(users.email, ['office@homecare.test'])).limit(1);
  if (office) await handleAvailabilityReport(tx, low.id, office.id, actorOf(office.id), { note: 'Rang the pharmacy: the repeat is ready; the daughter collects it today.' });
}
