import * as v from 'valibot';
import { isSavedFilterSlot } from '@hcm/contract';
import { REFERENCE_DATA_PERMISSIONS } from '../permissions';
import { allows, fieldErrorsOf, minutesOfDay, optionalUkPhone, type FieldSpec, type ResourceSpec } from '@hcm/contract/engine';
import { CARE_RESOURCES, eventManagements, organizationBankHolidays, settings, staffMeetings } from './batch-care.js';
import { CARE_DEMO_ROWS } from '../../server/demo-care.js';
import { REFERENCE_DATA_RESOURCES as RESOURCES } from '../index.js';

const specs = CARE_RESOURCES as readonly ResourceSpec[];
const fieldsOf = (spec: ResourceSpec) => Object.entries(spec.fields as Record<string, FieldSpec>);
const known = (name: string) => [...RESOURCES, ...specs].some((spec) => spec.name === name);
const position = (name: string) => specs.findIndex((spec) => spec.name === name);
const demoRows = (name: string) => CARE_DEMO_ROWS[name] ?? [];
const parsed = <Row>(spec: ResourceSpec, row: unknown) => v.parse(spec.schema, row) as Row;

describe.each(specs.map((spec) => [spec.name, spec] as const))('%s', (name, spec) => {
  it('declares a field for every schema key and nothing else', () => {
    expect(Object.keys(spec.fields).sort()).toEqual(Object.keys(spec.schema.entries).sort());
    expect(spec.fields[spec.labelField as keyof typeof spec.fields]).toBeDefined();
    expect(spec.fields[spec.defaultSort.field as keyof typeof spec.fields]).toBeDefined();
  });

  it('uses permissions the area declares, and a saved filter slot of §3 if any', () => {
    for (const permission of Object.values(spec.permissions)) expect(Object.keys(REFERENCE_DATA_PERMISSIONS.permissions)).toContain(permission);
    if (spec.filterSlot) expect(isSavedFilterSlot(spec.filterSlot)).toBe(true);
  });

  it('uses snake_case keys, choices where it chooses, and sorts by a sortable field', () => {
    for (const [key, field] of fieldsOf(spec)) {
      expect(key).toMatch(/^[a-z][a-z0-9_]*$/);
      if (field.kind === 'choice') expect(field.choices?.length).toBeGreaterThan(0);
      else expect(field.choices).toBeUndefined();
      if (field.searchable) expect(['text', 'long-text', 'email', 'phone']).toContain(field.kind);
    }
    const sortField = (spec.fields as Record<string, FieldSpec>)[spec.defaultSort.field];
    expect(sortField?.sortable).toBe(true);
  });

  it('refers only to declared resources, declared earlier, by a field they have', () => {
    for (const [, field] of fieldsOf(spec)) {
      if (field.kind !== 'reference') continue;
      const target = field.references!.resource;
      expect(known(target)).toBe(true);
      if (position(target) >= 0) expect(position(target)).toBeLessThan(position(name));
      const targetSpec = [...RESOURCES, ...specs].find((other) => other.name === target)!;
      expect(Object.keys(targetSpec.fields)).toContain(field.references!.labelField);
    }
    if (spec.parent) {
      const parentField = (spec.fields as Record<string, FieldSpec>)[spec.parent.field];
      expect(parentField?.kind).toBe('reference');
      expect(parentField?.references?.resource).toBe(spec.parent.resource);
      expect(parentField?.fixedAfterCreate).toBe(true);
      expect(known(spec.parent.resource)).toBe(true);
      if (position(spec.parent.resource) >= 0) expect(position(spec.parent.resource)).toBeLessThan(position(name));
    }
  });

  it('has demo rows that pass its schema, with references to existing demo rows and no duplicate unique values', () => {
    const rows = demoRows(name);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const seen = new Map<string, Set<string>>();
    rows.forEach((row, index) => {
      const result = v.safeParse(spec.schema, row);
      if (!result.success) throw new Error(`${name} demo row ${index + 1}: ${JSON.stringify(fieldErrorsOf(result.issues))}`);
      const output = result.output as Record<string, unknown>;
      for (const [key, field] of fieldsOf(spec)) {
        if (field.kind === 'reference' && output[key] !== null) {
          const target = demoRows(field.references!.resource);
          expect(output[key]).toBeGreaterThanOrEqual(1);
          expect(output[key]).toBeLessThanOrEqual(target.length);
        }
        if (field.unique) {
          const values = seen.get(key) ?? new Set<string>();
          const value = String(output[key]).toLowerCase();
          expect(values.has(value)).toBe(false);
          values.add(value);
          seen.set(key, values);
        }
      }
    });
  });
});

