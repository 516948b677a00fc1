import type { AnyStateMachine } from 'xstate';
import { sessionMachine } from './session.machine';

/**
 * One statechart of the portal, as charts and model tests see it. Test fakes and event payloads are not here:
 * they live in tests/support/model-registry.ts, keyed by `id`.
 */
export interface MachineEntry {
  /** Equals `machine.id`; names the chart files in docs/statecharts (`<id>.mmd`, `<id>.svg`, …). */
  readonly id: string;
  readonly machine: AnyStateMachine;
  /** One sentence for the charts index. */
  readonly description: string;
}

/** Every workflow machine of the portal. A new machine is added here and in tests/support/model-registry.ts. */
export const machineRegistry: readonly MachineEntry[] = [
  {
    id: 'session',
    machine: sessionMachine,
    description: 'Session skeleton: checks the server session, signed-in / signed-out / expired, profile loading.',
  },
];
