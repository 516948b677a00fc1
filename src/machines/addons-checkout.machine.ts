import { assign, setup } from 'xstate';
import {
  affordableCount,
  type BalanceFacts,
  canAlreadyHave,
  NOT_SENT,
  type NumberOutcome,
  needsBalanceCheck,
  nextChunk,
  retryNumbers,
  type ServiceAction,
} from '@/domain/addons.rules';
import { SYSTEM_IDS, tellSystem } from './actor-system';
import { failTo, outputTo, retryOn } from './call-fragment';
import { errorCodeOf, unprovided } from './error-code';
import type { StateMeta } from './state-meta';

/**
 * The services checkout (spec 1 "Order services, internet packages and roaming"; spec 7 checkBalance, has-deposit,
 * setup, setupFree, delete, deleteAgreement, setup-roaming, delete-roaming; spec 8 E031, E123, E124; spec 4 "Cancelling
 * shows 'Отменено / Вы отменили действие'"; docs/decisions.md SV6-SV8): what is done to which numbers and for how
 * much, the balance check before a paid connection, the run number by number in slices with the progress of the
 * outcomes the server confirmed, the result number by number, and a retry of the failed ones.
 *
 * The numbers come from the services page (its selection), the action and payer BAN from the URL
 * (`/services/checkout?page&payerBan&action`), handed over in `checkout.start`. When lines changed the page is told
 * through the actor system.
 */

/** The package a checkout acts on (none for roaming and for cancelling the agreement). */
export interface CheckoutPackage {
  readonly soc: string;
  readonly name: string;
  readonly price: number;
}

/** What the page hands over when the checkout opens: the action, the package, the numbers and the payer. */
export interface CheckoutOrder {
  readonly action: ServiceAction;
  readonly pkg: CheckoutPackage | null;
  readonly sns: readonly string[];
  readonly payerBan: string;
}

/** Input of the apply actor: one slice of numbers. */
export interface ApplyChunkInput {
  readonly action: ServiceAction;
  readonly pkg: CheckoutPackage | null;
  readonly sns: readonly string[];
  readonly payerBan: string;
}

/** What the server answers before the review (SV12): the chosen numbers that have it already (left out), the numbers
 *  the order goes to, and the total it charges for them (computed by the server, not summed by the client). */
export interface OrderQuote {
  readonly already: readonly string[];
  readonly sns: readonly string[];
  readonly total: number;
}

/** What the server confirmed for a slice: an outcome per number sent, and the balance left (when it has one). */
export interface ApplyChunkResult {
  readonly outcomes: readonly NumberOutcome[];
  readonly balance: number | null;
}

export interface AddonsCheckoutContext {
  readonly action: ServiceAction;
  readonly pkg: CheckoutPackage | null;
  readonly payerBan: string;
  /** the numbers of this run, in order (all chosen, or the failed ones on a retry) */
  readonly sns: readonly string[];
  /** chosen numbers that have it already: left out of the order and the total (SV12) */
  readonly already: readonly string[];
  /** the total the server quoted for `sns`; null when not quoted (then price × count) */
  readonly total: number | null;
  /** outcomes the server confirmed, in list order; their count is the progress */
  readonly outcomes: readonly NumberOutcome[];
  readonly balance: BalanceFacts | null;
  readonly error: string | null;
  /** the user asked to stop: the slice under way finishes, the rest is not sent */
  readonly stopping: boolean;
}

/**
 * Events of the services checkout.
 * - `checkout.start`: fact from the services page when the checkout opens: what was chosen (nothing chosen: empty).
 * - `quote.retry`: user intent after asking which numbers have it already failed.
 * - `checkout.confirm`: user intent on the review: go on (balance check first for a paid connection).
 * - `checkout.apply`: user intent after the balance check: apply (also when the balance covers only some numbers).
 * - `checkout.cancel`: user intent to cancel before anything is sent.
 * - `balance.retry`: user intent after the balance check failed.
 * - `apply.stop`: user intent while applying: stop after the slice under way.
 * - `apply.resume`: user intent after a slice failed: send the rest; `apply.finish`: leave the rest unsent.
 * - `result.retry`: user intent on the result: send the failed numbers again (not E124: they have it already).
 * - `checkout.close`: user intent on the result: back to the list (the checkout ends).
 */
