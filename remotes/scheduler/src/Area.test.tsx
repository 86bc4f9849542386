import type { AreaDescriptor } from '@hcm/contract';
import { describeAreaContract } from '@hcm/kit/testing';
import descriptor from '../area.json';
import { SCHEDULER_PERMISSIONS } from '../contract/permissions';
import * as areaModule from './Area';

describeAreaContract(descriptor as AreaDescriptor, areaModule, SCHEDULER_PERMISSIONS);
