import { createJestConfig } from '@hcm/build-config/jest';

export default createJestConfig();
