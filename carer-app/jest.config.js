import { createJestConfig } from '@hcm/build-config/jest';

const base = createJestConfig();

// The areas' contracts are imported by their files (`@hcm/area-care-records/contract/daily.js` is daily.ts), as
// webpack's extensionAlias reads them.
export default { ...base, moduleNameMapper: { '^(@hcm/area-[a-z-]+/.+)\\.js$': '$1', ...base.moduleNameMapper } };
