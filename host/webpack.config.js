import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWebpackConfig } from '@hcm/build-config/webpack';

const projectDir = path.dirname(fileURLToPath(import.meta.url));

// The host knows no remote at build time: areas come from the registry it reads at start-up.
export default createWebpackConfig({
  projectDir,
  kind: 'host',
  name: 'host',
  cssPrefix: 'host',
  outputPath: path.join(projectDir, 'dist'),
  publicPath: '/',
});
