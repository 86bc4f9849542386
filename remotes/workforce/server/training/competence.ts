import { and, eq, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '@hcm/server/platform';
import {
  ADDITIONAL_COMPETENCY_DOCUMENT,
  ADDITIONAL_SKILLS,
  CATHETER_COMPETENCY_DOCUMENT,
  MEDICATION_COMPETENCY_DOCUMENT,
  SHADOWING_DOCUMENT,
} from '../../contract/documents/competence.js';
import type { CarerCompetence } from '../../contract/training.js';
import { carerDocuments, carerDocumentVersions } from '../people/people-tables.js';

// Competence from the observed checks on carers' files (contract/documents/competence.ts): only active documents
// count (a draft is not yet an observation; an archived one was withdrawn), read from their current version.

const KINDS = [SHADOWING_DOCUMENT, MEDICATION_COMPETENCY_DOCUMENT, ADDITIONAL_COMPETENCY_DOCUMENT, CATHETER_COMPETENCY_DOCUMENT];

type Observation = { carer_id: number; kind: string; content: Record<string, unknown> };

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const newestFirst = (key: string) => (a: Observation, b: Observation) => text(b.content[key]).localeCompare(text(a.content[key]));

/** Competence worked out from one carer's observations. */
export function competenceOf(observations: readonly Observation[], requiredObservations: number): CarerCompetence {
  const of = (kind: string) => observations.filter((observation) => observation.kind === kind);
  const medication = of(MEDICATION_COMPETENCY_DOCUMENT).sort(newestFirst('observed_on'));
  const competentObservations = medication.filter((observation) => observation.content.outcome === 'competent').length;
  const catheter = of(CATHETER_COMPETENCY_DOCUMENT).sort(newestFirst('observed_on'));
  const additional = of(ADDITIONAL_COMPETENCY_DOCUMENT).sort(newestFirst('observed_on'));
  const shadowing = of(SHADOWING_DOCUMENT).sort(newestFirst('shift_date'));
  const skills = [...new Set(additional.map((observation) => text(observation.content.skill)).filter(Boolean))];
  return {
    medication: {
      observed: medication.length,
      competent_observations: competentObservations,
      required: requiredObservations,
      competent: competentObservations >= requiredObservations,
      last_observed_on: text(medication[0]?.content.observed_on) || null,
    },
    catheter: {
      checks: catheter.length,
      competent: catheter[0]?.content.outcome === 'competent',
      assessed_on: text(catheter[0]?.content.observed_on) || null,
    },
    additional: skills.map((skill) => {
      const latest = additional.find((observation) => observation.content.skill === skill)!;
      return {
        skill,
        label: ADDITIONAL_SKILLS.find((option) => option.value === skill)?.label ?? skill,
        competent: latest.content.outcome === 'competent',
        assessed_on: text(latest.content.observed_on) || null,
      };
    }),
    shadowing: {
      shifts: shadowing.length,
      ready_to_work_alone: shadowing[0]?.content.ready_to_work_alone === true,
      last_shift_on: text(shadowing[0]?.content.shift_date) || null,
    },
  };
}

/** The competence of each of these carers, from their active check documents, in one query. */
export async function competenceOfCarers(db: Database | Transaction, carerIds: readonly number[], requiredObservations: number): Promise<Map<number, CarerCompetence>> {
  const rows = carerIds.length
    ? await db
        .select({ carer_id: carerDocuments.owner_id, kind: carerDocuments.kind, content: carerDocumentVersions.content })
        .from(carerDocuments)
        .innerJoin(carerDocumentVersions, and(eq(carerDocumentVersions.document_id, carerDocuments.id), eq(carerDocumentVersions.version, carerDocuments.version)))
        .where(and(inArray(carerDocuments.owner_id, [...carerIds]), inArray(carerDocuments.kind, KINDS), eq(carerDocuments.status, 'active')))
    : [];
  return new Map(carerIds.map((id) => [id, competenceOf(rows.filter((row) => row.carer_id === id), requiredObservations)]));
}
