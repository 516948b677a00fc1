// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { type AnyMachineSnapshot, createActor, type EventObject } from 'xstate';
import { priceSplit } from '@/domain/golden.rules';
import { formatSum } from '@/domain/money.rules';
import { formatPhone } from '@/domain/phone.rules';
import { i18n } from '@/i18n/i18n';
import {
  type GoldenCheckoutContext as Ctx,
  type GoldenCheckoutEvent,
  goldenCheckoutMachine,
} from '@/machines/golden-checkout.machine';
import { purchaseSearch } from '@/views/purchase/purchase.url';
import { PurchaseForm } from '@/views/purchase/purchase.view';
import {
  catalogue,
  goldenCheckoutModelEntry,
  noBalance,
  offerA,
  offerB,
  offline,
  order,
  page0,
  page1,
  takenA,
} from '../machines/golden-checkout.payloads';
import { createDeferredActors } from '../support/fake-actors';
import { buildModelGraph, generateModelPaths, type MachinePath } from '../support/paths';
import { onScreen } from '../support/phone-text';
import { TestProviders } from '../support/render-workflow';
import { neverSettlingActors } from '../support/replay';
import { settleInAct } from '../support/view-act';
import {
  expectPageHeading,
  navigateTo,
  performBy,
  type ViewDriver,
  type ViewStep,
  walkViewPath,
} from '../support/view-walk';

const t = i18n.getFixedT('ru');
type Ev<K extends GoldenCheckoutEvent['type']> = Extract<GoldenCheckoutEvent, { type: K }>;

/** What the page must show in a state, beyond `data-state` and the meta test ids. */
function expectTexts(state: AnyMachineSnapshot, broken: boolean) {
  const ctx = state.context as Ctx;
  const browsing = state.matches('browsing');
  if (browsing && ctx.results) {
    expect(screen.getByTestId('purchase-found').textContent).toBe(
      t('purchase.found', { count: ctx.results.totalElements }),
    );
    for (const o of ctx.results.content) {
      const button = screen.getByTestId(`purchase-number-${o.number}`);
      const chosen = ctx.selected.some((s) => s.number === o.number);
      expect(button.getAttribute('aria-pressed')).toBe(String(broken ? !chosen : chosen));
    }
  }
  if (browsing) {
    const toReview = screen.getByTestId('purchase-to-review') as HTMLButtonElement;
    expect(toReview.disabled).toBe(ctx.selected.length === 0);
    const maskError = screen.queryByText(t('purchase.errors.mask'));
    expect(maskError !== null).toBe(ctx.problem === 'mask');
  }
  if (browsing || state.matches('reviewing')) {
    expect(screen.getByTestId('purchase-total').textContent).toBe(
      formatSum(priceSplit(ctx.selected, catalogue.taxPercent).total),
    );
  }
  if (
    !browsing &&
    !state.matches('done') &&
    !state.matches('loadingCategories') &&
    !state.matches('categoriesFailed')
  ) {
    for (const s of ctx.selected) expect(screen.getByTestId(`purchase-review-${s.number}`)).toBeTruthy();
    expect((screen.getByTestId('purchase-back') as HTMLButtonElement).disabled).toBe(
      state.matches('checkingOut'),
    );
  }
  if (state.matches('taken')) {
    expect(screen.getByTestId('purchase-taken').textContent).toContain(
      onScreen(formatPhone(ctx.taken[0] ?? '')),
    );
  }
  if (state.matches('failed')) {
    expect(screen.getByTestId('purchase-checkout-error').textContent).toContain(t('errors.E031'));
  }
  if (state.matches('done') && ctx.order) {
    expect(screen.getByTestId('purchase-order-id').textContent).toBe(
      t('purchase.doneTitle', { id: ctx.order.orderId }),
    );
    expect(screen.getByTestId('purchase-done-sum').textContent).toBe(
      t('purchase.doneSum', { sum: formatSum(ctx.order.total), vat: formatSum(ctx.order.vat) }),
    );
  }
}

