import type { ChartOracle, Ctx, OracleRow } from '../../support/oracle';

/**
 * Expected behaviour of the notifications: spec 9 "Notification disappears after 4 seconds", spec 2 layout, and
 * the decisions "Notifications queue" (at most 3 wait; closing or the 4 s timer shows the next one) and NT1
 * (the pointer or the focus on a message holds its time; an error stays until closed).
 */
const AFTER_4S = 'xstate.after.noticeTime.notifications.showing';
const MAX = 3;

/** Where a message lands when it comes on screen: an error is kept, anything else gets its 4 s. */
const landing = (queue: Ctx['queue']) => (queue[0].tone === 'error' ? 'kept' : 'showing');

const next = (
  from: string | string[],
  event: string,
  spec: string,
  land: (queue: Ctx['queue']) => string = landing,
): OracleRow[] => [
  {
    from,
    event,
    when: (c) => c.queue.length > 1,
    to: (c) => land(c.queue.slice(1)),
    reenter: true,
    ctx: (c) => ({ queue: c.queue.slice(1) }),
    spec: `${spec}: the next message is shown (information for its own 4 s)`,
  },
  { from, event, to: 'idle', ctx: () => ({ queue: [] }), spec: `${spec}: nothing left` },
];

export const notificationsOracle: ChartOracle = {
  id: 'notifications',
  initial: { to: 'idle' },
  context: () => ({ queue: [] }),
  // spec 9: "Notification disappears after 4 seconds"
  delays: { noticeTime: 4000 },
  invokes: {},
  rows: [
    {
      from: 'idle',
      event: 'notice.push',
      to: (_c, ev) => landing([ev.notice]),
      ctx: (_c, ev) => ({ queue: [ev.notice] }),
      spec: 'spec 9 notification; decision NT1 (an error is kept until closed)',
    },
    {
      from: ['showing', 'paused', 'kept'],
      event: 'notice.push',
      to: '.',
      // the message on screen stays; of those waiting behind it the oldest is dropped beyond 3 in all
      ctx: (c, ev) => ({ queue: [c.queue[0], ...[...c.queue.slice(1), ev.notice].slice(-(MAX - 1))] }),
      spec: 'decision Notifications queue (at most 3, the oldest waiting one dropped); the one on screen stays',
    },
    ...next('showing', AFTER_4S, 'spec 9 disappears after 4 seconds'),
    // NT1: the × that closed it is under the pointer or holds the focus, and the next message comes in its place: its
    // time stands still until they leave; an error is kept as always
    ...next(
      ['showing', 'paused', 'kept'],
      'notice.dismiss',
      'spec 2 modal layer closes; the user closed it; NT1 the pointer or focus on it holds the next',
      (queue) => (queue[0].tone === 'error' ? 'kept' : 'paused'),
    ),
    {
      from: 'showing',
      event: 'notice.hold',
      to: 'paused',
      spec: 'decision NT1: pointer or focus holds the time',
    },
    { from: 'paused', event: 'notice.release', to: 'showing', spec: 'decision NT1: its 4 s start again' },
  ],
};
