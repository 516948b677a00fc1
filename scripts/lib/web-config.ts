import type { RsbuildConfig } from '@rsbuild/core';

/**
 * The portal's rsbuild config as one browser build: the `web` environment's settings lifted to the top and the
 * `prerender` environment left out (docs/decisions.md LB12), with `overrides` merged last. For the scripts that
 * build the portal's pages somewhere else (the bench's floor, the bundle report); the prerender plugin does nothing
 * without its environment.
 */
export function webOnlyConfig(
  content: RsbuildConfig,
  merge: (...configs: RsbuildConfig[]) => RsbuildConfig,
  overrides: RsbuildConfig,
): RsbuildConfig {
  const { environments, ...shared } = content;
  return merge(shared, environments?.web ?? {}, overrides);
}
