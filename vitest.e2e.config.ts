import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { i18nParts } from './scripts/lib/i18n-parts.vite.ts';

/** Browser tests: real Chromium (Debian's package) driven by playwright-core against `startPortal()`. */
export default defineConfig({
  plugins: [i18nParts],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/global-setup.ts'],
    // expected texts are read from src/i18n in both languages, as in the unit tests
    setupFiles: ['tests/support/i18n.setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
