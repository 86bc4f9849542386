import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { users } from '@hcm/server/schema';
import type { Database, Transaction } from '@hcm/server/platform';
import { clock } from '@hcm/contract/time';
import { CARE_CERTIFICATE_CODE, CARE_CERTIFICATE_TOTAL, careCertificateOf, type CareCertificate } from '../../contract/training.js';
import { trainingCoursesRead as courses } from './read-models.js';
import { careCertificateStandards as s, trainingRecords } from './tables.js';

// The Care Certificate standard by standard: each of the 16 standards completed on a day and signed off by an
// assessor (care_certificate_standards). The certificate is one course of the catalogue (code CC): its training
// record follows the standards, in progress ("7 of 16 standards") until all 16 are complete, then passed on the
// day the last one was. So the file, the matrix and the rota read the certificate as they read any course.

type Db = Database | Transaction;

/** The catalogue's Care Certificate course (not removed), or null when the catalogue has none. */
export async function careCertificateCourse(db: Db): Promise<{ id: number; validity_months: number | null } | null> {
  const [row] = await db
    .select({ id: courses.id, validity_months: courses.validity_months })
    .from(courses)
    .where(and(eq(courses.code, CARE_CERTIFICATE_CODE), isNull(courses.deleted_at)))
    .limit(1);
  return row ? { id: Number(row.id), validity_months: row.validity_months } : null;
}

/** A carer's 16 standards and whether the certificate is complete. */
export async function careCertificateOfCarer(db: Db, carerId: number): Promise<CareCertificate> {
  const rows = await db
    .select({ number: s.standard, completed_on: s.completed_on, assessor: s.assessor, notes: s.notes, recorded_by: users.name, updated_at: s.updated_at })
    .from(s)
    .leftJoin(users, eq(users.id, s.recorded_by))
    .where(eq(s.carer_id, carerId))
    .orderBy(asc(s.standard));
  return careCertificateOf(
    carerId,
    rows.map((row) => ({ ...row, recorded_by: row.recorded_by ?? null, updated_at: row.updated_at instanceof Date ? row.updated_at.toISOString() : new Date(String(row.updated_at)).toISOString() })),
  );
}

/** Completes (or, with no day, clears) one standard of a carer's certificate; answers the certificate after. */
export async function saveStandard(
  db: Db,
  carerId: number,
  number: number,
  values: { completed_on: string; assessor: string; notes: string },
  userId: number | null,
): Promise<CareCertificate> {
  if (values.completed_on === '') {
    await db.delete(s).where(and(eq(s.carer_id, carerId), eq(s.standard, number)));
  } else {
    const row = { completed_on: values.completed_on, assessor: values.assessor, notes: values.notes, recorded_by: userId, updated_at: clock.now() };
    await db
      .insert(s)
      .values({ carer_id: carerId, standard: number, ...row })
      .onConflictDoUpdate({ target: [s.carer_id, s.standard], set: row });
  }
  const certificate = await careCertificateOfCarer(db, carerId);
  await syncCertificateRecord(db, carerId, certificate, userId);
  return certificate;
}

/**
 * The certificate's training record, kept in step with the standards: the carer's latest Care Certificate record
 * becomes passed on the day the last standard was completed, or in progress with how many are done (one is added
 * when they have none). A carer with no standard recorded and no record is left without one.
 */
export async function syncCertificateRecord(db: Db, carerId: number, certificate: CareCertificate, userId: number | null): Promise<void> {
  const course = await careCertificateCourse(db);
  if (!course) return;
  const [latest] = await db
    .select({ id: trainingRecords.id })
    .from(trainingRecords)
    .where(and(eq(trainingRecords.carer_id, carerId), eq(trainingRecords.course_id, course.id)))
    .orderBy(desc(trainingRecords.completed_on), desc(trainingRecords.id))
    .limit(1);
  if (!latest && certificate.completed === 0) return;
  const complete = certificate.complete && certificate.completed_on !== null;
  const assessors = [...new Set(certificate.standards.map((standard) => standard.assessor).filter(Boolean))];
  const values = {
    result: complete ? ('passed' as const) : ('in-progress' as const),
    completed_on: complete ? certificate.completed_on : null,
    expires_on: null,
    expiry_overridden: false,
    notes: complete
      ? `All ${CARE_CERTIFICATE_TOTAL} standards completed (assessed by ${assessors.join(', ')}).`
      : `${certificate.completed} of ${CARE_CERTIFICATE_TOTAL} standards completed.`,
    recorded_by: userId,
    updated_at: clock.now(),
  };
  if (latest) await db.update(trainingRecords).set(values).where(eq(trainingRecords.id, latest.id));
  else await db.insert(trainingRecords).values({ ...values, carer_id: carerId, course_id: course.id, provider: 'In-house assessment' });
}
