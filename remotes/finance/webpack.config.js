import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWebpackConfig } from '@hcm/build-config/webpack';

const projectDir = path.dirname(fileURLToPath(import.meta.url));

export default createWebpackConfig({
  projectDir,
  kind: 'remote',
  name: 'finance',
  cssPrefix: 'finance',
  exposes: { './Area': './src/Area.tsx' },
  outputPath: path.join(projectDir, 'dist', '.staging'),
});
