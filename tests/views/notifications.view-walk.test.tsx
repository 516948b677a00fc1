// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { type ActorRefFrom, type EventObject, SimulatedClock } from 'xstate';
import { NOTIFICATION_MS } from '@/domain/constants';
import { i18n } from '@/i18n/i18n';
import { type Notice, type NotificationsEvent, notificationsMachine } from '@/machines/notifications.machine';
import { NotificationsContext } from '@/views/layout/notifications.context';
import { NoticeMessage } from '@/views/layout/notifications.view';
import { notificationsModelEntry } from '../machines/notifications.payloads';
import { buildModelGraph, generateModelPaths, type MachinePath } from '../support/paths';
import { renderWorkflow } from '../support/render-workflow';
import { fromOutside, recordViewSends } from '../support/view-sends';
import { performBy, type ViewDriver, type ViewStep, walkViewPath } from '../support/view-walk';

/**
 * The notifications (spec 9 "Notification disappears after 4 seconds", spec 2 layout, decisions "Notifications
 * queue" and NT1) walked along every generated path through the shell's live region: the app's providers spawn the
 * real chart into the actor system (as src/app/app-providers.tsx does) and the region below is wired to it the way
 * src/app/shell.tsx's `NotificationsOutlet` is (that component is not exported; the chunk it loads lazily, the real
 * `NoticeMessage`, is rendered here directly).
 *
 * A message comes from another part of the app: the walk pushes it from outside the views. The 4 seconds run on the
 * actor system's simulated clock. Holding, releasing and closing are the user's, and every path is walked twice: with
 * the mouse (the pointer onto the message and off it, a click on ×) and with the keyboard alone (Tab onto × and away,
 * Enter on ×). A real click passes the pointer and the focus over the message first, so the view then also sends the
 * holds of those, as the walk's own record of where the pointer and the focus are says (never read from the chart).
 *
 * The live region has no `data-state` and the chart's states no `meta.testId`: the walk asserts what each state shows
 * (nothing when idle; the head message's text, its tone and role, and its close button otherwise) and that the chart
 * behind the region is in the state the path reached (the paused message shows as the running one does).
 */

const t = i18n.getFixedT('ru');
const AFTER_4S = 'xstate.after.noticeTime.notifications.showing';

type NotificationsActor = ActorRefFrom<typeof notificationsMachine>;
type Holder = { actor?: NotificationsActor };

/** How a broken region differs from the shell's (for the tests that prove the walk catches it). */
type Broken = 'errorAsStatus' | 'holdIgnored';

/** The shell's live region (src/app/shell.tsx `NotificationsOutlet`): the polite region, the head message in it. */
function Outlet({ holder, broken }: { holder: Holder; broken?: Broken | undefined }) {
  const notice = NotificationsContext.useSelector((s) => s.context.queue[0]);
  const actor = NotificationsContext.useActorRef();
  holder.actor = actor;
  const shown: Notice | undefined =
    notice && broken === 'errorAsStatus' ? { ...notice, tone: 'info' } : notice;
  return (
    <div className="notifications" aria-live="polite" aria-atomic="true" data-testid="notifications">
      {shown ? (
        <NoticeMessage
          notice={shown}
          send={(type) =>
            broken === 'holdIgnored' && type === 'notice.hold' ? undefined : actor.send({ type })
          }
        />
      ) : null}
    </div>
  );
}

