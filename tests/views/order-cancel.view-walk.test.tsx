// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { i18n } from '@/i18n/i18n';
import { formatErrorMessage } from '@/i18n/messages';
import { type OrderCancelContext as Ctx, orderCancelMachine } from '@/machines/order-cancel.machine';
import { OrderCancel, useOrderCancel } from '@/views/orders/order-cancel.view';
import { orderCancelOracle } from '../machines/oracles/order-cancel.oracle';
import { cancelInput, orderCancelModelEntry } from '../machines/order-cancel.payloads';
import { createDeferredActors } from '../support/fake-actors';
import { buildModelGraph, generateModelPaths, type MachinePath } from '../support/paths';
import { renderWorkflow } from '../support/render-workflow';
import { settleInAct } from '../support/view-act';
import { performBy, type ViewDriver, type ViewStep, walkViewPath } from '../support/view-walk';

const t = i18n.getFixedT('ru');

/** What the cancel must show in a state, beyond `data-state` (texts written out where the oracle quotes them). */
function expectTexts(state: AnyMachineSnapshot, broken: boolean) {
  const ctx = state.context as Ctx;
  const button = screen.queryByTestId('order-cancel');
  // the button stays under its dialog (the focus goes back to it) and leaves once the order is cancelled
  expect(button?.textContent ?? null).toBe(state.matches('done') ? null : 'Отменить заказ');
  const confirm = screen.queryByTestId('order-cancel-confirm');
  expect(confirm !== null).toBe(state.matches('confirming') || state.matches('cancelling'));
  if (confirm) {
    expect(confirm.textContent).toContain(`Отменить заказ № ${ctx.id}?`);
    expect(screen.getByTestId('order-cancel-text').textContent).toContain(`Заказ № ${ctx.id}`);
    const ok = screen.getByTestId('order-cancel-ok') as HTMLButtonElement;
    expect(broken ? false : ok.disabled).toBe(state.matches('cancelling'));
  }
  const error = screen.queryByTestId('order-cancel-error-text');
  expect(error?.dataset.code ?? null).toBe(state.matches('failed') ? ctx.error : null);
  if (error && ctx.error)
    expect(error.textContent).toBe(
      ctx.error === 'E101' ? t('orders.cancel.stale') : formatErrorMessage(t, ctx.error),
    );
  const notice = screen.queryByTestId('order-cancel-done');
  expect(notice?.textContent ?? null).toBe(
    state.matches('done') ? (orderCancelOracle.viewTexts?.done ?? '') : null,
  );
  // the button leaves with the cancel: the focus is on the notice that replaced it
  if (notice) expect(document.activeElement).toBe(notice);
}

function mount(options: { broken?: boolean; timeout?: number } = {}): ViewDriver & { changed: () => number } {
  const deferred = createDeferredActors(orderCancelMachine);
  const onChanged = vi.fn();
  function Page() {
    return <OrderCancel actor={useOrderCancel(cancelInput.id, onChanged)} cancellable />;
  }
  renderWorkflow(<Page />, {
    fakes: { orderCancel: orderCancelMachine.provide({ actors: deferred.actors }) },
  });
  const user = userEvent.setup();
  const perform = performBy(
    {
      'cancel.open': () => user.click(screen.getByTestId('order-cancel')),
      'cancel.confirm': () => user.click(screen.getByTestId('order-cancel-ok')),
      // 'Не отменять' in the confirmation, Close in the error
      'cancel.dismiss': () =>
        user.click(screen.queryByTestId('order-cancel-cancel') ?? screen.getByTestId('order-cancel-dismiss')),
    },
    settleInAct(deferred),
  );
  return {
    perform,
    changed: () => onChanged.mock.calls.length,
    busy: [
      {
        // the cancel is sent: it cannot be confirmed again, nor the dialog closed (spec: not closable); the confirm
        // button says it cancels and is busy (the page's own cancel button is under the modal dialog, inert)
        tag: 'busy',
        controls: () => [screen.getByTestId('order-cancel-ok'), screen.getByTestId('order-cancel-cancel')],
        shown: () => {
          const ok = screen.getByTestId('order-cancel-ok');
          expect(ok.getAttribute('aria-busy')).toBe('true');
          expect(ok.textContent).toBe(t('orders.cancel.cancelling'));
        },
      },
    ],
    expectState: (step: ViewStep) =>
      waitFor(
        () => {
          expect(screen.getByTestId('order-cancel-area').dataset.state).toBe(step.expected.dataState);
          expectTexts(step.state, options.broken === true);
        },
        { timeout: options.timeout ?? 1000 },
      ),
  };
}

const paths: readonly MachinePath[] = generateModelPaths(
  buildModelGraph(orderCancelMachine, orderCancelModelEntry),
);

afterEach(cleanup);

describe('order cancel view walk', () => {
  it('walks paths that together show every state of the chart', () => {
    const seen = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    expect(Object.keys(orderCancelMachine.root.states).filter((s) => !seen.has(s))).toEqual([]);
  });

  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))(
    'path %i shows each state along %s',
    async (_, __, path) => {
      const driver = mount();
      expect(await walkViewPath(orderCancelMachine, path, driver)).toBe(path.steps.length - 1);
      // the page is told to load the order again exactly when the order changed (cancelled, or moved meanwhile)
      const told = path.steps.filter(
        (s, i) =>
          (s.state.matches('done') && !path.steps[i - 1]?.state.matches('done')) ||
          (s.event.type === 'cancel.dismiss' && path.steps[i - 1]?.state.context.error === 'E101'),
      ).length;
      expect(driver.changed()).toBe(told);
    },
  );

  it('catches a confirm button left enabled while the cancel is sent', async () => {
    const path = paths.find((p) => p.steps.some((s) => s.state.matches('cancelling')));
    expect(path).toBeDefined();
    if (!path) return;
    await expect(
      walkViewPath(orderCancelMachine, path, mount({ broken: true, timeout: 200 })),
    ).rejects.toThrow(/view did not show cancelling/);
  });
});
