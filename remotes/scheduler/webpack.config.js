import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRemoteConfig } from '@hcm/build-config/webpack';

const base = createRemoteConfig(path.dirname(fileURLToPath(import.meta.url)));

// The map's Leaflet CSS (imported by src/map/LeafletMap.tsx, in the map's lazy chunk) names its PNG images with
// url(); css-loader turns them into imports, which webpack emits as files beside the build.
export default (env, argv) => {
  const config = base(env, argv);
  config.module.rules.push({ test: /\.png$/, type: 'asset/resource' });
  return config;
};
