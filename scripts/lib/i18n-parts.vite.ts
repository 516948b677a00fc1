import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vitest/config';

const parts = createRequire(import.meta.url)('./i18n-parts.cjs');

/** `./ru.json?part=start` as the build has it (scripts/lib/i18n-parts.cjs), as a module exporting the part. */
export const i18nParts: Plugin = {
  name: 'i18n-parts',
  enforce: 'pre',
  load(id) {
    const [path, query] = id.split('?');
    const part = parts.partOf(`?${query ?? ''}`);
    if (!part || !path || !/[\\/]src[\\/]i18n[\\/](ru|uz)\.json$/.test(path)) return null;
    const json = parts.pickPart(readFileSync(path, 'utf8'), part, parts.keySetsFor(path));
    return { code: `export default ${json};`, moduleType: 'js' };
  },
};
