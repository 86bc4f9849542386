import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { londonDate } from '@hcm/contract/engine';
import { eq } from 'drizzle-orm';
import type { Database } from '@hcm/server/platform';
import type { TestClient } from '@hcm/server/testing';
import { addDays, ukInstant, type MedicationSchedule } from '../../contract/index.js';
import { insertClient } from '../health-professionals/test-fixtures.js';
import { medicationsRead } from '../read-models.js';

// Test data for the eMAR's tests: a client of the Camden branch (the office user's), catalogue medicines, and
// schedules added through the API.

export const today = () => londonDate();
export const daysAgo = (days: number) => addDays(today(), -days);
/** A UK wall-clock time on a day, as the form's date-and-time input sends it. */
export const at = (day: string, time: string) => `${day}T${time}`;
/** The same moment as an instant, as a device sends it. */
export const instant = (day: string, time: string) => ukInstant(day, time).toISOString();
export const key = () => `test-${randomUUID()}`;

export async function camdenClient(db: Database): Promise<number> {
  return (await insertClient(db, { branchCode: 'CAM' })).id;
}

/** A catalogue medicine (reference data's table, through this area's read model). */
export async function medicine(db: Database, name: string): Promise<number> {
  const [row] = await db
    .insert(medicationsRead)
    .values({ name: `${name} ${randomUUID().slice(0, 8)}`, strength: '10 mg' } as never)
    .returning({ id: medicationsRead.id });
  return row!.id;
}

export async function medicineNamed(db: Database, name: string): Promise<number> {
  const [row] = await db.select({ id: medicationsRead.id }).from(medicationsRead).where(eq(medicationsRead.name, name));
  return row!.id;
}

export const scheduled = (clientId: number, medicationId: number, fields: Record<string, unknown> = {}) => ({
  client_id: clientId,
  medication_id: medicationId,
  dose: '1 tablet (10 mg)',
  route: 'oral',
  frequency: 'One at night',
  support_level: 'administer',
  timing: 'exact',
  times: '08:00, 20:00',
  start_date: daysAgo(40),
  prescriber: 'Dr Helen Okafor, Camden Road Surgery',
  pharmacy: 'Boots, Camden High Street',
  ...fields,
});

export const prn = (clientId: number, medicationId: number, fields: Record<string, unknown> = {}) =>
  scheduled(clientId, medicationId, { as_needed: true, times: '', prn_reason: 'For knee pain', prn_max_doses: 4, prn_min_gap_hours: 4, frequency: 'One or two every 4 hours when needed', ...fields });

export async function addSchedule(as: TestClient, clientId: number, body: Record<string, unknown>): Promise<MedicationSchedule> {
  const response = await as.post(`/api/v1/clients/${clientId}/medications`, body);
  assert.equal(response.statusCode, 201, response.body);
  return response.json().data as MedicationSchedule;
}
