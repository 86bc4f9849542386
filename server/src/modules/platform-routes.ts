import type { Branch } from '@hcm/contract/schemas';
import * as v from 'valibot';
import { pageSchema, schemaOf } from './answer-schemas.js';
import { carerAccountsRead, carersRead } from '../auth/carer-accounts.js';
import { globalSettings } from '../auth/global-settings.js';
import type { ContractParty } from './contracts.js';

// The platform's own routes that areas call (through the area client, area-client.ts), published like an area's so
// a consumer's schema of them is checked at start-up as well. The platform ships with every deploy: no version.
// What the platform reads of areas is declared the same way and checked against what they publish: the workforce's
// carers and their sign-in accounts (the carers' app: auth/carer-accounts.ts) and reference-data's global settings
// (sign-in settings: auth/global-settings.ts).

/** A carer's device as GET /api/v1/carer-devices lists it (auth/device-tokens.ts): the type of its rows. */
export const CarerDeviceSchema = v.object({
  id: v.number(),
  user_id: v.number(),
  user_name: v.string(),
  device_name: v.string(),
  user_agent: v.nullable(v.string()),
  created_at: v.string(),
  last_used_at: v.string(),
  revoked_at: v.nullable(v.string()),
  revoked_by_name: v.nullable(v.string()),
});

export const PLATFORM_CONTRACT: ContractParty = {
  name: 'platform',
  readsOnlyComposedAreas: true,
  consumes: { readModels: [carerAccountsRead, carersRead, globalSettings] },
  publishes: {
    version: 1,
    routes: [
      {
        method: 'GET',
        path: '/branches',
        // The part of its rows others may read (the office's assistant, quality-audits).
        answer: pageSchema(schemaOf<Branch>()(v.object({ id: v.number(), name: v.string(), code: v.string(), town: v.string() }))),
        meaning: "A page of the agency's branches (branches.view), ?search by name or code: every branch, whatever the caller's own.",
      },
      {
        method: 'GET',
        path: '/carer-devices',
        answer: pageSchema(CarerDeviceSchema),
        meaning:
          "The devices signed in as the carers of the caller's branches (carers.view), a page at a time (?page, ?page_size at most 100), in use first then by last use; ?user_id and ?active=true|false narrow it. revoked_at set: the device was signed out or its carer left.",
      },
    ],
  },
};
