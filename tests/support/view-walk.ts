import { act } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { statePathOf } from '@/machines/state-path';
import type { MachinePath } from './paths';
import { tagScreen } from './screen-tag';
import { markSends, outsideSince, sentSince } from './view-sends';

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

/**
 * How a step happened: through a control of the view (`sends`: the events the view must send for it, when not just
 * the step's event), or from outside the views (a fake settling, a fact the test sends itself).
 */
export type Performed =
  | { readonly by: 'control'; readonly sends?: readonly EventObject[] }
  | { readonly by: 'outside' };

/**
 * Performs one event through the view. It may return (an array of) the events the view must send for it, in order,
 * when that is more than the step's event (a tab clicked first that tells the chart); anything else it returns is
 * ignored, and the view must then send exactly the step's event.
 */
export type StepAction = (event: EventObject, step: ViewStep) => unknown;

/**
 * A busy rule of a view: while the state has `tag` (the charts' convention: `busy`, or `<part>Busy` for one part of a
 * page), every control `controls()` returns must be disabled (or not rendered: return none), and `shown()` asserts
 * the busy label or mark (`aria-busy`, the progress text). Written in the walk from the view's controls that would
 * send again, not read from the view.
 */
export interface BusyRule {
  readonly tag: string;
  /** Extra condition on the state (the rule holds only where this is true), e.g. a part of the page on screen. */
  readonly when?: (state: AnyMachineSnapshot) => boolean;
  readonly controls: () => readonly Element[];
  readonly shown?: () => void;
}

export interface ViewDriver {
  /** Makes the step's event happen through the view (user action, outside fact, or a fake settling). */
  // biome-ignore lint/suspicious/noConfusingVoidType: a driver's own perform may return nothing (a control step)
  perform(step: ViewStep): void | Performed | Promise<void | Performed>;
  /** Asserts what the view shows for the step (retrying until it shows, e.g. inside testing-library's `waitFor`). */
  expectState(step: ViewStep): void | Promise<void>;
  /**
   * Event types the view sends by itself, not as the step's control (the navigator's `route.reached`, a list's
   * `params.changed` from the address): left out of the sends a step of another type is checked against; a step of
   * such a type is checked on the sends of its type alone.
   */
  readonly sentByItself?: readonly string[];
  /** The view's busy rules, checked after every step (see `BusyRule`). */
  readonly busy?: readonly BusyRule[];
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
  return async (step: ViewStep): Promise<Performed> => {
    const action = actions[step.event.type];
    if (action) {
      const sends = await action(step.event, step);
      return Array.isArray(sends) ? { by: 'control', sends: sends as EventObject[] } : { by: 'control' };
    }
    if (settle && (await settle(step.event))) return { by: 'outside' };
    throw new Error(`no view action for event ${step.event.type} (step ${step.index})`);
  };
}

/**
 * Consecutive sends of one type collapse to the last when their payloads differ: typing `abc` sends `a`, `ab`, `abc`,
 * and only what the field holds at the end is the step's. The same event sent twice stays twice (a double send).
 */
function collapseTyping(events: readonly EventObject[]): EventObject[] {
  const out: EventObject[] = [];
  for (const e of events) {
    const last = out.at(-1);
    if (last && last.type === e.type && JSON.stringify(last) !== JSON.stringify(e)) out[out.length - 1] = e;
    else out.push(e);
  }
  return out;
}

const show = (events: readonly EventObject[]): string => JSON.stringify(events);

/**
 * What the view sent for a step must be exactly what the step asks. Performed through a control: the step's event
 * with its payload (or the events the action named), the payload being what the walk typed or clicked (the path's
 * event), not read from the machine: a role button that sends another role, an unticked box sent as ticked, a page
 * number off by one, a field sent under another name, a handler sending another event all fail here. Performed from
 * outside (a fake settling, a fact the test sends): the view sends nothing of its own accord (a view that sends again
 * on a re-render fails here). Types the view sends by itself (`sentByItself`) are left out of both.
 */
export function expectSends(
  machine: AnyStateMachine,
  step: ViewStep,
  sent: readonly EventObject[],
  driver: Pick<ViewDriver, 'sentByItself'>,
  performed: Performed | undefined,
): void {
  const itself = new Set(driver.sentByItself ?? []);
  const outside = performed?.by === 'outside' || step.event.type.startsWith('xstate.');
  const named = (performed?.by === 'control' ? performed.sends : undefined) ?? [step.event];
  // a step of a type the view also sends by itself is checked on that type alone
  const own = !outside && itself.has(step.event.type);
  const keep = (e: EventObject) => (own ? e.type === step.event.type : !itself.has(e.type));
  const got = collapseTyping(sent.filter(keep));
  const expected = outside ? [] : named.filter(keep);
  if (JSON.stringify(got) === JSON.stringify(expected)) return;
  expect(
    got,
    `the view sent ${show(got)} to ${machine.id} for step ${step.index} (${step.event.type}${outside ? ', from outside the view' : ''}), expected ${show(expected)}`,
  ).toEqual(expected);
}

/** The busy rules of the state: the controls that would send again are disabled or gone, the busy mark is shown. */
export function expectBusy(rules: readonly BusyRule[], state: AnyMachineSnapshot): void {
  for (const rule of rules) {
    if (!state.hasTag(rule.tag) || (rule.when && !rule.when(state))) continue;
    for (const control of rule.controls())
      expect(
        (control as HTMLButtonElement).disabled || control.getAttribute('aria-disabled') === 'true',
        `${control.outerHTML.slice(0, 120)} disabled while ${rule.tag}`,
      ).toBe(true);
    rule.shown?.();
  }
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
    const mark = markSends();
    const performed = (index > 0 ? await driver.perform(viewStep) : undefined) ?? undefined;
    const events = () =>
      path.steps
        .slice(1, index + 1)
        .map((s) => s.event.type)
        .join(' → ') || 'initial render';
    try {
      await driver.expectState(viewStep);
    } catch (err) {
      throw new Error(`view did not show ${viewStep.expected.dataState} after ${events()}: ${String(err)}`);
    }
    // the view is proven to show the state: its screen for the statechart explorer (scripts/screens.ts), when asked
    await tagScreen(machine.id, viewStep.state);
    try {
      if (driver.busy) expectBusy(driver.busy, viewStep.state);
      // a step the test sent itself (`fromOutside`) is an outside fact, whatever the driver said
      if (index > 0)
        expectSends(
          machine,
          viewStep,
          sentSince(mark, machine.id),
          driver,
          outsideSince(mark) ? { by: 'outside' } : performed,
        );
    } catch (err) {
      throw new Error(`view in ${viewStep.expected.dataState} after ${events()}: ${String(err)}`);
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

/**
 * A fact from the router: the walk goes to `address` (a link, a filter, Back, a typed address). The page must then
 * tell its chart `event`, what the address says; the address already shown is no news (the page told it when it
 * showed it), so then nothing. Returns the sends for `performBy`.
 */
export async function navigateTo(
  location: { navigate: (to: string) => void; history?: readonly string[] },
  address: string,
  event: EventObject,
): Promise<readonly EventObject[]> {
  const before = location.history?.at(-1);
  await act(async () => location.navigate(address));
  return before === address ? [] : [event];
}
