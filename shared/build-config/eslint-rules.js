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
