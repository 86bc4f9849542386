import type { ResourceSpec } from '@hcm/contract/engine';

/** Rate cards (per funder), their hourly rules, and the minimum-wage rates: declared by the rates part. */
export const RATE_RESOURCES: readonly ResourceSpec[] = [];
