// One lint setup for the whole workspace. Besides the usual TypeScript and React-hooks rules, it enforces
// the architecture: a remote imports only the shared packages, never another remote.
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const REMOTES_DIR = path.resolve('remotes');

/** The remote a file belongs to (its folder under remotes/), if any. */
function remoteOf(file) {
  const relative = path.relative(REMOTES_DIR, file);
  return relative.startsWith('..') ? undefined : relative.split(path.sep)[0];
}

const noCrossRemoteImports = {
  meta: {
    type: 'problem',
    docs: { description: 'A remote must not import another remote; share code through shared/ instead.' },
    messages: { crossRemote: 'The {{from}} remote must not import from the {{to}} remote; move shared code to shared/.' },
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

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', 'playwright/test-results/**', 'playwright/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { architecture: { rules: { 'no-cross-remote-imports': noCrossRemoteImports } } },
    rules: {
      'architecture/no-cross-remote-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Each kit entry point is its own shared module: state must come through '@hcm/kit', never a relative
    // path, or an entry point bundles a second copy of the stores.
    files: ['shared/kit/src/table/**', 'shared/kit/src/forms/**', 'shared/kit/src/routing/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['../api/*', '../stores/*', '../ui/*', '../index'], message: "Import from '@hcm/kit' so the one shared singleton is used." }] }],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' }, rules: { '@typescript-eslint/no-require-imports': 'off' } },
  { files: ['**/*.test.ts', '**/*.test.tsx', 'playwright/**'], languageOptions: { globals: { ...globals.jest } } },
);