/** What the region shows in the path's state: nothing when idle, else the head message, its role and its ×. */
function expectShown(step: ViewStep) {
  const state = step.state;
  const region = screen.getByTestId('notifications');
  expect(region.getAttribute('aria-live')).toBe('polite');
  expect(region.getAttribute('aria-atomic')).toBe('true');
  // the chart states name no test id (`meta.testId`): nothing to find beyond the region itself
  for (const id of step.expected.testIds) expect(screen.getByTestId(id)).toBeTruthy();
  // what the state's `meta.view` names: an empty region, or the head (error) message with a close button
  const view = step.expected.views.join(' ');
  expect(region.children.length === 0, view).toBe(view === 'empty live region');
  expect(screen.queryByRole('button', { name: t('app.close') }) !== null, view).toBe(
    /close button/.test(view),
  );
  expect(screen.queryByRole('alert') !== null, view).toBe(/error message/.test(view));
  if (state.matches('idle')) {
    expect(region.children.length).toBe(0);
    expect(region.textContent).toBe('');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    return;
  }
  const head = (state.context as { queue: Notice[] }).queue[0];
  expect(head).toBeDefined();
  if (!head) return;
  const text = t(head.key as never, head.params ?? {}) as string;
  // a text of src/i18n, never the bare key
  expect(text).not.toBe(head.key);
  // an error is kept and announced at once (alert); information runs or waits (status)
  const role = state.matches('kept') ? 'alert' : 'status';
  expect(head.tone === 'error').toBe(state.matches('kept'));
  expect(region.children.length).toBe(1);
  const message = screen.getByRole(role);
  expect(region.firstElementChild).toBe(message);
  expect(screen.queryByRole(role === 'alert' ? 'status' : 'alert')).toBeNull();
  expect(message.classList.contains(`notice--${head.tone}`)).toBe(true);
  expect(message.querySelector('span')?.textContent).toBe(text);
  const close = screen.getByRole('button', { name: t('app.close') });
  expect(message.contains(close)).toBe(true);
  expect(close.textContent).toBe('×');
}

/** How the user holds, releases and closes a message: with the mouse, or with the keyboard alone. */
type Mode = 'pointer' | 'keyboard';
const MODES: readonly Mode[] = ['pointer', 'keyboard'];

function mount(mode: Mode, options: { broken?: Broken; timeout?: number } = {}): ViewDriver {
  const clock = new SimulatedClock();
  const holder: Holder = {};
  renderWorkflow(<Outlet holder={holder} broken={options.broken} />, {
    fakes: { actor: { clock, inspect: recordViewSends } },
  });
  const actor = () => {
    if (!holder.actor) throw new Error('notifications actor not mounted');
    return holder.actor;
  };
  const user = userEvent.setup();
  /** Where the user is, as the walk put them: the pointer on the message, the focus inside it. */
  const at = { pointer: false, focus: false };
  const message = () => screen.getByTestId('notifications').firstElementChild as HTMLElement;
  const close = () => screen.getByRole('button', { name: t('app.close') });
  const hold = { type: 'notice.hold' };
  const release = { type: 'notice.release' };

  // the pointer comes onto the message over its ×, so that the click on × does not move it: user-event moves the
  // pointer without a `relatedTarget`, which React reads as leaving the window and coming back (a release and a hold
  // no browser sends for a move inside the message)
  const pointerIn = async (): Promise<EventObject[]> => {
    await user.hover(close());
    at.pointer = true;
    return [hold];
  };
  const pointerOut = async (): Promise<EventObject[]> => {
    await user.unhover(close());
    at.pointer = false;
    // the focus still inside holds it
    return at.focus ? [] : [release];
  };
  const focusIn = async (): Promise<EventObject[]> => {
    await user.tab();
    expect(document.activeElement).toBe(close());
    at.focus = true;
    return [hold];
  };
  const focusOut = async (): Promise<EventObject[]> => {
    // only with the pointer away (a browser's `:hover` then holds it; jsdom does not track it)
    await user.tab();
    expect(message().contains(document.activeElement)).toBe(false);
    at.focus = false;
    return [release];
  };
  /** The message left the screen: the pointer and the focus were on what is no longer there. */
  const left = (step: ViewStep) => {
    if (step.state.matches('idle')) {
      at.pointer = false;
      at.focus = false;
    }
  };

  const perform = performBy({
    // another part of the app tells the user something: not the region's own doing
    'notice.push': async (e) => {
      await fromOutside(() =>
        act(async () => {
          actor().send(e as Extract<Parameters<NotificationsActor['send']>[0], { type: 'notice.push' }>);
        }),
      );
    },
    // the 4 s of the message on screen run out on the system's clock, not a moment before
    [AFTER_4S]: async (_e, step) => {
      const before = message().textContent;
      await act(async () => clock.increment(NOTIFICATION_MS - 1));
      expect(message().textContent, 'the message 1 ms before its 4 s ran out').toBe(before);
      await act(async () => clock.increment(1));
      left(step);
    },
    // the pointer (over ×) or the keyboard's focus (Tab onto ×) comes onto the message; one already on it (left there
    // by the × that showed this message) has to leave and come back
    'notice.hold': async () => {
      if (mode === 'keyboard') return [...(at.focus ? await focusOut() : []), ...(await focusIn())];
      return [...(at.pointer ? await pointerOut() : []), ...(await pointerIn())];
    },
    // all that holds it leaves: the pointer first, then the focus (a click on × left it there)
    'notice.release': async () => [
      ...(at.pointer ? await pointerOut() : []),
      ...(at.focus ? await focusOut() : []),
    ],
    // × closes it: clicked (the pointer comes onto the message and the focus onto × on the way), or Tab onto × and
    // Enter
    'notice.dismiss': async (_e, step) => {
      const sends: EventObject[] = [];
      if (mode === 'keyboard') {
        if (!at.focus) sends.push(...(await focusIn()));
        await user.keyboard('{Enter}');
      } else {
        if (!at.pointer) sends.push(hold);
        if (!at.focus) sends.push(hold);
        await user.click(close());
        at.pointer = true;
        at.focus = true;
      }
      left(step);
      return [...sends, { type: 'notice.dismiss' }];
    },
  });

  return {
    perform,
    expectState: (step: ViewStep) =>
      waitFor(
        () => {
          // no marker on the region: the chart behind it must be in the path's state
          expect(String(actor().getSnapshot().value)).toBe(step.expected.dataState);
          expectShown(step);
        },
        { timeout: options.timeout ?? 1000 },
      ),
  };
}

