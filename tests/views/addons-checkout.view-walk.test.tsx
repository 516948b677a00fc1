// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { AnyActorRef, AnyMachineSnapshot, EventObject } from 'xstate';
import { retryNumbers } from '@/domain/addons.rules';
import { formatSum } from '@/domain/money.rules';
import { formatPhone } from '@/domain/phone.rules';
import { i18n } from '@/i18n/i18n';
import { addonsCheckoutMachine, type AddonsCheckoutContext as Ctx } from '@/machines/addons-checkout.machine';
import { CheckoutContext } from '@/views/addons/addons.context';
import { CheckoutView } from '@/views/addons/checkout.view';
import { servicesCheckoutModelEntry } from '../machines/addons-checkout.payloads';
import { createDeferredActors } from '../support/fake-actors';
import { buildModelGraph, generateModelPaths, type MachinePath } from '../support/paths';
import { onScreen } from '../support/phone-text';
import { TestProviders } from '../support/render-workflow';
import { settleInAct } from '../support/view-act';
import {
  expectPageHeading,
  performBy,
  type ViewDriver,
  type ViewStep,
  walkViewPath,
} from '../support/view-walk';

const t = i18n.getFixedT('ru');

/** What the checkout must show in a state: what is done and for how much, the progress, the numbers' outcomes. */
function expectTexts(state: AnyMachineSnapshot, broken: boolean) {
  const ctx = state.context as Ctx;
  if (['opening', 'empty', 'closed', 'quoting', 'quoteFailed'].some((v) => state.matches(v))) return;
  expect(screen.getByTestId('checkout-payer').textContent).toBe(ctx.payerBan);
  // once done or cancelled, the way back to the list is offered, in words
  if (state.matches('result') || state.matches('cancelled'))
    expect(screen.getByTestId('checkout-back').textContent).toBe(t('services.checkoutPage.back'));
  // confirming is possible only while the review waits for it (not while the balance is checked)
  const confirm = screen.queryByTestId('checkout-confirm') as HTMLButtonElement | null;
  if (state.matches('reviewing')) expect(confirm?.disabled).toBe(false);
  if (state.matches('checkingBalance')) expect(confirm?.disabled).toBe(true);
  expect(screen.getByTestId('checkout-count').textContent).toBe(
    t('services.checkoutPage.numbers', { count: ctx.sns.length }),
  );
  if (ctx.action === 'connect' && ctx.pkg)
    expect(screen.getByTestId('checkout-total').textContent).toBe(formatSum(ctx.pkg.price * ctx.sns.length));
  if (state.matches('applying') || state.matches('applyFailed')) {
    const done = ctx.outcomes.filter((o) => o.code !== 'cancelled').length;
    expect(screen.getByTestId('checkout-progress-text').textContent).toBe(
      t('services.checkoutPage.progress', { done: broken ? done + 1 : done, total: ctx.sns.length }),
    );
  }
  if (state.matches('result')) {
    for (const o of ctx.outcomes) {
      const row = screen.getByTestId(`checkout-outcome-${o.sn}`);
      expect(row.dataset.code).toBe(o.code);
      expect(row.textContent).toContain(onScreen(formatPhone(o.sn)));
    }
    expect(screen.queryByTestId('checkout-retry') !== null).toBe(retryNumbers(ctx.outcomes).length > 0);
  }
  if (state.matches('cancelled')) {
    // spec 4: "Cancelling shows 'Отменено / Вы отменили действие'"
    expect(screen.getByTestId('checkout-cancelled').textContent).toContain('Отменено');
    expect(screen.getByTestId('checkout-cancelled').textContent).toContain('Вы отменили действие');
    // the control that cancelled is gone: the focus is on the 'Отменено' result, not on <body>
    expect(document.activeElement).toBe(
      within(screen.getByTestId('checkout-cancelled')).getByRole('heading'),
    );
  }
}

