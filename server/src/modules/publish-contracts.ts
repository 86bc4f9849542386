// `npm run contracts:publish`: records each area's published read models and routes in its published.json, after
// a version step (published-files.ts). A changed shape under the same version is refused: step the version up.
import { AREA_MODULES } from '../area-modules.js';
import { writePublishedFile } from './published-files.js';

let failed = false;
for (const module of AREA_MODULES) {
  if (!module.publishes) continue;
  try {
    const outcome = writePublishedFile(module.name, module.publishes);
    console.log(`${module.name}: version ${module.publishes.version} ${outcome === 'written' ? 'recorded' : 'already recorded'}`);
  } catch (error) {
    failed = true;
    console.error(error instanceof Error ? error.message : error);
  }
}
process.exit(failed ? 1 : 0);
