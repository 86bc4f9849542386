// Bundles the server's entry points into dist/ with esbuild. Workspace packages (@hcm/*) are bundled in,
// since they ship TypeScript sources; every other package stays external and is loaded from node_modules.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@hcm/'));

await build({
  entryPoints: { main: 'src/main.ts', web: 'src/web/main.ts', migrate: 'src/migrate-main.ts', chat: 'src/chat-main.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
