// The carers' app: one plain bundle (no module federation), its service worker, the web app manifest, icons and
// the list of files the service worker keeps for offline use. Served by the web server at /carer/.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const projectDir = path.dirname(fileURLToPath(import.meta.url));
// The loaders and plugins are the shared build configuration's dependencies (as for the host and the areas).
const require = createRequire(fileURLToPath(import.meta.resolve('@hcm/build-config/webpack')));
const HtmlWebpackPlugin = require('html-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');

/** Emits public/* as they are, and precache.json: every file of the app shell the service worker keeps. */
class ShellFilesPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('ShellFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ShellFilesPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONS }, () => {
        for (const name of readdirSync(path.join(projectDir, 'public'))) {
          compilation.emitAsset(name, new sources.RawSource(readFileSync(path.join(projectDir, 'public', name))));
        }
      });
      compilation.hooks.processAssets.tap({ name: 'ShellFilesPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const files = Object.keys(compilation.assets)
          .filter((name) => !name.endsWith('.map') && name !== 'sw.js' && name !== 'precache.json' && !name.endsWith('.LICENSE.txt'))
          .sort();
        compilation.emitAsset('precache.json', new sources.RawSource(`${JSON.stringify({ files }, null, 2)}\n`));
      });
    });
  }
}

export default (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    context: projectDir,
    mode: production ? 'production' : 'development',
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    entry: { main: './src/index.tsx', sw: './src/sw.ts' },
    output: {
      path: path.join(projectDir, 'dist'),
      publicPath: '/carer/',
      // The service worker keeps one address (/carer/sw.js): the browser checks it for a new version.
      filename: (pathData) => (pathData.chunk?.name === 'sw' ? 'sw.js' : production ? '[name].[contenthash:8].js' : '[name].js'),
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.json'],
      // The contracts are written for Node's ESM resolution (`./x.js` means `./x.ts`).
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
              jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic', development: !production } }, target: 'es2020' },
            },
          },
        },
      ],
    },
    optimization: {
      minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, terserOptions: { compress: true, mangle: true } })],
    },
    performance: { hints: false },
    plugins: [
      new HtmlWebpackPlugin({ template: './src/index.html', chunks: ['main'], scriptLoading: 'defer', inject: 'body' }),
      new ShellFilesPlugin(),
    ],
    stats: 'errors-warnings',
  };
};
