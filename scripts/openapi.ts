/** `npm run openapi`: writes docs/openapi.json from the endpoint table (scripts/openapi-doc.ts). */
import { writeFileSync } from 'node:fs';
import { buildOpenApi, openApiText } from './openapi-doc';

const doc = buildOpenApi();
writeFileSync(new URL('../docs/openapi.json', import.meta.url), openApiText(doc));
const ops = Object.values(doc.paths as Record<string, Record<string, { 'x-spec': boolean }>>).flatMap((p) =>
  Object.values(p),
);
process.stdout.write(
  `docs/openapi.json: ${ops.length} operations, ${ops.filter((o) => o['x-spec']).length} named by spec 7\n`,
);
