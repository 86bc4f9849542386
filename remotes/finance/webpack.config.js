import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRemoteConfig } from '@hcm/build-config/webpack';

export default createRemoteConfig(path.dirname(fileURLToPath(import.meta.url)));
