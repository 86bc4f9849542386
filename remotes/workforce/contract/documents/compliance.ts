import * as v from 'valibot';
import { fieldErrorsOf, type DocumentResult, type DocumentValues } from '@hcm/contract/documents';
import { inOrder, londonDate } from '@hcm/contract/engine';
import { defineStaffDocument, type StaffDocument } from './types.js';

// The carer file's compliance documents (Schedule 3 of the 2014 Regulations, DOMAIN.md "Carer file"): five years
// of addresses (for the DBS application), a full employment history with gaps explained, the DBS risk
// assessment when a certificate discloses something, and each referee's answer (filled in by the referee through
// an emailed link, or typed in by the office from a letter).

const YES_NO_UNSURE = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
  { value: 'not-known', label: 'I do not know' },
] as const;

const RATINGS = [
  { value: 'excellent', label: 'Excellent' },
  { value: 'good', label: 'Good' },
  { value: 'satisfactory', label: 'Satisfactory' },
  { value: 'poor', label: 'Poor' },
  { value: 'not-known', label: 'Cannot say' },
] as const;

const addressHistory = defineStaffDocument({
  name: 'references-documents-address-history',
  title: 'Address history',
  description: 'Every address of the last five years, as the DBS application asks for them, with no gaps.',
  sections: [
    {
      key: 'addresses',
      title: 'Addresses in the last five years',
      intro: 'Start with the current address. The DBS needs five years without gaps; a stay abroad counts as an address.',
      fields: [
        {
          key: 'addresses',
          label: 'Addresses',
          kind: 'rows',
          required: true,
          columns: [
            { key: 'address', label: 'Address and postcode', kind: 'text', required: true },
            { key: 'from', label: 'From', kind: 'date', required: true },
            { key: 'to', label: 'To', kind: 'date', hint: 'Empty for the current address' },
          ],
        },
        { key: 'checked_by', label: 'Checked against the DBS application by', kind: 'signature' },
      ],
    },
  ],
});

/** A gap in a work history: between two dates (YYYY-MM-DD), and whether the row after it explains it. */
export type WorkHistoryGap = { from: string; to: string; days: number; explained: boolean };

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const ISO = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The gaps of more than `minDays` days in a work history over the last `years` years to `today`: between jobs
 * (explained by the later job's gap explanation), and since the last job ended (explained by
 * `gap_since_last_job`). Rows without a valid start date are ignored; a row without an end is current.
 */
export function workHistoryGaps(values: DocumentValues, today = londonDate(), { years = 10, minDays = 28 } = {}): WorkHistoryGap[] {
  const rows = (Array.isArray(values.jobs) ? (values.jobs as DocumentValues[]) : [])
    .map((row) => ({ from: String(row.from ?? ''), to: String(row.to ?? ''), explanation: String(row.gap_explanation ?? '').trim() }))
    .filter((row) => ISO.test(row.from))
    .map((row) => ({ ...row, to: ISO.test(row.to) ? row.to : today }))
    .sort((a, b) => a.from.localeCompare(b.from));
  const start = `${Number(today.slice(0, 4)) - years}${today.slice(4)}`;
  const gaps: WorkHistoryGap[] = [];
  let covered = start;
  for (const row of rows) {
    if (row.to < start) continue;
    if (row.from > covered) {
      const days = daysBetween(covered, row.from) - 1;
      if (days > minDays) gaps.push({ from: covered, to: shift(row.from, -1), days, explained: row.explanation !== '' });
    }
    if (row.to > covered) covered = row.to;
  }
  if (covered < today) {
    const days = daysBetween(covered, today);
    if (days > minDays) gaps.push({ from: shift(covered, 1), to: today, days, explained: String(values.gap_since_last_job ?? '').trim() !== '' });
  }
  return gaps;
}

/** The work history's result: how many unexplained gaps of more than 28 days the last 10 years hold. */
export function workHistoryResults(values: DocumentValues, today = londonDate()): DocumentResult[] {
  const jobs = Array.isArray(values.jobs) ? values.jobs : [];
  if (!jobs.length) return [{ key: 'gaps', label: 'Unexplained gaps', value: null, band: 'No jobs entered yet', level: 'none' }];
  const unexplained = workHistoryGaps(values, today).filter((gap) => !gap.explained);
  if (!unexplained.length) return [{ key: 'gaps', label: 'Unexplained gaps', value: 0, band: 'No unexplained gaps', level: 'none' }];
  return [
    {
      key: 'gaps',
      label: 'Unexplained gaps',
      value: unexplained.length,
      band: `${unexplained.length} unexplained gap${unexplained.length === 1 ? '' : 's'}`,
      level: 'high',
      actions: unexplained.map((gap) => `Ask about ${gap.from} to ${gap.to} (${gap.days} days) and write the explanation on the job after it.`),
    },
  ];
}

