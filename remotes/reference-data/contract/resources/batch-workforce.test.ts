import * as v from 'valibot';
import { isSavedFilterSlot } from '@hcm/contract';
import { REFERENCE_DATA_PERMISSIONS } from '../permissions';
import { fieldErrorsOf, minutesOfDay, type FieldSpec, type ResourceSpec } from '@hcm/contract/engine';
import {
  areacodes,
  banks,
  careers,
  carerHourlyRates,
  fiscalYears,
  hourlyRates,
  organizationPeriods,
  trainingCourses,
  visitSlots,
  WORKFORCE_RESOURCES,
} from './batch-workforce.js';
import { WORKFORCE_DEMO_ROWS } from '../../server/demo-workforce.js';

import { REFERENCE_DATA_RESOURCES as RESOURCES } from '../index.js';

const SPECS: readonly ResourceSpec[] = WORKFORCE_RESOURCES;
const NAMES = SPECS.map((spec) => spec.name);
const known = (name: string) => NAMES.includes(name) || RESOURCES.some((spec) => spec.name === name);
const fieldsOf = (spec: ResourceSpec) => Object.entries(spec.fields) as [string, FieldSpec][];
const errorsOf = (schema: ResourceSpec['schema'], row: unknown) => fieldErrorsOf(v.safeParse(schema, row).issues ?? []);

describe('workforce resource declarations', () => {
  it('declares the spec’s URL segments, each once in RESOURCES', () => {
    expect(NAMES).toEqual([
      'staffcodes',
      'bands',
      'carer-hourly-rates',
      'fiscal-years',
      'hourly-rates',
      'organization-period-years',
      'organization-periods',
      'career-roles',
      'careers',
      'visit-slots',
      'npc-codes',
      'areacodes',
      'banks',
      'training-courses',
    ]);
    expect(new Set(NAMES).size).toBe(NAMES.length);
    for (const name of NAMES) expect(RESOURCES.filter((spec) => spec.name === name)).toHaveLength(1);
  });

  it.each(SPECS.map((spec) => [spec.name, spec] as const))('%s: fields, permissions, references and order hold together', (_name, spec) => {
    expect(Object.keys(spec.fields).sort()).toEqual(Object.keys(spec.schema.entries).sort());
    for (const permission of Object.values(spec.permissions)) expect(Object.keys(REFERENCE_DATA_PERMISSIONS.permissions)).toContain(permission);
    expect(spec.permissions).toEqual({ view: 'datatables.view', create: 'datatables.edit', edit: 'datatables.edit', delete: 'datatables.edit' });
    expect(spec.fields[spec.labelField as keyof typeof spec.fields]).toBeDefined();
    expect(spec.fields[spec.defaultSort.field as keyof typeof spec.fields]).toBeDefined();
    if (spec.filterSlot !== undefined) expect(isSavedFilterSlot(spec.filterSlot)).toBe(true);

    const position = NAMES.indexOf(spec.name);
    for (const [key, field] of fieldsOf(spec)) {
      expect(key).toMatch(/^[a-z][a-z_]*$/);
      if (field.kind === 'choice') expect(field.choices?.length).toBeGreaterThan(0);
      if (field.kind === 'reference') {
        const target = field.references!.resource;
        expect(known(target)).toBe(true);
        // A referenced workforce resource is seeded first.
        if (NAMES.includes(target)) expect(NAMES.indexOf(target)).toBeLessThan(position);
      } else {
        expect(field.references).toBeUndefined();
      }
      if (field.searchable) expect(['text', 'long-text', 'email', 'phone']).toContain(field.kind);
      // Date filters are not offered by the list: sort by dates instead.
      if (field.filterable) expect(['choice', 'boolean', 'reference']).toContain(field.kind);
    }
    if (spec.parent) {
      const parentField = (spec.fields as Record<string, FieldSpec>)[spec.parent.field];
      expect(parentField?.kind).toBe('reference');
      expect(parentField?.references?.resource).toBe(spec.parent.resource);
      expect(parentField?.fixedAfterCreate).toBe(true);
      expect(NAMES.indexOf(spec.parent.resource)).toBeLessThan(position);
    }
  });

  it('nests hourly rates in fiscal years and periods in period years, with the spec’s filter slots', () => {
    expect(hourlyRates.parent).toEqual({ resource: 'fiscal-years', field: 'fiscal_year_id' });
    expect(organizationPeriods.parent).toEqual({ resource: 'organization-period-years', field: 'organization_period_year_id' });
    expect(carerHourlyRates.filterSlot).toBe('carer_hourly_rates');
    expect(organizationPeriods.filterSlot).toBe('organization_period');
  });

  it('keeps banks list-only', () => {
    expect(banks.operations).toEqual([]);
    expect(SPECS.filter((spec) => spec.operations !== undefined).map((spec) => spec.name)).toEqual(['banks']);
  });
});

