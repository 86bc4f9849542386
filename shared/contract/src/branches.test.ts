import * as v from 'valibot';
import { BranchInputSchema } from './branches';
import { fieldErrorsOf } from './validation';

const valid = { name: 'Camden', code: 'cam', type: 'domiciliary', address_line_1: '1 High St', town: 'London', postcode: 'nw1 7aa' };

describe('branch schema: one rule for form and server', () => {
  it('accepts a valid branch, normalising code and postcode and filling optional fields', () => {
    const result = v.safeParse(BranchInputSchema, valid);
    expect(result.success).toBe(true);
    expect(result.output).toMatchObject({ code: 'CAM', postcode: 'NW1 7AA', phone: '', active: true });
  });

  it('gives per-field messages for bad values', () => {
    const result = v.safeParse(BranchInputSchema, { ...valid, name: ' ', postcode: 'nope', email: 'x@', cqc_location_id: '123' });
    expect(result.success).toBe(false);
    const errors = fieldErrorsOf(result.issues ?? []);
    expect(Object.keys(errors).sort()).toEqual(['cqc_location_id', 'email', 'name', 'postcode']);
    expect(errors.postcode).toEqual(['Enter a UK postcode, like SW1A 1AA.']);
  });

  it('rejects unknown fields, and names missing ones, in plain words', () => {
    const unknown = v.safeParse(BranchInputSchema, { ...valid, is_admin: true });
    expect(fieldErrorsOf(unknown.issues ?? [])).toEqual({ is_admin: ['"is_admin" is not a field of a branch.'] });
    const { code: _code, ...withoutCode } = valid;
    const missing = v.safeParse(BranchInputSchema, withoutCode);
    expect(fieldErrorsOf(missing.issues ?? [])).toEqual({ code: ['This field is required.'] });
    const notAnObject = v.safeParse(BranchInputSchema, 'branch');
    expect(fieldErrorsOf(notAnObject.issues ?? [])).toEqual({ _: ['Send the branch as a JSON object.'] });
  });
});
