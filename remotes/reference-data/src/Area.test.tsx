import type { AreaDescriptor } from '@hcm/contract';
import { describeAreaContract } from '@hcm/kit/testing';
import descriptor from '../area.json';
import { REFERENCE_DATA_PERMISSIONS } from '../contract/permissions';
import * as areaModule from './Area';

describeAreaContract(descriptor as AreaDescriptor, areaModule, REFERENCE_DATA_PERMISSIONS);
