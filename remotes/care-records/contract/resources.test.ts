import * as v from 'valibot';
import { fieldErrorsOf } from '@hcm/contract/engine';
import { clients } from './index';

describe('a client', () => {
  afterEach(() => jest.useRealTimers());

  it('is the rule of a client\'s date of birth', () => {
    jest.useFakeTimers({ now: new Date('2026-03-02T12:00:00Z') });
    const client = {
      first_name: 'Test',
      last_name: 'Client',
      date_of_birth: '2026-03-03',
      nhs_number: '943 476 5919',
      service_type: 'domiciliary',
      status: 'active',
      address_line_1: '1 High Street',
      town: 'London',
      postcode: 'NW1 1AA',
      start_date: '2025-01-06',
    };
    const future = v.safeParse(clients.schema, client);
    expect(fieldErrorsOf(future.issues ?? [])).toEqual({ date_of_birth: ['Date of birth cannot be in the future.'] });
    expect(v.safeParse(clients.schema, { ...client, date_of_birth: '0099-12-31' }).success).toBe(true);
  });
});
