import type { AreaDescriptor } from '@hcm/contract';
import { describeAreaContract } from '@hcm/kit/testing';
import descriptor from '../area.json';
import { CARE_RECORDS_PERMISSIONS } from '../contract/permissions';
import * as areaModule from './Area';

// The home page is the clients list: its request is left pending here (the list has tests of its own).
jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(() => new Promise(() => {})) } };
});

describeAreaContract(descriptor as AreaDescriptor, areaModule, CARE_RECORDS_PERMISSIONS);
