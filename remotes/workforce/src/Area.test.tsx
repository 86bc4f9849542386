import type { AreaDescriptor } from '@hcm/contract';
import { describeAreaContract } from '@hcm/kit/testing';
import descriptor from '../area.json';
import Area from './Area';

describeAreaContract(descriptor as AreaDescriptor, Area);
