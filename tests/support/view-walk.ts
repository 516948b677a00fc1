import { expect } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { statePathOf } from '@/machines/state-path';
import type { MachinePath } from './paths';

/** One step of a path as a view test sees it. Step 0 is the initial render (`xstate.init`). */
export interface ViewStep {
  readonly index: number;
  readonly event: EventObject;
  /** The snapshot the machine reaches after the event (from the generated path). */
  readonly state: AnyMachineSnapshot;
  /** What the view must show for `state` (see `viewExpectation`). */
  readonly expected: ViewExpectation;
}

/** What a view shows for a snapshot: its `data-state`, and the active leaves' `meta.view` and `meta.testId`. */
export interface ViewExpectation {
  /** Dotted leaf path(s), e.g. `authenticated.ready` (the `data-state` attribute). */
  readonly dataState: string;
  readonly views: readonly string[];
  readonly testIds: readonly string[];
}

/** Performs one event through the view. */
export type StepAction = (event: EventObject, step: ViewStep) => void | Promise<void>;

export interface ViewDriver {
  /** Makes the step's event happen through the view (user action, outside fact, or a fake settling). */
  perform(step: ViewStep): void | Promise<void>;
  /** Asserts what the view shows for the step (retrying until it shows, e.g. inside testing-library's `waitFor`). */
  expectState(step: ViewStep): void | Promise<void>;
}

/** The expectation for a snapshot, read from the machine's state meta (`meta.view`, `meta.testId`). */
export function viewExpectation(machine: AnyStateMachine, snapshot: AnyMachineSnapshot): ViewExpectation {
  const dataState = statePathOf(snapshot.value);
  const leaves = dataState.split(' ').map((path) => machine.getStateNodeById(`${machine.id}.${path}`));
  const metas = leaves.map((n) => (n.meta ?? {}) as { view?: string; testId?: string });
  return {
    dataState,
    views: metas.flatMap((m) => (m.view ? [m.view] : [])),
    testIds: metas.flatMap((m) => (m.testId ? [m.testId] : [])),
  };
}

/**
 * Builds `perform` from a map of event type → action. Events the map does not name go to `settle` (typically
 * `createDeferredActors(m).settle`, wrapped in the renderer's `act`), which settles the fake an actor result names; anything
 * else throws, so a view test must say how each event happens through the view.
 */
export function performBy(
  actions: Readonly<Record<string, StepAction>>,
  settle?: (event: EventObject) => boolean | Promise<boolean>,
) {
  return async (step: ViewStep): Promise<void> => {
    const action = actions[step.event.type];
    if (action) {
      await action(step.event, step);
      return;
    }
    if (settle && (await settle(step.event))) return;
    throw new Error(`no view action for event ${step.event.type} (step ${step.index})`);
  };
}

/**
 * Drives a rendered view along a generated path: asserts the initial render, then for each later step performs its
 * event through the view and asserts what the view shows for the state reached.
 */
export async function walkViewPath(
  machine: AnyStateMachine,
  path: MachinePath,
  driver: ViewDriver,
): Promise<number> {
  for (const [index, step] of path.steps.entries()) {
    const viewStep: ViewStep = {
      index,
      event: step.event,
      state: step.state,
      expected: viewExpectation(machine, step.state),
    };
    if (index > 0) await driver.perform(viewStep);
    try {
      await driver.expectState(viewStep);
    } catch (err) {
      const events = path.steps
        .slice(1, index + 1)
        .map((s) => s.event.type)
        .join(' → ');
      throw new Error(
        `view did not show ${viewStep.expected.dataState} after ${events || 'initial render'}: ${String(err)}`,
      );
    }
  }
  return path.steps.length - 1;
}

/**
 * The page names itself: one of its headings of `level` (a page 1, a panel inside a page 2) reads `text` (the page's name as src/i18n words it, written
 * in the walk, not read from the view). A page that shows another title in some state fails the walk.
 */
export function expectPageHeading(text: string, level: 1 | 2 = 1): void {
  const headings = [...document.querySelectorAll(`h${level}`)].map((h) => h.textContent);
  expect(headings, 'the page heading').toContain(text);
}
