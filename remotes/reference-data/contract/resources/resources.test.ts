import * as v from 'valibot';
import { REFERENCE_DATA_PERMISSIONS } from '../permissions';
import { fieldErrorsOf, penceToPounds, poundsToPence } from '@hcm/contract/engine';
import { funderScales, medications, REFERENCE_DATA_RESOURCES as RESOURCES, resourceNamed } from '../index';

describe('resource declarations', () => {
  it.each(RESOURCES.map((spec) => [spec.name, spec] as const))('%s declares a field for every schema key, in permissions its area declares', (_name, spec) => {
    expect(Object.keys(spec.fields).sort()).toEqual(Object.keys(spec.schema.entries).sort());
    for (const permission of Object.values(spec.permissions)) expect(Object.keys(REFERENCE_DATA_PERMISSIONS.permissions)).toContain(permission);
    expect(spec.fields[spec.defaultSort.field as keyof typeof spec.fields]).toBeDefined();
    for (const [key, field] of Object.entries(spec.fields)) {
      if (field.kind === 'choice') expect(field.choices?.length).toBeGreaterThan(0);
      if (field.kind === 'reference') expect(resourceNamed(field.references!.resource)).toBeDefined();
      if (field.sortable || field.filterable) expect(key).toMatch(/^[a-z_]+$/);
    }
    if (spec.parent) expect((spec.fields as Record<string, { kind: string }>)[spec.parent.field]?.kind).toBe('reference');
  });

  it('names resources uniquely', () => {
    const names = RESOURCES.map((spec) => spec.name);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('money in pence', () => {
  it('converts pounds typed in a form to pence, and back, without floats', () => {
    expect(poundsToPence('24.10')).toBe(2410);
    expect(poundsToPence('0.07')).toBe(7);
    expect(poundsToPence('32')).toBe(3200);
    expect(penceToPounds(2410)).toBe('24.10');
    expect(penceToPounds(7)).toBe('0.07');
  });

  it('validates a funder scale rate typed in pounds and stores pence', () => {
    const result = v.safeParse(funderScales.schema, {
      funder_code_id: '3',
      call_minutes: '30',
      day_type: 'weekday',
      rate_pence: '16.07',
      valid_from: '2026-04-01',
    });
    expect(result.success).toBe(true);
    expect(result.output).toMatchObject({ funder_code_id: 3, rate_pence: 1607, valid_to: '' });
  });

  it('refuses amounts with more than two decimals or below zero, in plain words', () => {
    const result = v.safeParse(funderScales.schema, {
      funder_code_id: '',
      call_minutes: '20',
      day_type: 'weekday',
      rate_pence: '16.075',
      valid_from: 'soon',
    });
    expect(fieldErrorsOf(result.issues ?? [])).toEqual({
      funder_code_id: ['Choose a funder code.'],
      call_minutes: ['Choose a call length.'],
      rate_pence: ['Rate must be an amount like 24.10.'],
      valid_from: ['Valid from must be a date.'],
    });
  });
});

describe('medication schema', () => {
  it('requires a name and known choices, and fills the optional fields', () => {
    const result = v.safeParse(medications.schema, { name: 'Paracetamol', form: 'tablet', route: 'oral', type: 'prn' });
    expect(result.output).toMatchObject({ strength: '', controlled_drug: false, high_risk: false, active: true });
    const bad = v.safeParse(medications.schema, { name: ' ', form: 'pill', route: 'oral', type: 'prn' });
    expect(Object.keys(fieldErrorsOf(bad.issues ?? [])).sort()).toEqual(['form', 'name']);
  });
});
