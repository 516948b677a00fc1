import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginPrecompress } from './scripts/lib/precompress';
import { PRERENDER_ENTRY, PRERENDER_ENVIRONMENT, pluginPrerender } from './scripts/lib/prerender';
import { FILE_HASH_DIGITS } from './server/file-hash';

/** The messages are split in three parts (start, public, pages): scripts/lib/i18n-parts.cjs. */
const I18N_PARTS_LOADER = fileURLToPath(new URL('./scripts/lib/i18n-parts.cjs', import.meta.url));
/** The charts' descriptions and the calls' summaries stay in the sources and the exported diagrams, not in the bundle
 *  (decisions LB11, LB15). */
const STRIP_DESCRIPTIONS_LOADER = fileURLToPath(
  new URL('./scripts/lib/strip-descriptions.cjs', import.meta.url),
);

const apiTarget = process.env.API_TARGET ?? `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`;

export default defineConfig({
  plugins: [pluginReact(), pluginPrecompress(), pluginPrerender()],
  resolve: { alias: { '@': './src' } },
  environments: {
    // the browser's pages
    web: {
      // two pages: the app, and the public root a visit starting on a public onboarding page runs (docs/decisions.md
      // NC15)
      source: { entry: { index: './src/main.tsx', public: './src/public-main.tsx' } },
      html: { title: 'Корпоративный портал', template: './src/index.html' },
      // six hex digits of a file's content hash: the login page's runtime lists every lazy chunk's, and a file's name
      // carries its chunk's name or id besides, so no two files share a name (server/file-hash.ts, decisions NC27, LB16)
      output: {
        distPath: { root: 'dist' },
        filenameHash: `contenthash:${FILE_HASH_DIGITS}`,
        // Rsbuild's own list with Safari from 16.4 instead of 16 (iOS 16.4, March 2023): for 16.0-16.3 the compiler
        // rewrote every destructured parameter as a body statement, 0.3 KB gzip of the login page's first script
        // (docs/decisions.md LB23)
        overrideBrowserslist: ['chrome >= 107', 'edge >= 107', 'firefox >= 104', 'safari >= 16.4'],
        // three compression passes of the minifier: 79 B less on the login page, 57 B less on the bench's floor (built
        // with this config), so the page gains on its goal of 1.10x the floor (LB23)
        minify: { jsOptions: { minimizerOptions: { compress: { passes: 3 } } } },
      },
      performance: {
        chunkSplit: {
          strategy: 'split-by-experience',
          // Two pages (the app and the public root) share their libraries as one first script, and not the portal's
          // own modules: split out, those became three more small scripts for the login page, each compressed on its
          // own (2.5 KB more gzip). A module both pages use is in each page's own script instead. Lazy chunks still
          // share.
          override: {
            cacheGroups: {
              vendors: {
                test: /[\\/]node_modules[\\/]/,
                chunks: 'initial',
                name: 'lib-vendor',
                priority: -10,
              },
              // the few xstate modules only lazy workflows use of the public root (fromCallback) join it too
              xstate: {
                test: /[\\/]node_modules[\\/]xstate[\\/]/,
                chunks: 'all',
                name: 'lib-vendor',
                priority: -5,
              },
              // the list fragment (machines/list-fragment.ts) is copied into each list's page chunk rather than split out:
              // a chunk of its own changed the lazy chunks' grouping and so the login page's chunk map (decision AR20).
              // So are small shared view pieces that a different set of pages uses each (the send and submit buttons, the
              // confirmation, the chart-starting page): split out, they made three more lazy chunks, 35 B more gzip in
              // the login page's runtime, over its goal
              default: {
                test: /^(?!.*[\\/](list-fragment\.ts|send-button\.view\.tsx|confirm-dialog\.view\.tsx|chart-page\.view\.tsx)$)/,
                chunks: 'async',
                minChunks: 2,
                priority: -20,
                reuseExistingChunk: true,
              },
            },
          },
        },
      },
    },
    // the Auth pages rendered to HTML at build time (docs/decisions.md LB12): a Node bundle the prerender plugin runs
    // after the build, kept out of the served folder
    [PRERENDER_ENVIRONMENT]: {
      source: { entry: { [PRERENDER_ENTRY]: './src/app/prerender.tsx' } },
      output: { target: 'node', distPath: { root: 'dist-prerender' }, minify: false },
      performance: { chunkSplit: { strategy: 'all-in-one' } },
    },
  },
  tools: {
    rspack: {
      // the shortest export names (one letter for the most used) instead of hashed two-letter ones: 0.8 KB gzip less on
      // the login page, where the app's modules meet the lazy chunks' (docs/decisions.md LB15)
      // `realContentHash` (on by default) rewrites every file after it is written: each chunk's first hash, wherever
      // its six digits stand, becomes the file's real one. With six digits that text also stands inside code: it
      // turned zod's float32 bound 34028234663852886e22 into `340282935f8f52886e22` and the vendor script into a
      // syntax error (docs/decisions.md NC28). A file's name keeps the hash of its chunk's content, computed once.
      optimization: { mangleExports: 'size', realContentHash: false },
      module: {
        rules: [
          {
            test: /[\\/]src[\\/]i18n[\\/](ru|uz)\.json$/,
            resourceQuery: /part=/,
            // the loader writes an ES module (scripts/lib/i18n-parts.cjs)
            type: 'javascript/auto',
            use: [{ loader: I18N_PARTS_LOADER }],
          },
          {
            test: [
              /[\\/]src[\\/]machines[\\/][^\\/]+\.machine\.ts$/,
              /[\\/]src[\\/]services[\\/]contract[\\/][^\\/]+\.ts$/,
            ],
            enforce: 'pre',
            use: [{ loader: STRIP_DESCRIPTIONS_LOADER }],
          },
        ],
      },
    },
  },
  server: {
    port: 3000,
    historyApiFallback: true,
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
});
