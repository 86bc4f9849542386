// One webpack + module-federation configuration for the host and every remote, so the list of shared
// singletons and the loaders live in one place.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import TerserPlugin from 'terser-webpack-plugin';

import { installedDir, sharedConfig, sharedRecordOf, SINGLETONS } from './shared-modules.js';

export { sharedConfig, SINGLETONS };

// Loaders are this package's dependencies, not the consumer's.
const require = createRequire(import.meta.url);

/**
 * react-router 7 resolves to its development build under every export condition; its production build
 * (without dev-only warnings) sits beside it.
 */
function reactRouterProductionBuild(projectDir) {
  const dir = installedDir('react-router', installedDir('react-router-dom', projectDir));
  return {
    'react-router$': path.join(dir, 'dist/production/index.mjs'),
    'react-router/dom$': path.join(dir, 'dist/production/dom-export.mjs'),
  };
}

/**
 * The module-federation container name of an area. Prefixed, because a container is a global of the page
 * and a bare name can collide with the browser's own (window.scheduler is the Prioritized Task Scheduling API).
 */
export function containerNameOf(areaName) {
  return `area_${areaName.replaceAll('-', '_')}`;
}

/**
 * A remote's configuration, from its area.json: container name, CSS prefix and its exposed modules: `./Area`, and
 * each module its `extensions` name (`./ClientRecordTabs` is src/ClientRecordTabs.tsx).
 */
export function createRemoteConfig(projectDir) {
  const area = JSON.parse(readFileSync(path.join(projectDir, 'area.json'), 'utf8'));
  return createWebpackConfig({
    projectDir,
    kind: 'remote',
    name: containerNameOf(area.name),
    cssPrefix: containerNameOf(area.name),
    exposes: exposesOf(area),
    outputPath: path.join(projectDir, 'dist', '.staging'),
  });
}

/** `./Area`, and one module per distinct extension module of the area's declaration. */
export function exposesOf(area) {
  const exposes = { './Area': './src/Area.tsx' };
  for (const extension of area.extensions ?? []) exposes[extension.module] = `./src/${extension.module.slice(2)}.tsx`;
  return exposes;
}

/**
 * Writes shared.json beside the build: each shared singleton's version and the range this side requires. The
 * host's says what the page provides; a remote version's says what it needs. `area:deploy` and a rollback refuse
 * a remote version the active host does not fit, and `host:deploy` a host that an active remote does not fit
 * (server/src/areas/builds.ts, scripts/host-deploy.mjs).
 */
class SharedRecordPlugin {
  constructor(projectDir) {
    this.projectDir = projectDir;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('SharedRecordPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'SharedRecordPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONS }, () => {
        const record = sharedRecordOf(this.projectDir);
        compilation.emitAsset('shared.json', new compiler.webpack.sources.RawSource(`${JSON.stringify(record, null, 2)}\n`));
      });
    });
  }
}

/**
 * @param {object} options
 * @param {string} options.projectDir  the package's folder
 * @param {'host'|'remote'} options.kind
 * @param {string} options.name  module-federation container name
 * @param {string} options.cssPrefix  prefix of CSS module class names, so styles stay scoped per package
 * @param {Record<string,string>} [options.exposes]
 * @param {string} options.outputPath
 * @param {string} [options.publicPath]
 */
export function createWebpackConfig({ projectDir, kind, name, cssPrefix, exposes, outputPath, publicPath }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      context: projectDir,
      mode: production ? 'production' : 'development',
      // Production: hidden maps (no sourceMappingURL in the bundles), kept beside the build for reading stack traces;
      // the web server answers *.map with 404 unless SERVE_SOURCE_MAPS=true (server/src/web/static-files.ts).
      devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
      entry: kind === 'host' ? { main: './src/index.ts' } : {},
      output: {
        path: outputPath,
        publicPath: publicPath ?? 'auto',
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName: name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.json'],
        alias: production ? reactRouterProductionBuild(projectDir) : {},
        // The contract is written for Node's ESM resolution (`./x.js` means `./x.ts`).
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      },
      module: {
        rules: [
          {
            test: /\.[jt]sx?$/,
            exclude: /node_modules/,
            use: {
              loader: require.resolve('swc-loader'),
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production } },
                  target: 'es2020',
                },
              },
            },
          },
          {
            test: /\.css$/,
            use: [
              require.resolve('style-loader'),
              {
                loader: require.resolve('css-loader'),
                options: {
                  modules: {
                    auto: /\.module\.css$/,
                    localIdentName: `${cssPrefix}_[local]_[hash:base64:5]`,
                    namedExport: false,
                    exportLocalsConvention: 'as-is',
                  },
                },
              },
            ],
          },
        ],
      },
      optimization: {
        minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, terserOptions: { compress: true, mangle: true } })],
      },
      performance: { hints: false },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: kind === 'remote' ? 'remoteEntry.js' : undefined,
          exposes: exposes ?? {},
          remotes: {},
          shared: sharedConfig(projectDir),
          // Loaded-first: a dead remote must never be fetched at start-up, let alone break the shell.
          shareStrategy: 'loaded-first',
          dts: false,
          manifest: kind === 'remote' ? { fileName: 'mf-manifest.json' } : false,
          // One federation runtime for the page: the host provides it and remotes use it, so each remote's
          // entry does not carry its own copy (~20 KB gzip each).
          experiments: kind === 'host' ? { provideExternalRuntime: true } : { externalRuntime: true },
        }),
        ...(kind === 'host'
          ? [new HtmlWebpackPlugin({ template: './src/index.html', scriptLoading: 'defer', inject: 'body' })]
          : []),
        new SharedRecordPlugin(projectDir),
      ],
      stats: 'errors-warnings',
    };
  };
}
