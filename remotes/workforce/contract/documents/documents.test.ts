import * as v from 'valibot';
import { WORKFORCE_PERMISSIONS } from '../permissions';
import { documentSchema, emptyValues, fieldsOf, type DocumentValues } from '@hcm/contract/documents';
import { CARER_TABS, documentNameOf, EMPLOYEE_TABS } from '../record-tabs';
import { EMPLOYMENT_DOCUMENTS } from './employment';
import { CARER_DOCUMENTS, carerDocument, EMPLOYEE_DOCUMENTS, employeeDocument, STAFF_DOCUMENTS } from './index';
import { PERSON_DOCUMENTS } from './person';
import { RECRUITMENT_DOCUMENTS } from './recruitment';
import type { StaffDocument } from './types';

// The staff files' declarations: every document tab of a carer's and an office employee's file has one, each
// is well formed, and the computed results (interview score, spot check, worker risk) are right.

const KEY = /^[a-z][a-z0-9_]*$/;
const MINE: readonly StaffDocument[] = [...PERSON_DOCUMENTS, ...RECRUITMENT_DOCUMENTS, ...EMPLOYMENT_DOCUMENTS];

test('every document tab of a carer\'s and an office employee\'s file has its declaration, named after its segment', () => {
  const carerTabs = CARER_TABS.filter((tab) => tab.kind === 'document').map((tab) => documentNameOf(tab.segment));
  const employeeTabs = EMPLOYEE_TABS.filter((tab) => tab.kind === 'document').map((tab) => documentNameOf(tab.segment));
  expect(carerTabs.filter((name) => !carerDocument(name))).toEqual([]);
  expect(employeeTabs.filter((name) => !employeeDocument(name))).toEqual([]);
  expect(carerTabs).toContain('covid-vaccine-details-booster-vaccine');
  const names = STAFF_DOCUMENTS.map((spec) => spec.name);
  expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
});

test('this part declares the person, recruitment and employment tabs (compliance and competence are declared beside)', () => {
  const mine = MINE.map((spec) => spec.name).sort();
  expect(mine).toEqual(
    [
      'additional-info', 'medical-history', 'covid-vaccine-details', 'covid-vaccine-details-booster-vaccine', 'app-experience', 'risk-assessment', 'exit-interview',
      'application-form', 'equal-opportunities', 'screening', 'questionnaire', 'interview', 'pre-employment-form', 'management-approval',
      'supervisions', 'spot-check', 'annual-appraisal', 'return-to-work', 'discussion-notes', 'complaints', 'compliments', 'probation-reviews', 'supervisions-new', 'references-documents',
    ].sort(),
  );
});

describe.each(MINE.map((spec) => [spec.name, spec] as [string, StaffDocument]))('the %s document', (name, spec) => {
  test('has unique snake_case keys, options where needed, and a real form', () => {
    const keys = fieldsOf(spec).map((field) => field.key);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
    for (const field of fieldsOf(spec)) {
      expect(field.key).toMatch(KEY);
      if (['choice', 'multi-choice', 'scored', 'multi-scored'].includes(field.kind)) expect(field.options?.length).toBeGreaterThan(1);
      if (field.kind === 'scored' || field.kind === 'multi-scored') expect(field.options?.every((option) => typeof option.score === 'number')).toBe(true);
      if (field.kind === 'rows') expect(field.columns?.length).toBeGreaterThan(0);
      if (field.showWhen) expect(keys).toContain(field.showWhen.field);
      for (const option of field.options ?? []) expect(option.value).not.toBe('');
    }
    expect(fieldsOf(spec).length).toBeGreaterThanOrEqual(6);
  });

  test('accepts its empty content as a draft and refuses it as active', () => {
    const empty = emptyValues(spec);
    expect(v.safeParse(documentSchema(spec, { complete: false }), empty).success).toBe(true);
    expect(v.safeParse(documentSchema(spec, { complete: true }), empty).success).toBe(false);
  });

  test('gets each owner\'s permissions; management approval needs the approver', () => {
    for (const copy of [carerDocument(name), employeeDocument(name)]) {
      if (!copy) continue;
      for (const permission of Object.values(copy.permissions)) expect(Object.keys(WORKFORCE_PERMISSIONS.permissions)).toContain(permission);
    }
    if (carerDocument(name)) expect(carerDocument(name)!.permissions.signOff).toBe(name === 'management-approval' ? 'carers.approve' : 'carers.edit');
  });
});

