import { defineAreaModule } from '@hcm/server/platform';
import { REFERENCE_DATA_PERMISSIONS } from '../contract/permissions.js';
import { REFERENCE_DATA_RESOURCES } from '../contract/index.js';
import { referenceDataPublications } from './published.js';
import { seedReferenceData } from './seed.js';
import { referenceDataTables } from './tables.js';

/**
 * The reference-data area's API: every reference table of the product (medications, funders and their rates,
 * staff codes, bands, fiscal years, surveys, meetings, news, events, settings...), served by the resource engine
 * from the declarations in ../contract. Branches, users and roles are the platform's (server/src).
 */
export const referenceDataModule = defineAreaModule({
  name: 'reference-data',
  permissions: REFERENCE_DATA_PERMISSIONS,
  publishes: referenceDataPublications,
  resources: REFERENCE_DATA_RESOURCES,
  resourceTables: referenceDataTables,
  seedDemo: seedReferenceData,
});
