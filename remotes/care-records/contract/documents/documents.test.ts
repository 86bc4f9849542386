import * as v from 'valibot';
import { documentSchema, emptyValues, fieldsOf, type DocumentSpec } from '@hcm/contract/documents';
import { CARE_RECORDS_PERMISSIONS } from '../permissions';
import { DOCUMENT_TAB_SEGMENTS } from '../record-tabs';
import { CLIENT_DOCUMENTS, documentNameOf } from './index';

// Every declaration is well formed: the form and the server both build on these.

const KEY = /^[a-z][a-z0-9_]*$/;

describe.each(CLIENT_DOCUMENTS.map((spec) => [spec.name, spec] as [string, DocumentSpec]))('the %s document', (_name, spec) => {
  test('has unique snake_case keys, options where needed, and permissions its area declares', () => {
    const keys = fieldsOf(spec).map((field) => field.key);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
    for (const field of fieldsOf(spec)) {
      expect(field.key).toMatch(KEY);
      if (['choice', 'multi-choice', 'scored', 'multi-scored'].includes(field.kind)) expect(field.options?.length).toBeGreaterThan(1);
      if (field.kind === 'scored' || field.kind === 'multi-scored') expect(field.options?.every((option) => typeof option.score === 'number')).toBe(true);
      if (field.kind === 'rows') expect(field.columns?.length).toBeGreaterThan(0);
      if (field.showWhen) expect(keys).toContain(field.showWhen.field);
    }
    for (const permission of Object.values(spec.permissions)) expect(Object.keys(CARE_RECORDS_PERMISSIONS.permissions)).toContain(permission);
  });

  test('accepts its empty content as a draft and refuses an empty active one when it has required questions', () => {
    const empty = emptyValues(spec);
    expect(v.safeParse(documentSchema(spec, { complete: false }), empty).success).toBe(true);
    const required = fieldsOf(spec).some((field) => field.required && !field.showWhen);
    expect(v.safeParse(documentSchema(spec, { complete: true }), empty).success).toBe(!required);
  });

  test('asks enough to be a real form', () => {
    expect(fieldsOf(spec).length).toBeGreaterThanOrEqual(6);
  });
});

test('every document tab of the record has its declaration, and every declaration a tab', () => {
  const names = CLIENT_DOCUMENTS.map((spec) => spec.name).sort();
  expect(names).toEqual(DOCUMENT_TAB_SEGMENTS.map(documentNameOf).sort());
});
