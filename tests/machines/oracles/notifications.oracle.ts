import type { ChartOracle, OracleRow } from '../../support/oracle';

/**
 * Expected behaviour of the notifications: spec 9 "Notification disappears after 4 seconds", spec 2 layout, and
 * the decision "Notifications queue" (at most 3 wait; closing or the 4 s timer shows the next one).
 */
const AFTER_4S = 'xstate.after.noticeTime.notifications.showing';
const MAX = 3;

const next = (event: string, spec: string): OracleRow[] => [
  {
    from: 'showing',
    event,
    when: (c) => c.queue.length > 1,
    to: 'showing',
    reenter: true,
    ctx: (c) => ({ queue: c.queue.slice(1) }),
    spec: `${spec}: the next message is shown for its own 4 s`,
  },
  { from: 'showing', event, to: 'idle', ctx: () => ({ queue: [] }), spec: `${spec}: nothing left` },
];

export const notificationsOracle: ChartOracle = {
  id: 'notifications',
  initial: { to: 'idle', ctx: () => ({ queue: [] }) },
  invokes: {},
  rows: [
    {
      from: ['idle', 'showing'],
      event: 'notice.push',
      to: 'showing',
      ctx: (c, ev) => ({ queue: [...c.queue, ev.notice].slice(-MAX) }),
      spec: 'spec 9 notification; decision Notifications queue (at most 3, oldest dropped)',
    },
    ...next(AFTER_4S, 'spec 9 disappears after 4 seconds'),
    ...next('notice.dismiss', 'spec 2 modal layer closes; the user closed it'),
  ],
};
