/**
 * Every workflow chart of the portal. The list is written by `npm run workflows` from the areas' manifests
 * (src/app/<area>.workflow.ts, decisions AR19): a new chart is declared in its area's manifest, never listed here.
 * Each chart gets its ru/uz state titles in src/machines/titles/<id>.titles.json (tests/machines/chart-titles.test.ts).
 */
export type { MachineEntry } from './machine-entry';
export { machineRegistry } from './registry.generated';