describe('the care batch', () => {
  it('names resources uniquely, with the spec’s URL segments, each declared once in RESOURCES', () => {
    const names = specs.map((spec) => spec.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(RESOURCES.filter((spec) => spec.name === name)).toHaveLength(1);
    expect(names).toEqual(
      expect.arrayContaining([
        'disability-codes',
        'reactive_strategies',
        'assessors',
        'document-upload-types',
        'equipments',
        'reablement-equipments',
        'event-categories',
        'holidays',
        'organization-bank-holidays',
        'carer-surveys',
        'carer-survey-questions',
        'carer-survey-submissions',
        'office-employee-surveys',
        'office-employee-survey-questions',
        'office-employee-survey-submissions',
        'staff-meetings',
        'news-feed',
        'event-managements',
        'notifications',
        'settings',
      ]),
    );
  });

  it('has demo rows only for its resources', () => {
    for (const name of Object.keys(CARE_DEMO_ROWS)) expect(position(name)).toBeGreaterThanOrEqual(0);
  });

  it('keeps submissions list-only and settings edit-only', () => {
    for (const name of ['carer-survey-submissions', 'office-employee-survey-submissions']) {
      const spec = specs[position(name)]!;
      expect(['create', 'edit', 'delete'].filter((operation) => allows(spec, operation as 'create'))).toEqual([]);
    }
    expect(allows(settings, 'edit')).toBe(true);
    expect(allows(settings, 'create')).toBe(false);
    expect(allows(settings, 'delete')).toBe(false);
    expect(settings.fields.key.fixedAfterCreate).toBe(true);
  });

  it('gives surveys 4 to 6 questions in order and 2 to 3 submissions', () => {
    for (const family of ['carer-survey', 'office-employee-survey']) {
      const surveys = demoRows(`${family}s`);
      surveys.forEach((_survey, index) => {
        const questions = demoRows(`${family}-questions`).filter((row) => row.survey_id === index + 1);
        expect(questions.length).toBeGreaterThanOrEqual(4);
        expect(questions.length).toBeLessThanOrEqual(6);
        expect(questions.map((row) => row.position)).toEqual(questions.map((_row, at) => at + 1));
      });
      expect(demoRows(`${family}-submissions`).length).toBeGreaterThanOrEqual(2);
      expect(demoRows(`${family}-submissions`).length).toBeLessThanOrEqual(3);
    }
  });

  it('names the respondent of an anonymous survey Anonymous, and nobody else', () => {
    const submission = specs[position('office-employee-survey-submissions')]!;
    const surveys = demoRows('office-employee-surveys');
    for (const row of demoRows('office-employee-survey-submissions')) {
      const { respondent_name, survey_id } = parsed<{ respondent_name: string; survey_id: number }>(submission, row);
      expect(respondent_name === 'Anonymous').toBe(surveys[survey_id - 1]!.anonymous === true);
    }
  });

  it('puts routes outside datatables where the spec does', () => {
    const routes = Object.fromEntries(specs.filter((spec) => spec.route).map((spec) => [spec.name, spec.route]));
    expect(routes).toEqual({
      'staff-meetings': 'staff-meetings',
      'news-feed': 'news-feed',
      'event-managements': 'event-managements',
      notifications: 'notifications',
    });
    expect(staffMeetings.filterSlot).toBe('staff_meeting');
  });
});

describe('times of day', () => {
  const event = { name: 'Training', event_category_id: '1', event_date: '2026-05-12', location: 'Office' };

  it('takes 24-hour HH:MM and pads a single-digit hour', () => {
    const result = v.safeParse(eventManagements.schema, { ...event, start_time: '9:30', end_time: ' 16:05 ' });
    expect(result.success).toBe(true);
    expect(result.output).toMatchObject({ start_time: '09:30', end_time: '16:05', event_category_id: 1, capacity: null, description: '' });
  });

  it('refuses other shapes in plain words', () => {
    for (const bad of ['24:00', '12:60', '9.30', '930', '09:30:00', '9:5', 'noon']) {
      const result = v.safeParse(eventManagements.schema, { ...event, start_time: bad, end_time: '17:00' });
      expect(fieldErrorsOf(result.issues ?? [])).toEqual({ start_time: ['Start time must be a 24-hour time like 09:30.'] });
    }
    const missing = v.safeParse(eventManagements.schema, { ...event, event_category_id: '', start_time: '', end_time: '17:00', capacity: '0' });
    expect(fieldErrorsOf(missing.issues ?? [])).toEqual({
      event_category_id: ['Choose an event category.'],
      start_time: ['Start time is required.'],
      capacity: ['Places must be at least 1.'],
    });
  });

  it('gives demo events an end after their start', () => {
    for (const row of demoRows('event-managements')) {
      const event = parsed<{ start_time: string; end_time: string }>(eventManagements, row);
      expect(minutesOfDay(event.end_time)).toBeGreaterThan(minutesOfDay(event.start_time));
    }
  });
});

describe('optional numbers and phones', () => {
  it('stores an empty optional whole number as null, and a typed one as a number', () => {
    const base = { name: 'Hoist', category: 'moving-handling', requires_servicing: true };
    const equipment = CARE_RESOURCES.find((spec) => spec.name === 'equipments')!;
    expect(v.parse(equipment.schema, { ...base, service_interval_months: '' })).toMatchObject({ service_interval_months: null });
    expect(v.parse(equipment.schema, { ...base, service_interval_months: '6' })).toMatchObject({ service_interval_months: 6 });
    expect(v.parse(equipment.schema, base)).toMatchObject({ service_interval_months: null, active: true });
  });

  it('takes UK phone numbers as typed and refuses others', () => {
    for (const good of ['01632 960418', '07700 900231', '+44 7700 900231', '+44 (0)113 496 0000', '020-7946-0000', '']) {
      expect(v.safeParse(optionalUkPhone('Phone'), good).success).toBe(true);
    }
    for (const bad of ['12345', '7700 900231', 'call me', '+1 212 555 0100']) {
      expect(v.safeParse(optionalUkPhone('Phone'), bad).issues?.[0]?.message).toBe('Phone must be a UK phone number, like 01632 960123 or 07700 900123.');
    }
  });
});

// England and Wales rules: New Year's Day, Good Friday, Easter Monday, the first Monday of May, the last
// Mondays of May and August, Christmas Day and Boxing Day; one falling at a weekend moves to the next
// weekday that is not already a holiday.
describe('England and Wales bank holidays', () => {
  type Holiday = { name: string; date: string; region: string; substitute_day: boolean };
  const holidays = demoRows('organization-bank-holidays')
    .map((row) => parsed<Holiday>(organizationBankHolidays, row))
    .filter((row) => row.region === 'england-wales');
  const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
  const iso = (date: Date) => date.toISOString().slice(0, 10);
  const weekday = (isoDate: string) => day(isoDate).getUTCDay();
  const addDays = (isoDate: string, days: number) => iso(new Date(day(isoDate).getTime() + days * 86_400_000));

  // Easter Sunday by the anonymous Gregorian algorithm (Meeus/Jones/Butcher).
  function easterSunday(year: number): string {
    const a = year % 19;
    const b = Math.floor(year / 100);
    const c = year % 100;
    const d = Math.floor(b / 4);
    const e = b % 4;
    const f = Math.floor((b + 8) / 25);
    const g = Math.floor((b - f + 1) / 3);
    const h = (19 * a + b - d - g + 15) % 30;
    const i = Math.floor(c / 4);
    const k = c % 4;
    const l = (32 + 2 * e + 2 * i - h - k) % 7;
    const m = Math.floor((a + 11 * h + 22 * l) / 451);
    const month = Math.floor((h + l - 7 * m + 114) / 31);
    const dayOfMonth = ((h + l - 7 * m + 114) % 31) + 1;
    return `${year}-${String(month).padStart(2, '0')}-${String(dayOfMonth).padStart(2, '0')}`;
  }
  const firstMonday = (year: number, month: number) => {
    let date = `${year}-${String(month).padStart(2, '0')}-01`;
    while (weekday(date) !== 1) date = addDays(date, 1);
    return date;
  };
  const lastMonday = (year: number, month: number) => {
    let date = addDays(`${year}-${String(month + 1).padStart(2, '0')}-01`, -1);
    while (weekday(date) !== 1) date = addDays(date, -1);
    return date;
  };

  function expected(year: number): string[] {
    const fixed = [`${year}-01-01`, `${year}-12-25`, `${year}-12-26`];
    const easter = easterSunday(year);
    const dates = [addDays(easter, -2), addDays(easter, 1), firstMonday(year, 5), lastMonday(year, 5), lastMonday(year, 8)];
    for (const date of fixed) {
      let moved = date;
      while (weekday(moved) === 0 || weekday(moved) === 6 || dates.includes(moved)) moved = addDays(moved, 1);
      dates.push(moved);
    }
    return dates.sort();
  }

  it('computes Easter correctly (checked against known years)', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
  });

  it.each([2026, 2027])('seeds exactly the eight dates of %i', (year) => {
    const seeded = holidays.filter((row) => row.date.startsWith(`${year}-`)).map((row) => row.date);
    expect(seeded).toEqual(expected(year));
  });

  it('puts every holiday on a weekday, and each on the day its name says', () => {
    for (const { name, date, substitute_day } of holidays) {
      const [, month, dayOfMonth] = date.split('-').map(Number) as [number, number, number];
      expect([1, 2, 3, 4, 5]).toContain(weekday(date));
      expect(substitute_day).toBe(name.includes('(substitute day)'));
      if (substitute_day) {
        // A substitute is a Monday or Tuesday straight after the weekend the holiday fell on.
        expect([1, 2]).toContain(weekday(date));
        const original = name.startsWith('Christmas') ? 25 : name.startsWith('Boxing') ? 26 : 1;
        const originalDate = `${date.slice(0, 4)}-${month === 1 ? '01' : '12'}-${String(original).padStart(2, '0')}`;
        expect([0, 6]).toContain(weekday(originalDate));
        continue;
      }
      if (name.startsWith('New Year')) expect([month, dayOfMonth]).toEqual([1, 1]);
      else if (name === 'Good Friday') expect(weekday(date)).toBe(5);
      else if (name === 'Christmas Day') expect([month, dayOfMonth]).toEqual([12, 25]);
      else if (name === 'Boxing Day') expect([month, dayOfMonth]).toEqual([12, 26]);
      else {
        expect(weekday(date)).toBe(1);
        if (name === 'Early May bank holiday') expect([month, dayOfMonth <= 7]).toEqual([5, true]);
        if (name === 'Spring bank holiday') expect([month, dayOfMonth + 7 > 31]).toEqual([5, true]);
        if (name === 'Summer bank holiday') expect([month, dayOfMonth + 7 > 31]).toEqual([8, true]);
      }
    }
  });
});