export type AddonsCheckoutEvent =
  | { type: 'checkout.start'; order: CheckoutOrder }
  | { type: 'quote.retry' }
  | { type: 'checkout.confirm' }
  | { type: 'checkout.apply' }
  | { type: 'checkout.cancel' }
  | { type: 'balance.retry' }
  | { type: 'apply.stop' }
  | { type: 'apply.resume' }
  | { type: 'apply.finish' }
  | { type: 'result.retry' }
  | { type: 'checkout.close' };

/** Tags: `busy` a call is running; `applying` the run is under way (progress shown). */
export type AddonsCheckoutTag = 'busy' | 'applying';

/** The balance the check returns, as the parameter of `canAffordAll` and `assignBalance`. */
const balanceOf = ({ event }: { event: { output: BalanceFacts } }) => ({ balance: event.output });
const BALANCE_KEPT = { type: 'assignBalance', params: balanceOf } as const;

export const addonsCheckoutMachine = setup({
  types: {
    context: {} as AddonsCheckoutContext,
    events: {} as AddonsCheckoutEvent,
    meta: {} as StateMeta,
    tags: {} as AddonsCheckoutTag,
  },
  actors: {
    /** POST internet-package/quote: which chosen numbers have it already, and the total of the rest (SV12). */
    quoteOrder: unprovided<OrderQuote, CheckoutOrder>('quoteOrder'),
    /** GET internet-package/has-deposit and checkBalance. */
    checkBalance: unprovided<BalanceFacts, void>('checkBalance'),
    /** POST setup / setupFree / delete / deleteAgreement / setup-roaming / delete-roaming for one slice. */
    applyChunk: unprovided<ApplyChunkResult, ApplyChunkInput>('applyChunk'),
  },
  guards: {
    isEmptyOrder: (_, params: { order: CheckoutOrder }) => params.order.sns.length === 0,
    needsQuote: (_, params: { order: CheckoutOrder }) => canAlreadyHave(params.order.action),
    needsBalance: ({ context }) => needsBalanceCheck(context.action),
    isNothingLeft: ({ context }) => context.sns.length === 0,
    canAffordAll: ({ context }, params: { balance: BalanceFacts }) =>
      affordableCount(params.balance, context.pkg?.price ?? 0, context.sns.length) >= context.sns.length,
    hasMore: ({ context }) => context.outcomes.length < context.sns.length,
    isStopping: ({ context }) => context.stopping,
    hasRetryable: ({ context }) => retryNumbers(context.outcomes).length > 0,
  },
  actions: {
    assignOrder: assign((_, params: { order: CheckoutOrder }) => ({
      action: params.order.action,
      pkg: params.order.pkg,
      payerBan: params.order.payerBan,
      sns: params.order.sns,
      already: [],
      total: null,
      outcomes: [],
      balance: null,
      error: null,
      stopping: false,
    })),
    assignQuote: assign((_, params: { quote: OrderQuote }) => ({
      sns: params.quote.sns,
      already: params.quote.already,
      total: params.quote.total,
      error: null,
    })),
    assignBalance: assign((_, params: { balance: BalanceFacts }) => ({
      balance: params.balance,
      error: null,
    })),
    assignError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error) })),
    clearError: assign({ error: null }),
    /** Only the outcomes of the numbers of the slice sent count, in list order (SV7). */
    appendOutcomes: assign(({ context }, params: { result: ApplyChunkResult }) => {
      const sent = nextChunk(context.sns, context.outcomes.length);
      const bySn = new Map(params.result.outcomes.map((o) => [o.sn, o.code]));
      const confirmed: NumberOutcome[] = [];
      for (const sn of sent) {
        const code = bySn.get(sn);
        if (code === undefined) break;
        confirmed.push({ sn, code });
      }
      return {
        outcomes: [...context.outcomes, ...confirmed],
        balance:
          context.balance && params.result.balance !== null
            ? { ...context.balance, balance: params.result.balance }
            : context.balance,
        error: null,
      };
    }),
    markStopping: assign({ stopping: true }),
    /** The numbers not sent when the user stopped, or left after a failed slice, end as not sent. */
    markRestNotSent: assign(({ context }) => ({
      outcomes: [
        ...context.outcomes,
        ...context.sns.slice(context.outcomes.length).map((sn) => ({ sn, code: NOT_SENT })),
      ],
      stopping: false,
    })),
    startRetry: assign(({ context }) => ({
      sns: retryNumbers(context.outcomes),
      already: [],
      total: null,
      outcomes: [],
      stopping: false,
      error: null,
    })),
    tellLinesChanged: tellSystem(SYSTEM_IDS.services, { type: 'services.changed' }),
  },
}).createMachine({
  id: 'servicesCheckout',
  description:
    'Services checkout: review (numbers, package, payer BAN, total), balance check for a paid connection, applying ' +
    'slice by slice with the confirmed progress, result number by number, retry of the failed ones, cancel.',
  context: {
    action: 'connect',
    pkg: null,
    payerBan: '',
    sns: [],
    already: [],
    total: null,
    outcomes: [],
    balance: null,
    error: null,
    stopping: false,
  },
  initial: 'opening',
  states: {
    opening: {
      description: 'The checkout waits for what the services page chose.',
      meta: { view: 'the checkout title only' },
      on: {
        'checkout.start': [
          {
            guard: { type: 'isEmptyOrder', params: ({ event }) => ({ order: event.order }) },
            target: 'empty',
          },
          {
            guard: { type: 'needsQuote', params: ({ event }) => ({ order: event.order }) },
            target: 'quoting',
            actions: { type: 'assignOrder', params: ({ event }) => ({ order: event.order }) },
          },
          {
            target: 'reviewing',
            actions: { type: 'assignOrder', params: ({ event }) => ({ order: event.order }) },
          },
        ],
      },
    },
    quoting: {
      description:
        'Asks the server which chosen numbers have it already (left out of the order and the total) and the total of ' +
        'the rest (SV12).',
      meta: { view: 'the checkout busy: checking the numbers', testId: 'checkout-quoting' },
      tags: ['busy'],
      invoke: {
        id: 'quoteOrder',
        src: 'quoteOrder',
        input: ({ context }) => ({
          action: context.action,
          pkg: context.pkg,
          sns: context.sns,
          payerBan: context.payerBan,
        }),
        onDone: outputTo('reviewing', 'assignQuote', 'quote'),
        onError: failTo('quoteFailed'),
      },
    },
    quoteFailed: {
      description: 'The numbers could not be checked; retry or cancel.',
      meta: { view: 'error with retry and cancel', testId: 'checkout-quote-error' },
      on: retryOn('quote.retry', 'quoting', { 'checkout.cancel': 'cancelled' }),
    },
    reviewing: {
      description:
        'What will be done to which numbers, by which payer BAN and for how much; confirm or cancel.',
      meta: {
        view: 'the review: action, package, price, numbers, payer BAN, total',
        testId: 'checkout-review',
      },
      on: {
        'checkout.confirm': [
          { guard: 'isNothingLeft', description: 'every chosen number has it already: nothing to send' },
          { guard: 'needsBalance', target: 'checkingBalance' },
          { target: 'applying' },
        ],
        'checkout.cancel': 'cancelled',
      },
    },
    empty: {
      description: 'No number was chosen (the checkout was opened directly): back to the list.',
      meta: { view: 'nothing chosen, link back to the list', testId: 'checkout-empty' },
      type: 'final',
    },
    checkingBalance: {
      description: 'Checks whether the company pays from a deposit and what is left on it.',
      meta: { view: 'the review busy: checking the balance', testId: 'checkout-balance-checking' },
      tags: ['busy'],
      invoke: {
        id: 'checkBalance',
        src: 'checkBalance',
        onDone: [
          { guard: { type: 'canAffordAll', params: balanceOf }, target: 'funded', actions: BALANCE_KEPT },
          { target: 'short', actions: BALANCE_KEPT },
        ],
        onError: failTo('balanceFailed'),
      },
    },
    balanceFailed: {
      description: 'The balance could not be checked; retry or cancel.',
      meta: { view: 'error with retry and cancel', testId: 'checkout-balance-error' },
      on: retryOn('balance.retry', 'checkingBalance', { 'checkout.cancel': 'cancelled' }),
    },
    funded: {
      description: 'The balance covers every number: apply or cancel.',
      meta: { view: 'balance, total and the apply button', testId: 'checkout-apply' },
      on: { 'checkout.apply': 'applying', 'checkout.cancel': 'cancelled' },
    },
    short: {
      description:
        'The balance covers only some numbers (in list order): the rest will answer E031. Apply anyway or cancel.',
      meta: {
        view: 'warning: the balance covers N of M numbers; apply and cancel',
        testId: 'checkout-short',
      },
      on: { 'checkout.apply': 'applying', 'checkout.cancel': 'cancelled' },
    },
    applying: {
      description:
        'Sends the next slice of numbers; the progress counts only the outcomes the server confirmed. Stop finishes ' +
        'the slice under way and sends no more.',
      meta: { view: 'progress bar with confirmed/total and a stop button', testId: 'checkout-progress' },
      tags: ['busy', 'applying'],
      on: { 'apply.stop': { actions: 'markStopping' } },
      invoke: {
        id: 'applyChunk',
        src: 'applyChunk',
        input: ({ context }) => ({
          action: context.action,
          pkg: context.pkg,
          sns: nextChunk(context.sns, context.outcomes.length),
          payerBan: context.payerBan,
        }),
        onDone: [
          {
            guard: 'isStopping',
            target: 'result',
            actions: [
              { type: 'appendOutcomes', params: ({ event }) => ({ result: event.output }) },
              'markRestNotSent',
              'tellLinesChanged',
            ],
          },
          {
            target: 'continuing',
            actions: { type: 'appendOutcomes', params: ({ event }) => ({ result: event.output }) },
          },
        ],
        onError: failTo('applyFailed'),
      },
    },
    continuing: {
      description:
        'A slice was confirmed: send the next one, or show the result when every number has an outcome.',
      meta: { view: 'progress bar', testId: 'checkout-progress' },
      tags: ['busy', 'applying'],
      always: [
        { guard: 'hasMore', target: 'applying' },
        { target: 'result', actions: 'tellLinesChanged' },
      ],
    },
    applyFailed: {
      description:
        'A slice failed as a whole (network, session, server): the confirmed outcomes stay; send the rest or stop.',
      meta: { view: 'error, confirmed progress, resume and finish buttons', testId: 'checkout-apply-error' },
      on: retryOn('apply.resume', 'applying', {
        'apply.finish': { target: 'result', actions: ['markRestNotSent', 'tellLinesChanged'] },
      }),
    },
    result: {
      description:
        'The outcome of every number (accepted, E124, E123, E031, not sent); retry the failed ones.',
      meta: {
        view: 'summary and the list of numbers with their outcomes; retry button',
        testId: 'checkout-result',
      },
      on: {
        'result.retry': [
          {
            guard: 'hasRetryable',
            target: 'reviewing',
            actions: 'startRetry',
          },
          { description: 'nothing to retry: every number was accepted or already had it' },
        ],
        'checkout.close': 'closed',
      },
    },
    closed: {
      description: 'The result was closed: the page goes back to the list.',
      meta: { view: 'the list again (the checkout is left)' },
      type: 'final',
    },
    cancelled: {
      description: "Cancelled before anything was sent: 'Отменено / Вы отменили действие' (spec 4).",
      meta: { view: 'the cancelled message and a link back to the list', testId: 'checkout-cancelled' },
      type: 'final',
    },
  },
});

/** The checkout machine's type, for selectors, contexts and tests. */
export type AddonsCheckoutMachine = typeof addonsCheckoutMachine;
