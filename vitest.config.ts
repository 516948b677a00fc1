import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { i18nParts } from './scripts/lib/i18n-parts.vite.ts';

export default defineConfig({
  plugins: [i18nParts],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    setupFiles: ['tests/support/i18n.setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
