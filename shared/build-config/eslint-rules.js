// Lint rules that keep the architecture: the remotes are independent areas.
import path from 'node:path';

/**
 * A remote must not import another remote (by relative path or by package name); shared code belongs in
 * shared/. `remotesDir` is the absolute path of the workspace's remotes/ folder.
 */
export function noCrossRemoteImports(remotesDir) {
  const remoteOf = (file) => {
    const relative = path.relative(remotesDir, file);
    return relative.startsWith('..') || path.isAbsolute(relative) ? undefined : relative.split(path.sep)[0];
  };
  return {
    meta: {
      type: 'problem',
      docs: { description: 'A remote must not import another remote; share code through shared/ instead.' },
      messages: { crossRemote: 'The {{from}} remote must not import from the {{to}} remote; move shared code to shared/.' },
      schema: [],
    },
    create(context) {
      const from = remoteOf(context.filename);
      if (!from) return {};
      const check = (node) => {
        const source = node.source?.value;
        if (typeof source !== 'string') return;
        let to;
        if (source.startsWith('.')) to = remoteOf(path.resolve(path.dirname(context.filename), source));
        else if (source.startsWith('@hcm/area-')) to = source.slice('@hcm/area-'.length).split('/')[0];
        if (to && to !== from) context.report({ node, messageId: 'crossRemote', data: { from, to } });
      };
      return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
    },
  };
}

/**
 * Dependencies point one way, areas → platform:
 * - the platform (host/, server/, shared/) never imports an area (remotes/<area>/ or @hcm/area-*), except the
 *   API's composition root, `server/src/area-modules.ts`, which registers each area's module;
 * - an area's screens (remotes/<area>/src) never import its server code (remotes/<area>/server): demo data and
 *   queries stay out of the browser's bundles;
 * - an area reaches the server's platform only through its public entries (@hcm/server/platform, /schema,
 *   /testing), never by a relative path into server/.
 * `repoRoot` is the absolute path of the workspace.
 */
export function oneWayDependencies(repoRoot) {
  const inside = (file, folder) => {
    const relative = path.relative(path.join(repoRoot, folder), file);
    return !relative.startsWith('..') && !path.isAbsolute(relative);
  };
  const COMPOSITION_ROOT = path.join(repoRoot, 'server', 'src', 'area-modules.ts');
  return {
    meta: {
      type: 'problem',
      docs: { description: 'Imports point from areas to the platform, never back; screens never import server code.' },
      messages: {
        platformToArea: 'The platform must not import an area ({{source}}): register the area in server/src/area-modules.ts, or meet it through an API or an extension point.',
        screensToServer: "An area's screens must not import its server code ({{source}}): declarations the browser needs live in the area's contract/.",
        areaIntoServer: "An area reaches the platform through '@hcm/server/platform' (or /schema, /testing), not a path into server/ ({{source}}).",
      },
      schema: [],
    },
    create(context) {
      const file = context.filename;
      const platform = ['host', 'server', 'shared'].some((folder) => inside(file, folder)) && file !== COMPOSITION_ROOT;
      const screens = inside(file, 'remotes') && file.split(path.sep).includes('src');
      const area = inside(file, 'remotes');
      if (!platform && !area) return {};
      const check = (node) => {
        const source = node.source?.value;
        if (typeof source !== 'string') return;
        const target = source.startsWith('.') ? path.resolve(path.dirname(file), source) : undefined;
        if (platform && ((target && inside(target, 'remotes')) || source.startsWith('@hcm/area-'))) {
          context.report({ node, messageId: 'platformToArea', data: { source } });
        } else if (screens && target && inside(target, 'remotes') && target.split(path.sep).includes('server')) {
          context.report({ node, messageId: 'screensToServer', data: { source } });
        } else if (area && target && inside(target, 'server')) {
          context.report({ node, messageId: 'areaIntoServer', data: { source } });
        }
      };
      return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
    },
  };
}
