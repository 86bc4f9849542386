import type {
  HealthProfessionalProfile,
  SharedClientContact,
  SharedClientMedication,
  SharedClientSummary,
} from '@hcm/contract/schemas';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '@hcm/server/platform';
import { clientColumns, clientContactColumns, clientContactsTable, clientMedicationColumns, clientMedicationsTable, clientsTable, healthProfessionalColumns, healthProfessionalsTable } from '../columns.js';
import { medicationsRead } from '../read-models.js';
import { clientShares, healthProfessionalCredentials } from '../tables.js';
import { clock } from '@hcm/contract/time';

// Reading health professionals and the records shared with them. Columns are named as their declarations name
// them (care-records/columns.ts, checked by the compiler); the values of declared tables are typed loosely, so
// rows are read into the contract's shapes here, in one place.

const hp = healthProfessionalsTable;
const c = clientsTable;

export type ProfessionalRow = HealthProfessionalProfile & { active: boolean };

/** A professional who exists and is not deleted (active or not), or null. */
export async function findProfessional(db: Database, id: number): Promise<ProfessionalRow | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [row] = await db
    .select({
      id: healthProfessionalColumns.id,
      name: healthProfessionalColumns.name,
      email: healthProfessionalColumns.email,
      profession: healthProfessionalColumns.profession,
      organisation: healthProfessionalColumns.organisation,
      active: healthProfessionalColumns.active,
      password: healthProfessionalCredentials.health_professional_id,
    })
    .from(hp)
    .leftJoin(healthProfessionalCredentials, eq(healthProfessionalCredentials.health_professional_id, healthProfessionalColumns.id))
    .where(and(eq(healthProfessionalColumns.id, id), isNull(healthProfessionalColumns.deleted_at)));
  if (!row) return null;
  return {
    id: row.id as number,
    name: row.name as string,
    email: row.email as string,
    profession: row.profession as string,
    organisation: row.organisation as string,
    active: row.active as boolean,
    has_password: row.password !== null,
  };
}

/** The professional with this email (not deleted), with their password hash when they have one. */
export async function findProfessionalByEmail(
  db: Database,
  email: string,
): Promise<{ id: number; active: boolean; passwordHash: string | null } | null> {
  const [row] = await db
    .select({ id: healthProfessionalColumns.id, active: healthProfessionalColumns.active, passwordHash: healthProfessionalCredentials.password_hash })
    .from(hp)
    .leftJoin(healthProfessionalCredentials, eq(healthProfessionalCredentials.health_professional_id, healthProfessionalColumns.id))
    .where(and(eq(healthProfessionalColumns.email, email.toLowerCase()), isNull(healthProfessionalColumns.deleted_at)));
  return row ? { id: row.id as number, active: row.active as boolean, passwordHash: row.passwordHash } : null;
}

export function profileOf(row: ProfessionalRow): HealthProfessionalProfile {
  const { active: _active, ...profile } = row;
  return profile;
}

/** The ids of the live clients shared with a professional, or only `clientId` when given and shared. */
export async function sharedClientIds(db: Database, professionalId: number, clientId?: number): Promise<number[]> {
  const conditions = [eq(clientShares.health_professional_id, professionalId), isNull(clientColumns.deleted_at)];
  if (clientId !== undefined) conditions.push(eq(clientShares.client_id, clientId));
  const rows = await db
    .select({ id: clientShares.client_id })
    .from(clientShares)
    .innerJoin(c, eq(clientColumns.id, clientShares.client_id))
    .where(and(...conditions))
    .orderBy(asc(clientColumns.last_name), asc(clientColumns.first_name));
  return rows.map((row) => row.id);
}

const MEDICATION_COLUMNS = ['id', 'client_id', 'dose', 'frequency', 'support_level', 'as_needed', 'start_date', 'stop_date', 'instructions'] as const;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The summaries of these clients (care needs, medications in use, contacts), in the order given. */
export async function clientSummaries(db: Database, ids: readonly number[]): Promise<SharedClientSummary[]> {
  if (ids.length === 0) return [];
  const [clientRows, medicationRows, contactRows] = await Promise.all([
    db.select().from(c).where(inArray(clientColumns.id, [...ids])),
    db
      .select({
        ...Object.fromEntries(MEDICATION_COLUMNS.map((key) => [key, clientMedicationColumns[key]])),
        name: medicationsRead.name,
        strength: medicationsRead.strength,
      })
      .from(clientMedicationsTable)
      .leftJoin(medicationsRead, eq(medicationsRead.id, clientMedicationColumns.medication_id))
      .where(inArray(clientMedicationColumns.client_id, [...ids]))
      .orderBy(asc(medicationsRead.name)),
    db
      .select()
      .from(clientContactsTable)
      .where(inArray(clientContactColumns.client_id, [...ids]))
      .orderBy(asc(clientContactColumns.name)),
  ]);
  const today = clock.now().toISOString().slice(0, 10);
  const byId = new Map(clientRows.map((row) => [row.id as number, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const medications: SharedClientMedication[] = (medicationRows as unknown as Record<string, unknown>[])
      .filter((med) => med.client_id === id)
      // Medicines stopped before today are history, not what the professional needs to see.
      .filter((med) => !med.stop_date || (med.stop_date as string) >= today)
      .map((med) => ({
        id: med.id as number,
        name: [text(med.name) || 'Unnamed medicine', text(med.strength)].filter(Boolean).join(' '),
        dose: text(med.dose),
        frequency: text(med.frequency),
        support_level: text(med.support_level),
        as_needed: Boolean(med.as_needed),
        start_date: text(med.start_date),
        stop_date: (med.stop_date as string | null) ?? null,
        instructions: text(med.instructions),
      }));
    const contacts: SharedClientContact[] = contactRows
      .filter((contact) => contact.client_id === id)
      .map((contact) => ({
        id: contact.id as number,
        name: text(contact.name),
        relationship: text(contact.relationship),
        phone: text(contact.phone),
        email: text(contact.email),
        next_of_kin: Boolean(contact.next_of_kin),
        lasting_power_of_attorney: Boolean(contact.lasting_power_of_attorney),
      }));
    return [
      {
        id,
        first_name: text(row.first_name),
        last_name: text(row.last_name),
        preferred_name: text(row.preferred_name),
        date_of_birth: text(row.date_of_birth),
        nhs_number: text(row.nhs_number),
        gp_practice: text(row.gp_practice),
        care_needs: text(row.care_needs),
        medical_conditions: text(row.medical_conditions),
        allergies: text(row.allergies),
        communication_needs: text(row.communication_needs),
        medications,
        contacts,
      },
    ];
  });
}
