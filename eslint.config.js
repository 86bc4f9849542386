// One lint setup for the whole workspace. Besides the usual TypeScript and React-hooks rules, it enforces
// the architecture: a remote imports only the shared packages and the server's platform entries, never another
// remote; the platform never imports an area (but for the API's composition root); screens never import server code.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { noCrossRemoteImports, oneWayDependencies } from './shared/build-config/eslint-rules.js';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

export default tseslint.config(
  { ignores: ['**/dist/**', 'server/.test-build-*/**', '**/node_modules/**', '**/coverage/**', 'playwright/test-results/**', 'playwright/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: {
      architecture: {
        rules: {
          'no-cross-remote-imports': noCrossRemoteImports(path.join(ROOT, 'remotes')),
          'one-way-dependencies': oneWayDependencies(ROOT),
        },
      },
    },
    rules: {
      'architecture/no-cross-remote-imports': 'error',
      'architecture/one-way-dependencies': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Each kit entry point is its own shared module: state must come through '@hcm/kit', never a relative
    // path, or an entry point bundles a second copy of the stores.
    files: ['shared/kit/src/table/**', 'shared/kit/src/forms/**', 'shared/kit/src/routing/**', 'shared/kit/src/resources/**', 'shared/kit/src/elements/**', 'shared/kit/src/storage/**', 'shared/kit/src/pdf/**', 'shared/kit/src/tracker/**', 'shared/kit/src/data/**', 'shared/kit/src/documents/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['../api/*', '../stores/*', '../ui/*', '../index'], message: "Import from '@hcm/kit' so the one shared singleton is used." }] }],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // One clock: the product reads the time from @hcm/contract/time, so a test or HCM_NOW can put it anywhere.
    files: ['server/src/**/*.ts', 'remotes/*/server/**/*.ts', 'remotes/*/src/**/*.{ts,tsx}', 'remotes/*/contract/**/*.ts', 'remotes/*/scripts/simulate-devices.ts', 'host/src/**/*.{ts,tsx}', 'shared/kit/src/**/*.{ts,tsx}', 'shared/contract/src/**/*.ts', 'carer-app/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/bench.ts', '**/*-bench.ts', '**/bench/**', 'server/src/clock/process-clock.ts', 'shared/contract/src/time/clock.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Take the time from the product\'s clock: clock.now() from @hcm/contract/time.' },
        { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: 'Take the time from the product\'s clock: clock.nowMs() from @hcm/contract/time.' },
        { selector: "MemberExpression[object.name='Date'][property.name='now']:not(CallExpression > MemberExpression)", message: 'Take the time from the product\'s clock: clock.nowMs from @hcm/contract/time.' },
      ],
    },
  },
  {
    // One look for values: screens format dates, times and numbers only through @hcm/contract/format
    // (shared/contract/README.md, "Formats"), never with the browser's locale functions.
    files: ['host/src/**/*.{ts,tsx}', 'remotes/*/src/**/*.{ts,tsx}', 'shared/kit/src/**/*.{ts,tsx}', 'carer-app/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'shared/contract/src/time/**', 'shared/contract/src/format/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['toLocaleDateString', 'toLocaleTimeString', 'toLocaleString'].map((property) => ({
          property,
          message: 'Format values for people with the @hcm/contract/format formatters (formatDate, formatTime, formatDateTime, formatMoney, formatCount…): shared/contract/README.md, "Formats".',
        })),
        {
          object: 'Intl',
          property: 'DateTimeFormat',
          message: 'Format dates and times with the @hcm/contract/format formatters (formatDate, formatTime, formatDateTime…): shared/contract/README.md, "Formats".',
        },
      ],
    },
  },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' }, rules: { '@typescript-eslint/no-require-imports': 'off' } },
  { files: ['**/*.test.ts', '**/*.test.tsx', 'playwright/**'], languageOptions: { globals: { ...globals.jest } } },
);
