import * as v from 'valibot';
import { fieldErrorsOf } from '@hcm/contract/schemas';
import { addWorkingDays, complaintTimetable, emptyValues, registerSchema, referenceOf } from './registers';
import { cqcPromptOf } from './registers-cqc';

const base = { ...emptyValues('incident-and-accidents', 1), occurred_on: '2026-03-02', reported_by: 'Amara Okafor', summary: 'Found on the floor' };

describe('the CQC prompt', () => {
  it('asks for a serious-injury notification after a fall with a fracture', () => {
    expect(cqcPromptOf('incident-and-accidents', { ...base, incident_type: 'fall', injury_severity: 'serious' })?.category).toBe('serious_injury');
  });
  it('asks for a death notification first, and a police one when the police came', () => {
    expect(cqcPromptOf('incident-and-accidents', { ...base, injury_severity: 'death', police_involved: true })?.category).toBe('death');
    expect(cqcPromptOf('incident-and-accidents', { ...base, injury_severity: 'minor', police_involved: true })?.category).toBe('police');
  });
  it('does not prompt for a minor fall, a compliment or a low-harm medication error', () => {
    expect(cqcPromptOf('incident-and-accidents', { ...base, injury_severity: 'minor' })).toBeNull();
    expect(cqcPromptOf('compliments', { injury_severity: 'death' })).toBeNull();
    expect(cqcPromptOf('medication-errors', { harm_level: 'low' })).toBeNull();
    expect(cqcPromptOf('medication-errors', { harm_level: 'severe' })?.category).toBe('serious_injury');
  });
  it('asks for an abuse notification for a safeguarding concern, not for self-neglect alone', () => {
    expect(cqcPromptOf('safeguardings', { abuse_category: 'financial' })?.category).toBe('abuse');
    expect(cqcPromptOf('safeguardings', { abuse_category: 'self_neglect' })).toBeNull();
  });
});

describe('the schema of a kind', () => {
  it('answers per field and keeps cross-field rules', () => {
    const result = v.safeParse(registerSchema('incident-and-accidents', '2026-03-10'), { ...base, summary: ' ', status: 'closed', occurred_on: '2026-04-01' });
    expect(result.success).toBe(false);
    const errors = fieldErrorsOf(result.issues ?? []);
    expect(errors.summary).toEqual(['Say what happened.']);
    expect(errors.occurred_on).toEqual(['This date is in the future.']);
  });
  it('needs a closed date and a response before a complaint closes', () => {
    const values = { ...emptyValues('complaints', '2'), occurred_on: '2026-03-02', reported_by: 'Office', summary: 'Late calls', complainant_name: 'Mrs Patel', status: 'closed' };
    const result = v.safeParse(registerSchema('complaints'), values);
    expect(Object.keys(fieldErrorsOf(result.issues ?? [])).sort()).toEqual(['closed_on', 'responded_on']);
    expect(v.safeParse(registerSchema('complaints'), { ...values, status: 'open' }).output).toMatchObject({ branch_id: 2 });
  });
});

describe('the complaints timetable', () => {
  it('counts working days past weekends and bank holidays', () => {
    // Thursday 2 April 2026; Good Friday 3 April, Easter Monday 6 April and 4 May are bank holidays.
    const holidays = new Set(['2026-04-03', '2026-04-06', '2026-05-04']);
    expect(addWorkingDays('2026-04-02', 3, holidays)).toBe('2026-04-09');
    const timetable = complaintTimetable('2026-04-02', { acknowledge: 3, respond: 20 }, holidays, { acknowledged_on: '2026-04-03', responded_on: '' }, '2026-05-20');
    expect(timetable).toMatchObject({ acknowledge_by: '2026-04-09', respond_by: '2026-05-05', acknowledge_overdue: false, response_overdue: true });
  });
  it('numbers each kind on its own', () => {
    expect(referenceOf('incident-and-accidents', 7)).toBe('INC-0007');
    expect(referenceOf('cqc-notifications', 12)).toBe('CQC-0012');
  });
});