describe('workforce demo rows', () => {
  it('has rows for every workforce resource, and only those', () => {
    expect(Object.keys(WORKFORCE_DEMO_ROWS).sort()).toEqual([...NAMES].sort());
    for (const name of NAMES) expect(WORKFORCE_DEMO_ROWS[name]?.length).toBeGreaterThan(0);
  });

  it.each(SPECS.map((spec) => [spec.name, spec] as const))('%s: every demo row passes the schema', (name, spec) => {
    const failures = (WORKFORCE_DEMO_ROWS[name] ?? []).flatMap((row, index) => {
      const result = v.safeParse(spec.schema, row);
      return result.success ? [] : [{ row: index + 1, errors: fieldErrorsOf(result.issues) }];
    });
    expect(failures).toEqual([]);
  });

  it.each(SPECS.map((spec) => [spec.name, spec] as const))('%s: references point at existing demo rows, unique fields are unique', (name, spec) => {
    const rows = WORKFORCE_DEMO_ROWS[name] ?? [];
    for (const [key, field] of fieldsOf(spec)) {
      if (field.kind === 'reference') {
        const targetRows = WORKFORCE_DEMO_ROWS[field.references!.resource] ?? [];
        for (const row of rows) {
          expect(row[key]).toBeGreaterThanOrEqual(1);
          expect(row[key]).toBeLessThanOrEqual(targetRows.length);
        }
      }
      if (field.unique) {
        const values = rows.map((row) => String(row[key]).toLowerCase());
        expect(new Set(values).size).toBe(values.length);
      }
    }
  });

  it('has bands 1 to 4 and carer rates at or above the National Living Wage, uplifted at weekends and bank holidays', () => {
    expect(WORKFORCE_DEMO_ROWS.bands!.map((row) => row.level)).toEqual([1, 2, 3, 4]);
    const rates = WORKFORCE_DEMO_ROWS['carer-hourly-rates']!.map((row) => v.parse(carerHourlyRates.schema, row));
    for (const rate of rates) expect(rate.rate_pence).toBeGreaterThanOrEqual(rate.valid_from >= '2026-04-01' ? 1271 : 1221);
    const weekday = rates.find((rate) => rate.band_id === 1 && rate.day_type === 'weekday' && rate.valid_to === '')!;
    const weekend = rates.find((rate) => rate.band_id === 1 && rate.day_type === 'weekend' && rate.valid_to === '')!;
    const bankHoliday = rates.find((rate) => rate.band_id === 1 && rate.day_type === 'bank-holiday' && rate.valid_to === '')!;
    expect(weekend.rate_pence).toBeGreaterThan(weekday.rate_pence);
    expect(bankHoliday.rate_pence).toBe(Math.round(weekday.rate_pence * 1.5));
  });

  it('has 13 four-weekly pay periods and 12 monthly invoice periods for 2026-27, back to back', () => {
    const periods = WORKFORCE_DEMO_ROWS['organization-periods']!.map((row) => v.parse(organizationPeriods.schema, row));
    const years = WORKFORCE_DEMO_ROWS['organization-period-years']!;
    for (const [yearId, count] of [[1, 13], [2, 12]] as const) {
      const ofYear = periods.filter((period) => period.organization_period_year_id === yearId);
      expect(ofYear.map((period) => period.number)).toEqual(Array.from({ length: count }, (_, index) => index + 1));
      expect(ofYear[0]!.start_date).toBe(years[yearId - 1]!.start_date);
      expect(ofYear[count - 1]!.end_date).toBe(years[yearId - 1]!.end_date);
      for (let index = 1; index < count; index++) {
        const previousEnd = Date.parse(`${ofYear[index - 1]!.end_date}T00:00:00Z`);
        expect(Date.parse(`${ofYear[index]!.start_date}T00:00:00Z`) - previousEnd).toBe(86_400_000);
      }
    }
  });

  it('has about 30 training courses: yearly and three-yearly refreshers, the Care Certificate once, specialist courses', () => {
    const courses = WORKFORCE_DEMO_ROWS['training-courses']!.map((row) => v.parse(trainingCourses.schema, row));
    expect(courses.length).toBeGreaterThanOrEqual(28);
    const validity = (code: string) => courses.find((course) => course.code === code)?.validity_months;
    for (const code of ['MH', 'BLS', 'MED', 'SGA', 'FIRE']) expect(validity(code)).toBe(12);
    for (const code of ['MCA', 'IPC', 'FOOD']) expect(validity(code)).toBe(36);
    expect(validity('CC')).toBeNull();
    expect(courses.find((course) => course.code === 'OMMT')?.required_for).toBe('all');
    expect(new Set(courses.map((course) => course.category))).toEqual(new Set(['induction', 'mandatory', 'refresher', 'specialist']));
    expect(courses.filter((course) => course.category === 'specialist').every((course) => course.required_for === 'specific')).toBe(true);
    expect(errorsOf(trainingCourses.schema, { name: 'PEG', code: 'peg feeding', category: 'clinical', validity_months: '0', required_for: 'all', delivery: 'classroom' })).toEqual({
      code: ['Code must be 1 to 12 letters, digits, dashes or underscores.'],
      category: ['Choose a category.'],
      validity_months: ['Valid for (months) must be at least 1.'],
    });
  });

  it('has the visit slots of DOMAIN.md covering the whole day', () => {
    const slots = WORKFORCE_DEMO_ROWS['visit-slots']!.map((row) => v.parse(visitSlots.schema, row));
    expect(slots.map((slot) => `${slot.name} ${slot.start_time}-${slot.end_time}`)).toEqual([
      'Morning 06:00-10:59',
      'Lunch 11:00-13:59',
      'Afternoon 14:00-17:59',
      'Evening 18:00-21:59',
      'Night 22:00-05:59',
    ]);
    const minutes = slots.reduce((total, slot) => total + ((minutesOfDay(slot.end_time) - minutesOfDay(slot.start_time) + 1440) % 1440) + 1, 0);
    expect(minutes).toBe(1440);
  });
});

