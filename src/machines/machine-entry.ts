import type { AnyStateMachine } from 'xstate';

/**
 * One statechart of the portal, as charts and model tests see it. Test fakes and event payloads are not here:
 * they live in tests/machines/<payloads>.payloads.ts, listed by tests/support/model-entries.generated.ts.
 */
export interface MachineEntry {
  /** Equals `machine.id`; names the chart files in docs/statecharts (`<id>.mmd`, `<id>.svg`, …). */
  readonly id: string;
  readonly machine: AnyStateMachine;
  /** One sentence for the charts index. */
  readonly description: string;
}
