import { defineConfig } from 'vitest/config';

/**
 * The black-box security suite (`npm run test:security`, README "Security suite over HTTP"): talks only HTTP to
 * `SECURITY_TARGET` (a portal or backend), or to the reference backend global-setup.ts starts when it is unset.
 */
export default defineConfig({
  test: {
    include: ['tests/remote/**/*.remote.ts'],
    environment: 'node',
    globalSetup: ['tests/remote/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 90_000,
    pool: 'forks',
    // one target, one set of accounts: files one after another, so no check sees another's session changes
    fileParallelism: false,
  },
});