describe('global settings', () => {
  type Setting = { key: string; value: string; value_type: string };
  const seeded = demoRows('settings').map((row) => parsed<Setting>(settings, row));
  const valueOf = (key: string) => seeded.find((row) => row.key === key)?.value;

  it('seeds the settings DOMAIN.md says are practice, not rules', () => {
    expect(valueOf('time_zone')).toBe('Europe/London');
    expect(valueOf('late_visit_alert_minutes')).toBe('15');
    expect(valueOf('missed_visit_alert_minutes')).toBe('30');
    expect(valueOf('check_in_window_minutes')).toBe('120');
    expect(valueOf('mileage_rate_pence')).toBe('45');
    expect(valueOf('minimum_call_minutes')).toBe('30');
    expect(valueOf('supervision_interval_weeks')).toBe('8');
    expect(valueOf('agency_name')).toBeTruthy();
  });

  it('seeds each value in the shape of its type', () => {
    const shapes: Record<string, RegExp> = {
      number: /^\d+$/,
      boolean: /^(true|false)$/,
      time: /^([01]\d|2[0-3]):[0-5]\d$/,
      email: /^[^@\s]+@[^@\s]+\.[^@\s]+$/,
      text: /\S/,
    };
    for (const row of seeded) expect({ key: row.key, ok: shapes[row.value_type]!.test(row.value) }).toEqual({ key: row.key, ok: true });
  });

  it('takes keys in snake_case only', () => {
    const row = { key: 'Late Visit', label: 'Late', value: '15', value_type: 'number' };
    expect(Object.keys(fieldErrorsOf(v.safeParse(settings.schema, row).issues ?? []))).toEqual(['key']);
    expect(v.parse(settings.schema, { ...row, key: 'LATE_VISIT' })).toMatchObject({ key: 'late_visit', description: '' });
  });
});