const workHistory = defineStaffDocument({
  name: 'references-documents-work-history',
  title: 'Work history',
  description: 'A full employment history with a written explanation of any gaps (Schedule 3), and why any care work ended.',
  results: (values) => workHistoryResults(values),
  sections: [
    {
      key: 'history',
      title: 'Employment, education and training',
      intro: 'Cover at least the last ten years. Any gap of more than four weeks needs an explanation (study, caring for family, travel, illness, looking for work).',
      fields: [
        {
          key: 'jobs',
          label: 'Jobs and studies',
          kind: 'rows',
          required: true,
          columns: [
            { key: 'employer', label: 'Employer or place of study', kind: 'text', required: true },
            { key: 'role', label: 'Role', kind: 'text', required: true },
            { key: 'from', label: 'From', kind: 'date', required: true },
            { key: 'to', label: 'To', kind: 'date', hint: 'Empty when current' },
            { key: 'reason_for_leaving', label: 'Reason for leaving', kind: 'text' },
            { key: 'care_work', label: 'Was it care work with adults or children?', kind: 'yes-no' },
            { key: 'gap_explanation', label: 'Explanation of any gap before this', kind: 'long-text' },
          ],
        },
        { key: 'gap_since_last_job', label: 'Explanation of any gap since the last job ended', kind: 'long-text' },
        { key: 'care_work_conduct', label: 'Evidence of conduct in previous care work, and why it ended', kind: 'long-text', hint: 'Schedule 3: satisfactory evidence of conduct in any previous work with adults or children.' },
        { key: 'checked_by', label: 'Gaps discussed with the applicant by', kind: 'signature' },
      ],
    },
  ],
});

const dbsRiskAssessment = defineStaffDocument({
  name: 'dbs-risk-assessment',
  title: 'DBS risk assessment',
  description: 'When a DBS certificate discloses something: whether it is relevant to the role, its circumstances, the decision and the controls.',
  sensitivity: 'safeguarding',
  approval: true,
  reviewEveryMonths: 12,
  sections: [
    {
      key: 'disclosure',
      title: 'The disclosure',
      fields: [
        { key: 'certificate_number', label: 'DBS certificate number', kind: 'text', required: true, maxLength: 12 },
        { key: 'disclosure', label: 'What the certificate discloses', kind: 'long-text', required: true },
        { key: 'date_of_offence', label: 'Date of the offence or information', kind: 'date' },
        { key: 'discussed_on', label: 'Discussed with the carer on', kind: 'date', required: true },
        { key: 'carer_account', label: "The carer's account", kind: 'long-text', required: true },
      ],
    },
    {
      key: 'assessment',
      title: 'Assessment',
      intro: "Follow the DBS code of practice and the agency's policy on recruiting ex-offenders.",
      fields: [
        { key: 'relevance', label: 'Relevance to the role', kind: 'long-text', required: true, hint: 'Does it bear on caring for adults at risk, money, medicines, driving?' },
        { key: 'circumstances', label: 'Circumstances', kind: 'long-text', required: true, hint: 'Age at the time, how long ago, one-off or pattern, what has changed since.' },
        {
          key: 'risk_level',
          label: 'Risk',
          kind: 'choice',
          required: true,
          options: [
            { value: 'low', label: 'Low' },
            { value: 'medium', label: 'Medium' },
            { value: 'high', label: 'High' },
          ],
        },
      ],
    },
    {
      key: 'decision',
      title: 'Decision',
      fields: [
        {
          key: 'decision',
          label: 'Decision',
          kind: 'choice',
          required: true,
          options: [
            { value: 'employ', label: 'Employ (continue) without conditions' },
            { value: 'employ-with-controls', label: 'Employ (continue) with controls' },
            { value: 'do-not-employ', label: 'Do not employ (end employment)' },
          ],
        },
        { key: 'controls', label: 'Controls', kind: 'long-text', hint: 'Supervision, no lone working with…, no handling money…', showWhen: { field: 'decision', equals: ['employ-with-controls'] }, required: true },
        { key: 'review_on', label: 'Review on', kind: 'date' },
        { key: 'assessed_by', label: 'Assessed by', kind: 'signature', required: true },
      ],
    },
  ],
});

