import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginPrecompress } from './scripts/lib/precompress';

/** The messages are split in three parts (start, public, pages): scripts/lib/i18n-parts.cjs. */
const I18N_PARTS_LOADER = fileURLToPath(new URL('./scripts/lib/i18n-parts.cjs', import.meta.url));

const apiTarget = process.env.API_TARGET ?? `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`;

export default defineConfig({
  plugins: [pluginReact(), pluginPrecompress()],
  source: { entry: { index: './src/main.tsx' } },
  resolve: { alias: { '@': './src' } },
  html: { title: 'Корпоративный портал', template: './src/index.html' },
  output: { distPath: { root: 'dist' } },
  performance: { chunkSplit: { strategy: 'split-by-experience' } },
  tools: {
    rspack: {
      module: {
        rules: [
          {
            test: /[\\/]src[\\/]i18n[\\/](ru|uz)\.json$/,
            resourceQuery: /part=/,
            use: [{ loader: I18N_PARTS_LOADER }],
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