function mount(options: { broken?: boolean; timeout?: number } = {}): ViewDriver {
  const deferred = createDeferredActors(goldenCheckoutMachine);
  // the model's input: a reload of the review with one number kept (GN14)
  const input = goldenCheckoutModelEntry.input;
  const location = memoryLocation({ path: `/purchase${purchaseSearch(input.step)}`, record: true });
  render(
    <I18nextProvider i18n={i18n}>
      <Router hook={location.hook}>
        <TestProviders fakes={{ goldenCheckout: goldenCheckoutMachine.provide({ actors: deferred.actors }) }}>
          <PurchaseForm input={input} />
        </TestProviders>
      </Router>
    </I18nextProvider>,
  );
  const user = userEvent.setup();
  const alert = (id: string) => within(screen.getByTestId(id));
  const perform = performBy(
    {
      'categories.retry': () => user.click(alert('purchase-categories-error').getByRole('button')),
      'category.choose': (e) =>
        user.click(
          within(
            screen.getByTestId(`purchase-category-${(e as Ev<'category.choose'>).categoryId}`),
          ).getByRole('radio'),
        ),
      'search.type': (e) =>
        user.selectOptions(
          screen.getByLabelText(t('purchase.orderTypes.label'), { selector: 'select' }),
          (e as Ev<'search.type'>).searchType,
        ),
      'form.change': async (e) => {
        const input = screen.getByLabelText(`${t('purchase.mask')} (${t('purchase.maskHint')})`);
        await user.clear(input);
        await user.type(input, (e as Ev<'form.change'>).value);
      },
      'search.submit': () => user.click(screen.getByTestId('purchase-find')),
      'search.cancel': () => user.click(screen.getByTestId('purchase-searching')),
      'search.retry': () => user.click(alert('purchase-search-error').getByRole('button')),
      'page.go': (e) =>
        user.click(
          screen.getByTestId(
            (e as Ev<'page.go'>).page > 0 ? 'purchase-results-next' : 'purchase-results-prev',
          ),
        ),
      'number.toggle': (e) =>
        user.click(screen.getByTestId(`purchase-number-${(e as Ev<'number.toggle'>).offer.number}`)),
      'review.open': () => user.click(screen.getByTestId('purchase-to-review')),
      'review.back': () => user.click(screen.getByTestId('purchase-back')),
      'number.remove': (e) =>
        user.click(
          within(screen.getByTestId(`purchase-review-${(e as Ev<'number.remove'>).number}`)).getByRole(
            'button',
          ),
        ),
      'checkout.confirm': () => user.click(screen.getByTestId('purchase-confirm')),
      'checkout.retry': () => user.click(screen.getByRole('button', { name: t('app.retry') })),
      'purchase.again': () => user.click(screen.getByTestId('purchase-again')),
      'selection.clear': () => user.click(screen.getByTestId('purchase-clear')),
      // a fact from the router: the URL's step itself (Back, Forward)
      'step.changed': (e) =>
        navigateTo(location, `/purchase${purchaseSearch((e as Ev<'step.changed'>).step)}`, e),
    },
    settleInAct(deferred),
  );
  return {
    perform,
    // the page puts the step the chart moved to in the address, and tells the chart the address's step
    sentByItself: ['step.changed'],
    busy: [
      {
        // the categories are read: the page says so, and offers no retry of a read that runs
        tag: 'busy',
        when: (state) => state.matches('loadingCategories'),
        controls: () => screen.queryAllByRole('button', { name: t('app.retry') }),
        shown: () => {
          const loading = screen.getByTestId('purchase-loading');
          expect(loading.getAttribute('aria-busy')).toBe('true');
          expect(loading.textContent).toBe(t('app.loading'));
        },
      },
      {
        // a page of numbers is searched (a new search may replace it, Stop ends it): the pages of the results shown
        // before cannot be turned, nor the failed search retried; the form says it searches, the results are busy
        tag: 'busy',
        when: (state) => state.matches({ browsing: 'searching' }),
        controls: () => [
          ...screen.queryAllByTestId('purchase-results-prev'),
          ...screen.queryAllByTestId('purchase-results-next'),
          ...screen.queryAllByRole('button', { name: t('app.retry') }),
        ],
        shown: () => {
          expect(screen.getByText(t('purchase.searching'))).toBeTruthy();
          const results = screen.queryByTestId('purchase-results');
          if (results) expect(results.getAttribute('aria-busy')).toBe('true');
        },
      },
      {
        // the numbers are bought (money is debited): nothing on the review can buy again, go back or change the
        // numbers bought; the confirm button says it is busy and the page says it buys
        tag: 'busy',
        when: (state) => state.matches('checkingOut'),
        controls: () => within(screen.getByTestId('purchase-review')).getAllByRole('button'),
        shown: () => {
          expect(screen.getByTestId('purchase-confirm').getAttribute('aria-busy')).toBe('true');
          expect(within(screen.getByTestId('purchase-review')).getByRole('status').textContent).toBe(
            t('purchase.checkingOut'),
          );
        },
      },
    ],
    expectState: (step: ViewStep) =>
      waitFor(
        () => {
          expect(screen.getByTestId('purchase-page').dataset.state).toBe(step.expected.dataState);
          expectPageHeading(t('purchase.title'));
          for (const id of step.expected.testIds) expect(screen.getByTestId(id)).toBeTruthy();
          expectTexts(step.state, options.broken === true);
        },
        { timeout: options.timeout ?? 1000 },
      ),
  };
}

/** A path of the real machine for a scripted sequence of events. */
function scripted(events: readonly (EventObject & Record<string, unknown>)[]): MachinePath {
  const actor = createActor(
    goldenCheckoutMachine.provide({ actors: neverSettlingActors(goldenCheckoutMachine) }),
    { input: goldenCheckoutModelEntry.input },
  ).start();
  const first = actor.getSnapshot();
  const steps = [{ event: { type: 'xstate.init' }, state: first }];
  for (const event of events) {
    actor.send(event as GoldenCheckoutEvent);
    steps.push({ event, state: actor.getSnapshot() });
  }
  actor.stop();
  return { state: steps.at(-1)?.state ?? first, steps, weight: steps.length } as MachinePath;
}

