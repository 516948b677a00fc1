import type { AnyMachineSnapshot, StateValue } from 'xstate';
import type { StateMeta } from './state-meta';

/**
 * The dotted path(s) of the active leaf states, e.g. `authenticated.main.ready`; parallel regions are joined by a
 * space. Views put it in `data-state` so tests can assert the state without reading text.
 */
export function statePathOf(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, child]) => {
      const inner = child === undefined ? '' : statePathOf(child);
      if (inner === '') return key;
      return inner
        .split(' ')
        .map((leaf) => `${key}.${leaf}`)
        .join(' ');
    })
    .join(' ');
}

/** `meta.view` of the active leaf states of a snapshot of machine `machineId`: what the screen shows now. */
export function viewsOf(snapshot: AnyMachineSnapshot, machineId: string): string[] {
  const meta = snapshot.getMeta() as Record<string, Partial<StateMeta> | undefined>;
  return statePathOf(snapshot.value)
    .split(' ')
    .map((path) => meta[`${machineId}.${path}`]?.view)
    .filter((view): view is string => view !== undefined);
}
