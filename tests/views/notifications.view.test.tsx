// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { i18n } from '@/i18n/i18n';
import { notificationsMachine } from '@/machines/notifications.machine';
import { NoticeMessage } from '@/views/layout/notifications.view';

/** The live region wired to the real chart the way the shell wires it: what the user does holds or closes it. */
function Harness({ actor }: { actor: ReturnType<typeof createActor<typeof notificationsMachine>> }) {
  const notice = useSelector(actor, (s) => s.context.queue[0]);
  return notice ? <NoticeMessage notice={notice} send={(type) => actor.send({ type })} /> : null;
}

describe('the notification on screen (decision NT1)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('stays while hovered or focused, runs out 4 s after both have left, and an error waits for ×', () => {
    const actor = createActor(notificationsMachine).start();
    render(<Harness actor={actor} />);
    act(() =>
      actor.send({ type: 'notice.push', notice: { tone: 'success', key: 'settings.contacts.saved' } }),
    );
    const message = screen.getByRole('status');
    fireEvent.mouseEnter(message);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('status')).toBe(message);
    act(() => screen.getByRole('button', { name: i18n.t('app.close') }).focus());
    fireEvent.mouseLeave(message);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByRole('status')).not.toBeNull();
    act(() => screen.getByRole('button', { name: i18n.t('app.close') }).blur());
    act(() => vi.advanceTimersByTime(3_999));
    expect(screen.queryByRole('status')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();

    act(() => actor.send({ type: 'notice.push', notice: { tone: 'error', key: 'errors.E001' } }));
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('alert').textContent).toContain(i18n.t('errors.E001' as never));
    fireEvent.click(screen.getByRole('button', { name: i18n.t('app.close') }));
    expect(screen.queryByRole('alert')).toBeNull();
    actor.stop();
  });

  it('closing the last notice by keyboard puts the focus on the page content; a next one keeps it on its ×', () => {
    const actor = createActor(notificationsMachine).start();
    render(
      <>
        <main id="main" tabIndex={-1} />
        <Harness actor={actor} />
      </>,
    );
    act(() => {
      actor.send({ type: 'notice.push', notice: { tone: 'error', key: 'errors.E001' } });
      actor.send({ type: 'notice.push', notice: { tone: 'error', key: 'errors.E005' } });
    });
    const close = () => screen.getByRole('button', { name: i18n.t('app.close') });
    act(() => close().focus());
    fireEvent.click(close());
    expect(screen.getByRole('alert').textContent).toContain(i18n.t('errors.E005' as never));
    expect(document.activeElement).toBe(close());
    fireEvent.click(close());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(document.getElementById('main'));
    actor.stop();
  });
});