const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });

/**
 * The curator's purchase end to end, and every failure with its retry (each from the choice, its kept number cleared);
 * then the reload of the review with a kept number, Back to the choice and Forward to the review again.
 */
const scenarios: readonly MachinePath[] = [
  scripted([
    { type: 'step.changed', step: 'choice' },
    fail('fetchCategories', offline),
    { type: 'categories.retry' },
    done('fetchCategories', catalogue),
    { type: 'selection.clear' },
    { type: 'search.type', searchType: 'byMask' },
    { type: 'form.change', field: 'mask', value: '12-3' },
    { type: 'search.submit' },
    { type: 'form.change', field: 'mask', value: '***-**-00' },
    { type: 'search.submit' },
    fail('searchNumbers', offline),
    { type: 'search.retry' },
    done('searchNumbers', page0),
    { type: 'number.toggle', offer: offerA },
    { type: 'page.go', page: 1 },
    done('searchNumbers', page1),
    { type: 'number.toggle', offer: offerB },
    { type: 'review.open' },
    { type: 'checkout.confirm' },
    fail('checkout', noBalance),
    { type: 'checkout.retry' },
    fail('checkout', takenA),
    { type: 'checkout.confirm' },
    done('checkout', order),
    { type: 'purchase.again' },
  ]),
  scripted([
    { type: 'step.changed', step: 'choice' },
    done('fetchCategories', catalogue),
    { type: 'selection.clear' },
    { type: 'search.submit' },
    { type: 'search.cancel' },
    { type: 'search.submit' },
    done('searchNumbers', page0),
    { type: 'number.toggle', offer: offerA },
    { type: 'number.toggle', offer: offerA },
    { type: 'number.toggle', offer: offerA },
    { type: 'review.open' },
    { type: 'review.back' },
    { type: 'review.open' },
    { type: 'number.remove', number: offerA.number },
  ]),
  scripted([
    done('fetchCategories', catalogue),
    { type: 'step.changed', step: 'choice' },
    { type: 'step.changed', step: 'review' },
    { type: 'review.back' },
    { type: 'review.open' },
    { type: 'checkout.confirm' },
    done('checkout', order),
  ]),
];

/** Whether a user can make the event happen in that state through the page. */
function performable(event: EventObject, before: AnyMachineSnapshot | undefined): boolean {
  const ctx = before?.context as Ctx | undefined;
  if (!ctx || !before) return true;
  switch (event.type) {
    case 'number.toggle':
      return (
        ctx.results?.content.some((o) => o.number === (event as Ev<'number.toggle'>).offer.number) === true
      );
    case 'form.change':
      return ctx.searchType === 'byMask';
    case 'search.type':
      return ctx.searchType !== (event as Ev<'search.type'>).searchType;
    case 'review.open':
    case 'selection.clear':
      return ctx.selected.length > 0;
    case 'number.remove':
      return ctx.selected.some((s) => s.number === (event as Ev<'number.remove'>).number);
    case 'checkout.confirm':
      return ctx.selected.length > 0;
    case 'category.choose':
      return ctx.categoryId !== (event as Ev<'category.choose'>).categoryId;
    default:
      return true;
  }
}

const generated = generateModelPaths(buildModelGraph(goldenCheckoutMachine, goldenCheckoutModelEntry)).filter(
  (p) => p.steps.every((s, i) => i === 0 || performable(s.event, p.steps[i - 1]?.state)),
);
const paths: readonly MachinePath[] = [...scenarios, ...generated];

afterEach(cleanup);

describe('golden-checkout view walk', () => {
  it('walks paths that together show every state of the chart', () => {
    const seen = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
    const leaves = new Set(
      [...seen].map((v) => {
        const value = JSON.parse(v) as string | Record<string, string>;
        return typeof value === 'string' ? value : Object.entries(value).map(([k, l]) => `${k}.${l}`)[0];
      }),
    );
    const all = Object.entries(goldenCheckoutMachine.root.states).flatMap(([k, node]) =>
      Object.keys(node.states).length ? Object.keys(node.states).map((l) => `${k}.${l}`) : [k],
    );
    expect(all.filter((l) => !leaves.has(l))).toEqual([]);
    expect(generated.length).toBeGreaterThan(3);
  });

  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))(
    'path %i shows each state along %s',
    async (_, __, path) => {
      const steps = await walkViewPath(goldenCheckoutMachine, path, mount());
      expect(steps).toBe(path.steps.length - 1);
    },
  );

  it('catches a choose button that does not say whether the number is chosen', async () => {
    const toResults = scenarios[0];
    if (!toResults) return;
    await expect(
      walkViewPath(goldenCheckoutMachine, toResults, mount({ broken: true, timeout: 200 })),
    ).rejects.toThrow();
  });
});