describe('workforce rules', () => {
  it('takes times of day as HH:MM on the 24-hour clock', () => {
    const slot = { name: 'Breakfast', start_time: '7:00', end_time: '09:30', display_order: '6' };
    expect(v.parse(visitSlots.schema, slot)).toMatchObject({ start_time: '07:00', end_time: '09:30', display_order: 6, active: true });
    expect(errorsOf(visitSlots.schema, { ...slot, start_time: '24:00', end_time: '9.30am' })).toEqual({
      start_time: ['Start time must be a 24-hour time like 09:30.'],
      end_time: ['End time must be a 24-hour time like 09:30.'],
    });
    expect(errorsOf(visitSlots.schema, { ...slot, end_time: '07:00' })).toEqual({ end_time: ['End time must differ from the start time.'] });
  });

  it('stores sort codes as NN-NN-NN and checks BICs', () => {
    expect(v.parse(banks.schema, { name: 'Metro Bank', sort_code: '230580', bic: 'mymbgb2l' })).toEqual({ name: 'Metro Bank', sort_code: '23-05-80', bic: 'MYMBGB2L' });
    expect(v.parse(banks.schema, { name: 'Co-operative Bank', sort_code: '08 92 99' })).toMatchObject({ sort_code: '08-92-99', bic: '' });
    expect(errorsOf(banks.schema, { name: 'Bank', sort_code: '20-00-0', bic: 'BARC' })).toEqual({
      sort_code: ['Sort code must be six digits like 20-00-00.'],
      bic: ['BIC must be 8 or 11 letters and digits, like BARCGB22.'],
    });
  });

  it('takes postcode districts in capitals and refuses full postcodes', () => {
    expect(v.parse(areacodes.schema, { code: ' nw1 ', name: 'Camden Town' })).toMatchObject({ code: 'NW1', branch_name: '', active: true });
    expect(v.parse(areacodes.schema, { code: 'EC1A', name: 'Clerkenwell' }).code).toBe('EC1A');
    expect(errorsOf(areacodes.schema, { code: 'NW1 7AA', name: 'Camden' })).toEqual({
      code: ['Postcode district must be the first half of a postcode, like NW1 or LS6.'],
    });
  });

  it('puts a period’s end after its start and its pay date no earlier than the start', () => {
    const period = { organization_period_year_id: '1', number: '1', name: 'Period 1', start_date: '2026-04-06', end_date: '2026-05-03', pay_date: '2026-05-08' };
    expect(v.parse(organizationPeriods.schema, period)).toMatchObject({ organization_period_year_id: 1, number: 1, locked: false });
    expect(v.parse(organizationPeriods.schema, { ...period, pay_date: '' }).pay_date).toBe('');
    expect(errorsOf(organizationPeriods.schema, { ...period, end_date: '2026-04-05', pay_date: '2026-04-01' })).toEqual({
      end_date: ['End date must be on or after the start date.'],
      pay_date: ['Pay date cannot be before the period starts.'],
    });
    // The date checks still run when another field is wrong, so every error shows at once.
    expect(errorsOf(organizationPeriods.schema, { ...period, name: '', end_date: '2026-04-01' })).toEqual({
      name: ['Name is required.'],
      end_date: ['End date must be on or after the start date.'],
    });
  });

  it('names fiscal years like 2026-27 and ends them after they start', () => {
    expect(errorsOf(fiscalYears.schema, { name: '2026-28', start_date: '2026-04-01', end_date: '2026-04-01' })).toEqual({
      name: ['Name must be two consecutive years like 2026-27.'],
      end_date: ['End date must be after the start date.'],
    });
    expect(v.parse(fiscalYears.schema, { name: '2099-00', start_date: '2099-04-01', end_date: '2100-03-31' }).closed).toBe(false);
  });

  it('pays mileage per mile and every other rate per hour or night', () => {
    const rate = { fiscal_year_id: 2, kind: 'mileage', unit: 'mile', rate_pence: '0.45', applies_to: 'carers' };
    expect(v.parse(hourlyRates.schema, rate)).toMatchObject({ rate_pence: 45, description: '' });
    expect(errorsOf(hourlyRates.schema, { ...rate, unit: 'hour' })).toEqual({ unit: ['Mileage is paid per mile, and only mileage is.'] });
    expect(errorsOf(hourlyRates.schema, { ...rate, kind: 'travel-time' })).toEqual({ unit: ['Mileage is paid per mile, and only mileage is.'] });
  });

  it('keeps a carer rate’s validity in order', () => {
    const rate = { band_id: '1', day_type: 'weekend', rate_pence: '13.50', valid_from: '2026-04-01', valid_to: '2026-03-31' };
    expect(errorsOf(carerHourlyRates.schema, rate)).toEqual({ valid_to: ['Valid to must be on or after valid from.'] });
    expect(v.parse(carerHourlyRates.schema, { ...rate, valid_to: '' })).toMatchObject({ band_id: 1, rate_pence: 1350, valid_to: '' });
    expect(errorsOf(carerHourlyRates.schema, { ...rate, day_type: 'sunday', valid_to: '' })).toEqual({ day_type: ['Choose a day type.'] });
  });

  it('keeps a vacancy’s pay range in order and leaves hours empty for zero-hours work', () => {
    const vacancy = {
      title: 'Care Worker',
      career_role_id: '1',
      location: 'Camden',
      contract_type: 'zero-hours',
      hours_per_week: '',
      pay_from_pence: '13.50',
      pay_to_pence: '14.50',
      pay_period: 'hour',
      closing_date: '2026-12-18',
      status: 'open',
      description: 'Join our Camden team.',
    };
    expect(v.parse(careers.schema, vacancy)).toMatchObject({ hours_per_week: null, pay_from_pence: 1350, pay_to_pence: 1450, driver_required: false });
    expect(v.parse(careers.schema, { ...vacancy, hours_per_week: '16' }).hours_per_week).toBe(16);
    expect(errorsOf(careers.schema, { ...vacancy, hours_per_week: '7.5', pay_to_pence: '12.00', status: 'filled' })).toEqual({
      hours_per_week: ['Hours a week must be a whole number.'],
      status: ['Choose a status.'],
      pay_to_pence: ['Pay to cannot be less than pay from.'],
    });
  });

  it('rejects fields a resource does not have, in plain words', () => {
    expect(errorsOf(banks.schema, { name: 'Barclays', sort_code: '20-00-00', iban: 'GB00' })).toEqual({ iban: ['"iban" is not a field of a bank.'] });
  });
});
