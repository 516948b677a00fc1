import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { type Notice, notificationsMachine } from '@/machines/notifications.machine';

const info: Notice = { tone: 'success', key: 'settings.contacts.saved' };
const error: Notice = { tone: 'error', key: 'errors.E001' };

function start() {
  const clock = new SimulatedClock();
  const actor = createActor(notificationsMachine, { clock }).start();
  const shown = () => actor.getSnapshot().context.queue[0];
  return { clock, actor, shown };
}

describe('notifications: how long a message stays (spec 9, decision NT1)', () => {
  it('takes information away after 4 s', () => {
    const { clock, actor, shown } = start();
    actor.send({ type: 'notice.push', notice: info });
    clock.increment(3_999);
    expect(shown()).toEqual(info);
    clock.increment(1);
    expect(shown()).toBeUndefined();
  });

  it('holds the time while the pointer or the focus is on the message, then gives it 4 s again', () => {
    const { clock, actor, shown } = start();
    actor.send({ type: 'notice.push', notice: info });
    clock.increment(3_000);
    actor.send({ type: 'notice.hold' });
    clock.increment(60_000);
    expect(shown()).toEqual(info);
    actor.send({ type: 'notice.release' });
    clock.increment(3_999);
    expect(shown()).toEqual(info);
    clock.increment(1);
    expect(shown()).toBeUndefined();
  });

  it('keeps an error until it is closed, then shows the next message for its own 4 s once the × is left', () => {
    const { clock, actor, shown } = start();
    actor.send({ type: 'notice.push', notice: error });
    actor.send({ type: 'notice.push', notice: info });
    clock.increment(600_000);
    expect(shown()).toEqual(error);
    expect(actor.getSnapshot().value).toBe('kept');
    actor.send({ type: 'notice.dismiss' });
    // NT1: the pointer or the focus that closed the error is on the next message now: its time stands still
    expect(shown()).toEqual(info);
    expect(actor.getSnapshot().value).toBe('paused');
    clock.increment(600_000);
    expect(shown()).toEqual(info);
    actor.send({ type: 'notice.release' });
    clock.increment(3_999);
    expect(shown()).toEqual(info);
    clock.increment(1);
    expect(shown()).toBeUndefined();
  });

  it('closing information with an error behind it keeps the error', () => {
    const { clock, actor, shown } = start();
    actor.send({ type: 'notice.push', notice: info });
    actor.send({ type: 'notice.push', notice: error });
    actor.send({ type: 'notice.dismiss' });
    expect(actor.getSnapshot().value).toBe('kept');
    actor.send({ type: 'notice.release' });
    clock.increment(600_000);
    expect(shown()).toEqual(error);
  });

  it('an error queued behind information is kept once it comes on screen', () => {
    const { clock, actor, shown } = start();
    actor.send({ type: 'notice.push', notice: info });
    actor.send({ type: 'notice.push', notice: error });
    clock.increment(4_000);
    expect(shown()).toEqual(error);
    clock.increment(600_000);
    expect(shown()).toEqual(error);
  });

  it('a burst never replaces the message on screen; the oldest waiting one is dropped', () => {
    const { actor } = start();
    actor.send({ type: 'notice.push', notice: error });
    for (const key of ['a', 'b', 'c', 'd'])
      actor.send({ type: 'notice.push', notice: { tone: 'info', key } });
    expect(actor.getSnapshot().context.queue.map((n) => n.key)).toEqual(['errors.E001', 'c', 'd']);
  });
});
