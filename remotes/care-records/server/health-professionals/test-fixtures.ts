import type { Database } from '@hcm/server/platform';
import { branchIdOf } from '@hcm/server/testing';
import { clientContactsTable, clientMedicationsTable, clientsTable, healthProfessionalsTable } from '../columns.js';
import { medicationsRead } from '../read-models.js';
import { clientShares } from '../tables.js';
import { clock } from '@hcm/contract/time';

// Test data for the health-professional tests: clients with a medicine and a contact, professionals, shares.

let counter = 0;

/** A random NHS number with a valid check digit (unique enough for a test database). */
export function nhsNumber(): string {
  for (;;) {
    const digits = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
    const sum = digits.reduce((total, digit, index) => total + digit * (10 - index), 0);
    const check = 11 - (sum % 11);
    if (check === 10) continue;
    const all = [...digits, check === 11 ? 0 : check].join('');
    return `${all.slice(0, 3)} ${all.slice(3, 6)} ${all.slice(6)}`;
  }
}
const next = () => (counter += 1);

export { branchIdOf };

export async function insertClient(
  db: Database,
  fields: { branchCode: string; first_name?: string; last_name?: string; care_needs?: string; allergies?: string },
): Promise<{ id: number; name: string }> {
  const n = next();
  const first = fields.first_name ?? `Agnes${n}`;
  const last = fields.last_name ?? `Whitfield${n}`;
  const [row] = await db
    .insert(clientsTable)
    .values({
      first_name: first,
      last_name: last,
      preferred_name: 'Aggie',
      date_of_birth: '1938-04-12',
      nhs_number: nhsNumber(),
      service_type: 'domiciliary',
      status: 'active',
      address_line_1: '1 Test Street',
      town: 'Leeds',
      postcode: 'LS1 4AP',
      gp_practice: 'Leeds Road Surgery',
      start_date: '2024-01-01',
      care_needs: fields.care_needs ?? 'Help to wash and dress each morning.',
      medical_conditions: 'Type 2 diabetes',
      allergies: fields.allergies ?? 'Penicillin',
      communication_needs: 'Hard of hearing: face her when speaking.',
      branch_id: await branchIdOf(db, fields.branchCode),
    } as never)
    .returning({ id: clientsTable.id! });
  const id = row!.id as number;
  const [medicine] = await db
    .insert(medicationsRead)
    // Through the read model of reference data's catalogue (../read-models.ts): the columns it does not name keep their defaults.
    .values({ name: `Metformin ${n}`, strength: '500 mg' } as never)
    .returning({ id: medicationsRead.id });
  await db.insert(clientMedicationsTable).values({
    client_id: id,
    medication_id: medicine!.id,
    dose: '1 tablet',
    frequency: '08:00 and 18:00',
    support_level: 'prompt',
    start_date: '2024-01-01',
  } as never);
  await db.insert(clientContactsTable).values({ client_id: id, name: `Mary Whitfield ${n}`, relationship: 'child', phone: '0113 496 0000', next_of_kin: true } as never);
  return { id, name: `${first} ${last}` };
}

export async function insertProfessional(db: Database, fields: { active?: boolean } = {}): Promise<{ id: number; email: string; name: string }> {
  const n = next();
  const email = `gp${n}.${clock.nowMs()}@surgery.example`;
  const name = `Dr Priya Shah ${n}`;
  const [row] = await db
    .insert(healthProfessionalsTable)
    .values({ name, profession: 'gp', organisation: 'Leeds Road Surgery', email, active: fields.active ?? true } as never)
    .returning({ id: healthProfessionalsTable.id! });
  return { id: row!.id as number, email, name };
}

export async function share(db: Database, professionalId: number, clientId: number): Promise<void> {
  await db.insert(clientShares).values({ health_professional_id: professionalId, client_id: clientId });
}

/**
 * The text of a PDF as a reader gets it (the platform's pdf.js reading: the fonts are embedded Unicode subsets,
 * so the text is read back through their ToUnicode maps, Arabic in logical order), a line for each line printed.
 */
export { pdfText } from '@hcm/server/testing';
