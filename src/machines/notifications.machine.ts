import { assign, setup } from 'xstate';
import { NOTIFICATION_MS } from '@/domain/constants';

/** A transient message: an i18n key (never translated text) with its interpolation values. */
export interface Notice {
  tone: 'info' | 'success' | 'error';
  key: string;
  params?: Record<string, string>;
}

/** At most this many messages wait; older ones are dropped so a burst never floods the screen. */
export const MAX_NOTICES = 3;

/**
 * Events of the notifications chart.
 * - `notice.push`: show a message (queued behind the one on screen).
 * - `notice.dismiss`: the user closed the message on screen.
 */
export type NotificationsEvent = { type: 'notice.push'; notice: Notice } | { type: 'notice.dismiss' };

/** Notifications: each message stays 4 s (spec 9), then the next one in the queue is shown. */
export const notificationsMachine = setup({
  types: {
    context: {} as { queue: Notice[] },
    events: {} as NotificationsEvent,
  },
  delays: { noticeTime: NOTIFICATION_MS },
  guards: {
    hasMore: ({ context }) => context.queue.length > 1,
  },
  actions: {
    enqueue: assign({
      queue: ({ context, event }) =>
        event.type === 'notice.push' ? [...context.queue, event.notice].slice(-MAX_NOTICES) : context.queue,
    }),
    dropHead: assign({ queue: ({ context }) => context.queue.slice(1) }),
  },
}).createMachine({
  id: 'notifications',
  description: 'Transient messages in a polite live region; each disappears after 4 seconds.',
  context: { queue: [] },
  initial: 'idle',
  states: {
    idle: {
      description: 'Nothing on screen.',
      meta: { view: 'empty live region' },
      on: { 'notice.push': { target: 'showing', actions: 'enqueue' } },
    },
    showing: {
      description: 'The first queued message is on screen.',
      meta: { view: 'the head message with a close button' },
      on: {
        'notice.push': { actions: 'enqueue' },
        'notice.dismiss': [
          { guard: 'hasMore', target: 'showing', reenter: true, actions: 'dropHead' },
          { target: 'idle', actions: 'dropHead' },
        ],
      },
      after: {
        noticeTime: [
          { guard: 'hasMore', target: 'showing', reenter: true, actions: 'dropHead' },
          { target: 'idle', actions: 'dropHead' },
        ],
      },
    },
  },
});

/** The notifications machine's type, for the composition root and tests. */
export type NotificationsMachine = typeof notificationsMachine;