const reference = defineStaffDocument({
  name: 'reference',
  title: 'Reference',
  description: "A referee's answer about the carer: the employment, their conduct in care work and any concerns.",
  multiple: true,
  sections: [
    {
      key: 'referee',
      title: 'About you',
      fields: [
        { key: 'referee_name', label: 'Your name', kind: 'text', required: true, maxLength: 120 },
        { key: 'referee_job_title', label: 'Your job title', kind: 'text', required: true, maxLength: 120 },
        { key: 'organisation', label: 'Organisation', kind: 'text', required: true, maxLength: 160 },
        {
          key: 'relationship',
          label: 'How you know the applicant',
          kind: 'choice',
          required: true,
          options: [
            { value: 'line-manager', label: 'I was their line manager' },
            { value: 'employer', label: 'I represent their employer (HR or manager)' },
            { value: 'colleague', label: 'I worked with them' },
            { value: 'tutor', label: 'I taught them' },
            { value: 'character', label: 'I know them personally' },
          ],
        },
      ],
    },
    {
      key: 'employment',
      title: 'Their employment',
      intro: 'If you did not employ them, leave this part empty.',
      fields: [
        { key: 'employed_from', label: 'Employed from', kind: 'date' },
        { key: 'employed_to', label: 'Employed until', kind: 'date', hint: 'Empty if they still work for you' },
        { key: 'role', label: 'Their role', kind: 'text', maxLength: 160 },
        { key: 'reason_for_leaving', label: 'Reason for leaving', kind: 'text', maxLength: 500 },
        { key: 'would_re_employ', label: 'Would you employ them again?', kind: 'choice', options: YES_NO_UNSURE },
        { key: 're_employ_reason', label: 'If not, why not?', kind: 'long-text', showWhen: { field: 'would_re_employ', equals: ['no'] } },
      ],
    },
    {
      key: 'conduct',
      title: 'Conduct',
      fields: [
        { key: 'care_work', label: 'Did they work with adults or children at risk (care work)?', kind: 'yes-no', required: true },
        { key: 'care_work_conduct', label: 'Their conduct in that work', kind: 'long-text', showWhen: { field: 'care_work', equals: [true] }, required: true },
        {
          key: 'concerns',
          label: 'Were there any disciplinary actions, or safeguarding concerns or investigations about them?',
          kind: 'choice',
          required: true,
          sensitivity: 'safeguarding',
          options: YES_NO_UNSURE,
        },
        { key: 'concerns_detail', label: 'Please give details', kind: 'long-text', sensitivity: 'safeguarding', showWhen: { field: 'concerns', equals: ['yes'] }, required: true },
      ],
    },
    {
      key: 'ratings',
      title: 'How would you rate them?',
      fields: [
        { key: 'reliability', label: 'Reliability', kind: 'choice', required: true, options: RATINGS },
        { key: 'punctuality', label: 'Punctuality and attendance', kind: 'choice', required: true, options: RATINGS },
        { key: 'honesty', label: 'Honesty and integrity', kind: 'choice', required: true, options: RATINGS },
        { key: 'teamwork', label: 'Working with others', kind: 'choice', required: true, options: RATINGS },
        { key: 'care_and_respect', label: 'Care and respect for people', kind: 'choice', required: true, options: RATINGS },
        { key: 'comments', label: 'Anything else we should know', kind: 'long-text' },
      ],
    },
    {
      key: 'declaration',
      title: 'Declaration',
      intro: 'By signing you confirm this reference is accurate to the best of your knowledge.',
      fields: [{ key: 'signature', label: 'Signed', kind: 'signature', required: true }],
    },
  ],
});

export const COMPLIANCE_DOCUMENTS: readonly StaffDocument[] = [addressHistory, workHistory, dbsRiskAssessment, reference];

/** The referee's form (its declaration, without owner permissions: the public page renders it). */
export const REFERENCE_DOCUMENT = reference;

/**
 * The referee's dates of the employment: it cannot end before it began (either may be left empty). Checked with
 * the form's own rules wherever a reference is saved: the referee's page and the file's document API.
 */
export const ReferenceEmploymentSchema = v.pipe(
  v.looseObject({ employed_from: v.optional(v.unknown(), ''), employed_to: v.optional(v.unknown(), '') }),
  inOrder('employed_from', 'employed_to', 'Employed until cannot be before employed from.'),
);

/** The rule errors of a reference's content by field (none: null); content that is not an object has none here. */
export function referenceRuleErrors(content: unknown): Record<string, string[]> | null {
  if (!content || typeof content !== 'object' || Array.isArray(content)) return null;
  const parsed = v.safeParse(ReferenceEmploymentSchema, content);
  return parsed.success ? null : fieldErrorsOf(parsed.issues);
}