test('which documents are many per file, reviewed yearly, or wholly clinical', () => {
  const multiple = MINE.filter((spec) => spec.multiple).map((spec) => spec.name).sort();
  expect(multiple).toEqual(
    ['annual-appraisal', 'app-experience', 'complaints', 'compliments', 'covid-vaccine-details-booster-vaccine', 'discussion-notes', 'probation-reviews', 'return-to-work', 'spot-check', 'supervisions', 'supervisions-new'].sort(),
  );
  expect(carerDocument('risk-assessment')?.reviewEveryMonths).toBe(12);
  expect(carerDocument('medical-history')?.reviewEveryMonths).toBe(12);
  expect(carerDocument('medical-history')?.sensitivity).toBe('clinical');
  expect(employeeDocument('medical-history')?.sensitivity).toBe('clinical');
  // A criminal-record declaration is read only by those who may read disclosures.
  const application = carerDocument('application-form')!;
  expect(fieldsOf(application).filter((field) => field.sensitivity === 'safeguarding').map((field) => field.key)).toEqual(['convictions', 'conviction_details', 'barred']);
  // Equal-opportunities answers stay apart from those who decide: every question has "Prefer not to say".
  const monitoring = carerDocument('equal-opportunities')!;
  expect(monitoring.sensitivity).toBeDefined();
  for (const field of fieldsOf(monitoring).filter((field) => field.kind === 'choice')) expect(field.options?.some((option) => option.value === 'prefer-not-to-say')).toBe(true);
  expect(CARER_DOCUMENTS.length).toBeGreaterThan(EMPLOYEE_DOCUMENTS.length);
});

// ——— Results, golden

const resultsOf = (name: string, values: DocumentValues) => carerDocument(name)?.results?.(values) ?? employeeDocument(name)?.results?.(values) ?? [];

const INTERVIEW_KEYS = ['why_care', 'values_dignity', 'values_person_centred', 'scenario_refusal', 'scenario_fall', 'safeguarding', 'experience', 'reliability'];
const interviewScores = (scores: number[]) => Object.fromEntries(INTERVIEW_KEYS.map((key, index) => [`${key}_score`, String(scores[index])]));

test('interview: a total out of 40 banded Strong (32+), Suitable (24+) or Not suitable; nothing until every answer is scored', () => {
  expect(resultsOf('interview', interviewScores([5, 4, 5, 4, 4, 5, 5, 4]))).toEqual([
    { key: 'total', label: 'Interview score', value: 36, unit: 'out of 40', band: 'Strong', level: 'none', actions: ['Offer the post, subject to pre-employment checks.'] },
  ]);
  expect(resultsOf('interview', interviewScores([4, 4, 4, 4, 4, 4, 4, 3]))[0]).toMatchObject({ value: 31, band: 'Suitable', level: 'low' });
  expect(resultsOf('interview', interviewScores([4, 4, 4, 4, 4, 4, 4, 4]))[0]).toMatchObject({ value: 32, band: 'Strong' });
  expect(resultsOf('interview', interviewScores([3, 3, 3, 3, 3, 3, 3, 2]))[0]).toMatchObject({ value: 23, band: 'Not suitable', level: 'high' });
  expect(resultsOf('interview', { ...interviewScores([5, 5, 5, 5, 5, 5, 5, 5]), reliability_score: '' })[0]).toEqual({ key: 'total', label: 'Interview score', value: null, unit: 'out of 40' });
});

test('values questionnaire: five scenarios out of 25', () => {
  const scores = (values: number[]) => Object.fromEntries(['dignity', 'choice', 'safeguarding', 'teamwork', 'compassion'].map((key, index) => [`${key}_score`, String(values[index])]));
  expect(resultsOf('questionnaire', scores([4, 4, 5, 3, 4]))[0]).toMatchObject({ value: 20, unit: 'out of 25', band: 'Strong values' });
  expect(resultsOf('questionnaire', scores([3, 3, 3, 3, 3]))[0]).toMatchObject({ value: 15, band: 'Suitable' });
  expect(resultsOf('questionnaire', scores([2, 3, 2, 3, 3]))[0]).toMatchObject({ value: 13, band: 'Values not shown', level: 'high' });
});