function mount(options: { broken?: boolean; timeout?: number } = {}): ViewDriver {
  const deferred = createDeferredActors(addonsCheckoutMachine);
  const location = memoryLocation({
    path: '/services/checkout?action=connect&payerBan=100388204',
    record: true,
  });
  let actor: AnyActorRef | null = null;
  function Grab({ children }: { children: ReactNode }) {
    actor = CheckoutContext.useActorRef();
    return <>{children}</>;
  }
  render(
    <I18nextProvider i18n={i18n}>
      <Router hook={location.hook}>
        <TestProviders>
          <CheckoutContext.Provider logic={addonsCheckoutMachine.provide({ actors: deferred.actors })}>
            <Grab>
              <CheckoutView />
            </Grab>
          </CheckoutContext.Provider>
        </TestProviders>
      </Router>
    </I18nextProvider>,
  );
  const user = userEvent.setup();
  const cancelButton = () =>
    screen.queryByTestId('checkout-balance-error')
      ? within(screen.getByTestId('checkout-balance-error')).getByRole('button', {
          name: t('services.checkoutPage.cancel'),
        })
      : screen.getByTestId('checkout-cancel');
  const perform = performBy(
    {
      // a fact from the services page: what it chose, handed over when the checkout opens
      'checkout.start': (event: EventObject) => act(() => actor?.send(event)),
      'checkout.confirm': () => user.click(screen.getByTestId('checkout-confirm')),
      'quote.retry': () =>
        user.click(
          within(screen.getByTestId('checkout-quote-error')).getByRole('button', { name: t('app.retry') }),
        ),
      'checkout.cancel': () => user.click(cancelButton()),
      'checkout.apply': () => user.click(screen.getByTestId('checkout-do-apply')),
      'balance.retry': () =>
        user.click(
          within(screen.getByTestId('checkout-balance-error')).getByRole('button', { name: t('app.retry') }),
        ),
      'apply.stop': () => user.click(screen.getByTestId('checkout-stop')),
      'apply.resume': () => user.click(screen.getByTestId('checkout-resume')),
      'apply.finish': () => user.click(screen.getByTestId('checkout-finish')),
      'result.retry': () => user.click(screen.getByTestId('checkout-retry')),
      'checkout.close': () => user.click(screen.getByTestId('checkout-back')),
    },
    settleInAct(deferred),
  );
  return {
    perform,
    busy: [
      {
        // the numbers are checked, the balance read, or the package applied number by number: nothing can confirm,
        // apply or resume again (a second apply), retry, or leave the checkout (Stop stays, it ends the apply after
        // the number being sent); the page is busy and says which step runs
        tag: 'busy',
        controls: () =>
          [
            'checkout-confirm',
            'checkout-cancel',
            'checkout-do-apply',
            'checkout-resume',
            'checkout-retry',
          ].flatMap((id) => screen.queryAllByTestId(id)),
        shown: () => {
          expect(screen.getByTestId('services-checkout').getAttribute('aria-busy')).toBe('true');
          const quoting = screen.queryByTestId('checkout-quoting');
          const checking = screen.queryByTestId('checkout-balance-checking');
          if (quoting) expect(quoting.textContent).toBe(t('services.checkoutPage.quoting'));
          else if (checking) expect(checking.textContent).toBe(t('services.checkoutPage.checking'));
          else expect(screen.getByTestId('checkout-progress-text').textContent).not.toBe('');
        },
      },
    ],
    expectState: (step: ViewStep) =>
      waitFor(
        () => {
          expect(screen.getByTestId('services-checkout').dataset.state).toBe(step.expected.dataState);
          expectPageHeading(t('services.checkoutPage.title'));
          for (const id of step.expected.testIds) expect(screen.getByTestId(id)).toBeTruthy();
          expectTexts(step.state, options.broken === true);
        },
        { timeout: options.timeout ?? 1000 },
      ),
  };
}

/** Whether a user can make the event happen in that state through the checkout. */
function performable(event: EventObject, before: AnyMachineSnapshot | undefined): boolean {
  const ctx = before?.context as Ctx | undefined;
  switch (event.type) {
    case 'checkout.start':
      return before?.matches('opening') === true;
    case 'checkout.cancel':
      return ['reviewing', 'quoteFailed', 'balanceFailed', 'funded', 'short'].some((s) => before?.matches(s));
    case 'checkout.confirm':
      return !(before?.matches('reviewing') === true && (ctx?.sns.length ?? 0) === 0);
    case 'apply.stop':
      return before?.matches('applying') === true && ctx?.stopping === false;
    case 'result.retry':
      return before?.matches('result') === true && retryNumbers(ctx?.outcomes ?? []).length > 0;
    default:
      return true;
  }
}

const generated = generateModelPaths(
  buildModelGraph(addonsCheckoutMachine, servicesCheckoutModelEntry),
).filter((p) => p.steps.every((s, i) => i === 0 || performable(s.event, p.steps[i - 1]?.state)));
const paths: readonly MachinePath[] = generated;

afterEach(cleanup);

describe('services checkout view walk', () => {
  it('walks paths that together show every state of the chart', () => {
    const seen = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    const all = Object.keys(addonsCheckoutMachine.root.states).filter((s) => s !== 'continuing');
    expect(all.filter((s) => !seen.has(s))).toEqual([]);
  });

  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))(
    'path %i shows each state along %s',
    async (_, __, path) => {
      const steps = await walkViewPath(addonsCheckoutMachine, path, mount());
      expect(steps).toBe(path.steps.length - 1);
    },
  );

  it('catches a progress that counts a number the server has not confirmed', async () => {
    const toApplying = paths.find((p) => p.steps.some((s) => s.state.matches('applying')));
    expect(toApplying).toBeDefined();
    if (!toApplying) return;
    await expect(
      walkViewPath(addonsCheckoutMachine, toApplying, mount({ broken: true, timeout: 200 })),
    ).rejects.toThrow(/view did not show .*applying/);
  });
});