const paths: readonly MachinePath[] = generateModelPaths(
  buildModelGraph(notificationsMachine, notificationsModelEntry),
);

afterEach(cleanup);

describe('notifications view walk', () => {
  it('walks paths that together show every state of the chart', () => {
    const seen = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    expect(Object.keys(notificationsMachine.root.states).filter((s) => !seen.has(s))).toEqual([]);
    // the user's three ways and the two outside facts are all walked
    const events = new Set(paths.flatMap((p) => p.steps.map((s) => s.event.type)));
    for (const type of ['notice.push', 'notice.hold', 'notice.release', 'notice.dismiss', AFTER_4S])
      expect(events.has(type), type).toBe(true);
  });

  it('pushes only messages src/i18n has a text for, in both languages', () => {
    const keys = (notificationsModelEntry.payloads['notice.push'] ?? []).map(
      (e) => (e as Extract<NotificationsEvent, { type: 'notice.push' }>).notice.key,
    );
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((k) => !i18n.exists(k, { lng: 'ru' }) || !i18n.exists(k, { lng: 'uz' }))).toEqual([]);
  });

  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))(
    'path %i shows each state along %s',
    async (_, __, path) => {
      // walked twice: with the mouse, then with the keyboard alone
      for (const mode of MODES) {
        const driver = mount(mode);
        expect(await walkViewPath(notificationsMachine, path, driver), mode).toBe(path.steps.length - 1);
        cleanup();
      }
    },
  );

  it('catches an error shown as a polite status', async () => {
    const path = paths.find((p) => p.steps.some((s) => s.state.matches('kept')));
    expect(path).toBeDefined();
    if (!path) return;
    await expect(
      walkViewPath(notificationsMachine, path, mount('pointer', { broken: 'errorAsStatus', timeout: 200 })),
    ).rejects.toThrow(/view did not show kept/);
  });

  it.each(MODES)('catches a message the %s does not hold', async (mode) => {
    const path = paths.find((p) => p.steps.some((s) => s.event.type === 'notice.hold'));
    expect(path).toBeDefined();
    if (!path) return;
    await expect(
      walkViewPath(notificationsMachine, path, mount(mode, { broken: 'holdIgnored', timeout: 200 })),
    ).rejects.toThrow(/view did not show paused/);
  });
});