const STANDARDS = ['arrival_on_time', 'id_badge', 'uniform_ppe', 'infection_control', 'dignity_consent', 'communication', 'moving_handling', 'medication', 'care_plan_followed', 'record_keeping', 'home_left_safe'];
const standards = (overrides: Record<string, string> = {}) => ({ ...Object.fromEntries(STANDARDS.map((key) => [key, 'met'])), ...overrides });

test('spot check: the share of standards met; any not met needs improvement; not seen is left out', () => {
  expect(resultsOf('spot-check', standards())[0]).toMatchObject({ value: 100, unit: '%', band: 'Good', level: 'none' });
  expect(resultsOf('spot-check', standards({ medication: 'na', arrival_on_time: 'partly' }))[0]).toMatchObject({ value: 95, band: 'Good, with points to work on', level: 'low' });
  expect(resultsOf('spot-check', standards({ record_keeping: 'not-met' }))[0]).toMatchObject({ value: 91, band: 'Improvement needed', level: 'high' });
  const partly = Object.fromEntries(STANDARDS.map((key) => [key, 'partly']));
  expect(resultsOf('spot-check', partly)[0]).toMatchObject({ value: 50, band: 'Improvement needed' });
  expect(resultsOf('spot-check', standards({ home_left_safe: '' }))[0]).toEqual({ key: 'standards', label: 'Standards met', value: null, unit: '%' });
});

test('worker risk assessment: likelihood × severity per hazard, the highest named, NPSA bands', () => {
  const results = resultsOf('risk-assessment', {
    hazards: [
      { hazard: 'Lone working in the evening', likelihood: '2', severity: '3' },
      { hazard: 'Moving and handling in pregnancy', likelihood: '3', severity: '3' },
      { hazard: 'Not yet rated', likelihood: '', severity: '4' },
    ],
  });
  expect(results.map((result) => [result.key, result.value, result.band])).toEqual([
    ['hazards_1', 6, 'Moderate risk'],
    ['hazards_2', 9, 'High risk'],
    ['hazards_highest', 9, 'High risk'],
  ]);
  expect(results[2]!.label).toBe('Highest rating (Moving and handling in pregnancy)');
  expect(resultsOf('risk-assessment', { hazards: [{ hazard: 'Driving', likelihood: '5', severity: '3' }] })[0]).toMatchObject({ value: 15, band: 'Extreme risk', level: 'very-high' });
  expect(resultsOf('risk-assessment', { hazards: [{ hazard: 'Stairs', likelihood: '1', severity: '3' }] })[0]).toMatchObject({ value: 3, band: 'Low risk', level: 'low' });
  expect(resultsOf('risk-assessment', { hazards: [] })).toEqual([{ key: 'hazards_highest', label: 'Highest rating', value: null }]);
});

test('management approval: complete only when every Schedule 3 check is seen (or the DBS risk-assessed)', () => {
  const checks = ['check_identity', 'check_dbs', 'check_conduct', 'check_leaving_reason', 'check_qualifications', 'check_work_history', 'check_health', 'check_right_to_work'];
  const all = Object.fromEntries(checks.map((key) => [key, 'seen']));
  expect(resultsOf('management-approval', all)[0]).toMatchObject({ value: 8, unit: 'of 8', band: 'Complete', level: 'none' });
  expect(resultsOf('management-approval', { ...all, check_dbs: 'risk-assessed' })[0]).toMatchObject({ value: 8, band: 'Complete' });
  expect(resultsOf('management-approval', { ...all, check_conduct: 'not-seen' })[0]).toMatchObject({ value: 7, band: 'Incomplete', level: 'high' });
});

test('carer app feedback: the average of the ratings given', () => {
  expect(resultsOf('app-experience', { rating_check_in: '2', rating_care_plans: '3', rating_recording: '2', rating_emar: '2', rating_overall: '2' })[0]).toMatchObject({ value: 2.2, band: 'Struggling with the app', level: 'high' });
  expect(resultsOf('app-experience', { rating_check_in: '4', rating_care_plans: '5', rating_recording: '4', rating_emar: '', rating_overall: '4' })[0]).toMatchObject({ value: 4.3, band: 'Working well' });
  expect(resultsOf('app-experience', {})[0]).toMatchObject({ value: null });
});
