import { BranchInputSchema } from '@hcm/contract/schemas';
import { valibotResolver } from './valibotResolver';

describe('valibotResolver', () => {
  const resolve = valibotResolver(BranchInputSchema);
  const options = { fields: {}, shouldUseNativeValidation: false } as never;

  it('returns the parsed values when the schema accepts them', async () => {
    const result = await resolve({ name: 'Camden', code: 'cam', type: 'domiciliary', address_line_1: '1 High St', town: 'London', postcode: 'NW1 7AA' }, undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ code: 'CAM' });
  });

  it('puts the first message of each field on that field', async () => {
    const result = await resolve({ name: '', code: '', type: 'domiciliary', address_line_1: '', town: '', postcode: 'x' }, undefined, options);
    expect(Object.keys(result.errors).sort()).toEqual(['address_line_1', 'code', 'name', 'postcode', 'town']);
    expect(result.errors.postcode).toMatchObject({ message: 'Enter a UK postcode, like SW1A 1AA.' });
  });
});
