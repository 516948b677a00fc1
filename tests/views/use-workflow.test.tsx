// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import { useWorkflow } from '@/views/common/use-workflow';

/** A chart whose context holds what one part renders (`shown`) and what another part would (`other`). */
const chart = setup({
  types: { context: {} as { shown: number; other: number; rows: readonly number[] } },
}).createMachine({
  id: 'parts',
  context: { shown: 0, other: 0, rows: [] },
  on: {
    shown: { actions: assign({ shown: ({ context }) => context.shown + 1 }) },
    other: { actions: assign({ other: ({ context }) => context.other + 1 }) },
    same: { actions: assign({ shown: ({ context }) => context.shown }) },
    rows: { actions: assign({ rows: ({ context }) => [...context.rows] }) },
  },
});

/** A part's connect (decisions AR18): a fresh object on every call, with the fields it renders. */
const connectPart = (s: { context: { shown: number; rows: readonly number[] } }) => ({
  shown: s.context.shown,
  odd: s.context.shown % 2 === 1,
  rows: s.context.rows,
});

afterEach(cleanup);

describe('useWorkflow', () => {
  it('re-renders a part when one of its fields changes, and not when the snapshot changes elsewhere', () => {
    const actor = createActor(chart).start();
    let renders = 0;
    function Part() {
      renders += 1;
      const { shown, odd } = useWorkflow(actor, connectPart);
      return (
        <p>
          shown {shown} {odd ? 'odd' : 'even'}
        </p>
      );
    }
    render(<Part />);
    expect(screen.getByText('shown 0 even')).toBeTruthy();
    const first = renders;

    // a new snapshot, a new connect object, the same fields: no render
    act(() => actor.send({ type: 'other' }));
    act(() => actor.send({ type: 'same' }));
    expect(renders).toBe(first);

    act(() => actor.send({ type: 'shown' }));
    expect(screen.getByText('shown 1 odd')).toBeTruthy();
    expect(renders).toBe(first + 1);

    // a field holding a new array (the same items) is a change: compared by identity, as a per-field selector was
    act(() => actor.send({ type: 'rows' }));
    expect(renders).toBe(first + 2);
    actor.stop();
  });
});
