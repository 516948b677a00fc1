import type { MachineEntry } from '@/machines/registry';
import { machineRegistry } from '@/machines/registry';
import type { ModelCheckOptions } from './model-check';
import { modelTestEntries } from './model-entries.generated';

/**
 * What the model tests need about one registered machine, beyond the machine itself (src/machines/registry.ts).
 * `payloads` must give every guard both outcomes and every invoke a realistic result: traversal explores bare
 * `xstate.done.actor.*` events without `output` otherwise.
 */
export interface ModelTestEntry extends ModelCheckOptions {
  /** The `id` of the machine in `machineRegistry`. */
  readonly id: string;
  /** Random-walk length per run (default 2000 actions). */
  readonly walkSteps?: number;
  /**
   * Actions before the walk starts a fresh actor (default 200): a chart whose later states need a long run of the
   * right events among many always-enabled ones (a wizard's form) needs longer episodes to reach them.
   */
  readonly walkEpisode?: number;
  /**
   * Further inputs the oracle check explores the chart with, one per class of input the spec tells apart (an
   * impersonating signer, a restore, several numbers): a chart that ignores half of its input is caught only by an
   * input of the other half. `input` is the first class.
   */
  readonly inputClasses?: readonly { readonly name: string; readonly input: unknown }[];
}

/** A registry machine joined with its test entry. */
export interface RegisteredModel {
  readonly entry: MachineEntry;
  readonly test: ModelTestEntry;
}

export { modelTestEntries };

/** The test entry of a registered machine id; throws when there is none. */
export function getModelTestEntry(id: string): ModelTestEntry {
  const entry = modelTestEntries.find((e) => e.id === id);
  if (!entry)
    throw new Error(
      `chart '${id}' is registered but has no entry: no payloads module exports ${id}ModelEntry (its manifest's \`payloads\`, npm run workflows)`,
    );
  return entry;
}

/** Every registered machine with its test entry; throws when one is missing (a new machine must add its entry). */
export function registeredModels(registry: readonly MachineEntry[] = machineRegistry): RegisteredModel[] {
  return registry.map((entry) => ({ entry, test: getModelTestEntry(entry.id) }));
}

/**
 * The charts the per-chart model suites (oracle-paths, model-paths, random-walk in tests/machines) run: every
 * registered one, or, when `MODEL_CHARTS` is set, only those it names (comma-separated ids; set but empty: none).
 * `npm run mutation:source` (scripts/source-mutation.ts) sets it so that a mutant of one chart runs that chart's
 * generated suites without building every other chart's paths while collecting. An id no chart has throws: a typo
 * must not select nothing and pass.
 */
export function selectedModels(): RegisteredModel[] {
  return modelsNamed(process.env.MODEL_CHARTS);
}

/** The registered charts `selectedModels` runs for a value of `MODEL_CHARTS` (undefined: every one). */
export function modelsNamed(env: string | undefined): RegisteredModel[] {
  const all = registeredModels();
  if (env === undefined) return all;
  const ids = env
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = ids.filter((id) => !all.some((m) => m.entry.id === id));
  if (unknown.length > 0)
    throw new Error(`MODEL_CHARTS names ${unknown.join(', ')}: no registered chart has that id`);
  return all.filter((m) => ids.includes(m.entry.id));
}
