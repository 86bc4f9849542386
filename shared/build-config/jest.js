// One jest configuration for every browser-side package: SWC for TS/TSX, CSS modules as identity maps.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export function createJestConfig({ environment = 'jsdom' } = {}) {
  return {
    testEnvironment: require.resolve(environment === 'jsdom' ? './jest-environment.cjs' : 'jest-environment-node'),
    transform: {
      '^.+\\.(t|j)sx?$': [
        require.resolve('@swc/jest'),
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    // ky and a few others ship ESM only: let SWC transform them too.
    transformIgnorePatterns: ['/node_modules/(?!.pnpm|ky|valibot)', '/node_modules/.pnpm/(?!ky@|valibot@)'],
    moduleNameMapper: {
      '\\.css$': require.resolve('identity-obj-proxy'),
      '^(\\.{1,2}/.*)\\.js$': '$1',
    },
    setupFilesAfterEnv: environment === 'jsdom' ? [require.resolve('./jest.setup.cjs')] : [],
    testMatch: ['<rootDir>/{src,contract}/**/*.test.ts?(x)'],
    // A ceiling for a test that hangs, not a measure of speed: `npm test` runs these beside the server suites on a
    // busy machine, where a test typing into a long form takes well over jest's default five seconds.
    testTimeout: 60_000,
  };
}
