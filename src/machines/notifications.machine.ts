import { assign, setup } from 'xstate';
import { NOTIFICATION_MS } from '@/domain/constants';

/** A transient message: an i18n key (never translated text) with its interpolation values. */
export interface Notice {
  tone: 'info' | 'success' | 'error';
  key: string;
  params?: Record<string, string>;
}

/** At most this many messages wait; older ones behind the one on screen are dropped so a burst never floods it. */
export const MAX_NOTICES = 3;

/**
 * Events of the notifications chart.
 * - `notice.push`: show a message (queued behind the one on screen).
 * - `notice.dismiss`: the user closed the message on screen.
 * - `notice.hold` / `notice.release`: the pointer or the focus entered / left the message on screen.
 */
export type NotificationsEvent =
  | { type: 'notice.push'; notice: Notice }
  | { type: 'notice.dismiss' }
  | { type: 'notice.hold' }
  | { type: 'notice.release' };

/** Closing the message on screen (or its 4 s running out) shows the next one for its own time, or nothing. */
/** Where the head goes when it leaves: the next message in `target`, or nothing left. */
const dropTo = (target: 'showing' | 'paused') =>
  [
    { guard: 'hasMore', target, reenter: true, actions: 'dropHead' },
    { target: 'idle', actions: 'dropHead' },
  ] as const;

/** Its time ran out: the next message gets its own 4 seconds. */
const next = dropTo('showing');

/**
 * The user closed the message: the next one takes its place under the pointer or the focus that closed it (the ×
 * stays where it was), so its time stands still until they leave (NT1), and an error is kept as always.
 */
const closed = dropTo('paused');

/** An error on screen stays until it is closed. */
const keepError = { guard: 'isErrorShown', target: 'kept' } as const;

export const notificationsMachine = setup({
  types: {
    context: {} as { queue: Notice[] },
    events: {} as NotificationsEvent,
  },
  delays: { noticeTime: NOTIFICATION_MS },
  guards: {
    hasMore: ({ context }) => context.queue.length > 1,
    isErrorShown: ({ context }) => context.queue[0]?.tone === 'error',
  },
  actions: {
    enqueue: assign({
      queue: ({ context: { queue }, event }) =>
        event.type === 'notice.push'
          ? queue.slice(0, 1).concat(
              queue
                .slice(1)
                .concat(event.notice)
                .slice(1 - MAX_NOTICES),
            )
          : queue,
    }),
    dropHead: assign({ queue: ({ context }) => context.queue.slice(1) }),
  },
}).createMachine({
  id: 'notifications',
  description: 'Transient messages in a polite live region: information for 4 seconds, errors until closed.',
  context: { queue: [] },
  initial: 'idle',
  on: { 'notice.push': { actions: 'enqueue' } },
  states: {
    idle: {
      description: 'Nothing on screen.',
      meta: { view: 'empty live region' },
      on: { 'notice.push': { target: 'showing', actions: 'enqueue' } },
    },
    showing: {
      description: 'The first queued message is on screen; its 4 seconds run.',
      meta: { view: 'the head message with a close button' },
      always: keepError,
      on: { 'notice.dismiss': closed, 'notice.hold': 'paused' },
      after: { noticeTime: next },
    },
    paused: {
      description:
        'The pointer or the focus is on the message (also on the next one, right after closing one): its time stands still.',
      meta: { view: 'the head message with a close button' },
      always: keepError,
      on: { 'notice.dismiss': closed, 'notice.release': 'showing' },
    },
    kept: {
      description: 'An error message: it stays until the user closes it.',
      meta: { view: 'the head error message with a close button' },
      on: { 'notice.dismiss': closed },
    },
  },
});

/** The notifications machine's type, for the composition root and tests. */
export type NotificationsMachine = typeof notificationsMachine;
