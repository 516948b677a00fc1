import type { ChartOracle, Ctx, Ev } from '../../support/oracle';
import { codeOf, done, failed } from './oracle-helpers';

/**
 * Expected behaviour of the services checkout: spec 7 (checkBalance, has-deposit, setup, setupFree, delete,
 * deleteAgreement, setup-roaming, delete-roaming), spec 8 (E031 insufficient balance, E123 connection limit, E124
 * service already connected; a failed call shows an error), spec 4 "Cancelling shows 'Отменено / Вы отменили
 * действие'", and decisions SV6-SV7: only a paid connection checks the balance; numbers go in slices of 25 and the
 * progress counts only outcomes the server confirmed; a stop lets the slice under way finish; the result lists every
 * number; retry sends the failed ones again, not those that already have the service (E124). Written from those
 * lines, not from the chart.
 */

/** SV7: numbers per call. */
const SLICE = 25;
/** SV7: the slice sent next: the numbers after those with a confirmed outcome. */
const slice = (c: Ctx): string[] => c.sns.slice(c.outcomes.length, c.outcomes.length + SLICE);
/** SV7: the slice's numbers the reply confirmed, in list order, up to the first it left out. */
function confirmed(c: Ctx, ev: Ev): { sn: string; code: string }[] {
  const out: { sn: string; code: string }[] = [];
  for (const sn of slice(c)) {
    const hit = ev.output.outcomes.find((o: { sn: string }) => o.sn === sn);
    if (!hit) break;
    out.push({ sn, code: hit.code });
  }
  return out;
}
const afterSlice = (c: Ctx, ev: Ev) => [...c.outcomes, ...confirmed(c, ev)];
/** SV7: what the numbers left unsent end as when the run is stopped. */
const notSent = (c: Ctx, outcomes: readonly { sn: string }[]) =>
  c.sns.slice(outcomes.length).map((sn: string) => ({ sn, code: 'cancelled' }));
/** SV6: failed numbers worth sending again: all but accepted and E124. */
const retryable = (outcomes: readonly { sn: string; code: string }[]) =>
  outcomes.filter((o) => o.code !== 'accepted' && o.code !== 'E124').map((o) => o.sn);
/** The balance left after a slice, when the company has a deposit (SV7). */
const balanceAfter = (c: Ctx, ev: Ev) =>
  c.balance && ev.output.balance !== null ? { ...c.balance, balance: ev.output.balance } : c.balance;
/** spec 7 checkBalance: the deposit pays for every number in list order (no deposit: on the invoice, SV7). */
const coversAll = (c: Ctx, b: { hasDeposit: boolean; balance: number }) =>
  !b.hasDeposit || (c.pkg?.price ?? 0) <= 0 || Math.floor(b.balance / c.pkg.price) >= c.sns.length;
/** SV12 / spec 8 E124: the actions a chosen number may already have done (the package, the free one, roaming on). */
const mayHaveIt = (action: string) => ['connect', 'connectFree', 'roamingOn'].includes(action);

/** SV6: when a run ends the services page is told its lines changed (through the actor system). */
const linesChanged = () => [{ type: 'tellLinesChanged' }];

export const servicesCheckoutOracle: ChartOracle = {
  id: 'servicesCheckout',
  initial: { to: 'opening' },
  // SV6: the order arrives with checkout.start; until then nothing is chosen, quoted, checked or sent (the action
  // reads SV6's first, connect, and no step reads it before the order arrives)
  context: () => ({
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
  }),
  invokes: {
    quoting: {
      quoteOrder: (c) => ({ action: c.action, pkg: c.pkg, sns: c.sns, payerBan: c.payerBan }),
    },
    checkingBalance: { checkBalance: () => undefined },
    applying: {
      applyChunk: (c) => ({ action: c.action, pkg: c.pkg, sns: slice(c), payerBan: c.payerBan }),
    },
  },
  rows: [
    {
      from: 'opening',
      event: 'checkout.start',
      when: (_, ev) => ev.order.sns.length === 0,
      to: 'empty',
      spec: 'SV6 a checkout opened with no number chosen shows a way back',
    },
    {
      from: 'opening',
      event: 'checkout.start',
      when: (_, ev) => mayHaveIt(ev.order.action),
      to: 'quoting',
      ctx: (_, ev) => ({
        action: ev.order.action,
        pkg: ev.order.pkg,
        sns: ev.order.sns,
        payerBan: ev.order.payerBan,
        already: [],
        total: null,
        outcomes: [],
        balance: null,
        stopping: false,
      }),
      spec: 'SV12 spec 8 E124: before the review the server says which chosen numbers have it already',
    },
    {
      from: 'opening',
      event: 'checkout.start',
      to: 'reviewing',
      ctx: (_, ev) => ({
        action: ev.order.action,
        pkg: ev.order.pkg,
        sns: ev.order.sns,
        payerBan: ev.order.payerBan,
        already: [],
        total: null,
        outcomes: [],
        balance: null,
        stopping: false,
      }),
      spec: 'spec 2 /services/checkout (page, payerBan): the chosen package(s), numbers and payer BAN reviewed',
    },
    {
      from: 'quoting',
      event: done('quoteOrder'),
      to: 'reviewing',
      ctx: (_, ev) => ({
        sns: ev.output.sns,
        already: ev.output.already,
        total: ev.output.total,
        error: null,
      }),
      spec: 'SV12 numbers that have it are left out of the order and the total; the total is the server’s',
    },
    {
      from: 'quoting',
      event: failed('quoteOrder'),
      to: 'quoteFailed',
      ctx: (_, ev) => ({ error: codeOf(ev) }),
      spec: 'spec 8 a failed call shows an error, with a retry',
    },
    {
      from: 'quoteFailed',
      event: 'quote.retry',
      to: 'quoting',
      ctx: () => ({ error: null }),
      spec: 'SV12 ask again',
    },
    {
      from: 'reviewing',
      event: 'checkout.confirm',
      when: (c) => c.sns.length === 0,
      to: '.',
      spec: 'SV12 every chosen number has it already: nothing to send',
    },
    {
      from: 'reviewing',
      event: 'checkout.confirm',
      when: (c) => c.action === 'connect',
      to: 'checkingBalance',
      spec: 'spec 7 checkBalance, has-deposit before a paid connection (SV7)',
    },
    {
      from: 'reviewing',
      event: 'checkout.confirm',
      to: 'applying',
      spec: 'SV6 disconnecting, roaming and the free package need no balance check',
    },
    {
      from: ['reviewing', 'quoteFailed', 'balanceFailed', 'funded', 'short'],
      event: 'checkout.cancel',
      to: 'cancelled',
      spec: "spec 4 cancelling shows 'Отменено / Вы отменили действие'",
    },
    {
      from: 'checkingBalance',
      event: done('checkBalance'),
      when: (c, ev) => coversAll(c, ev.output),
      to: 'funded',
      ctx: (_, ev) => ({ balance: ev.output, error: null }),
      spec: 'spec 7 checkBalance: the balance covers every number',
    },
    {
      from: 'checkingBalance',
      event: done('checkBalance'),
      to: 'short',
      ctx: (_, ev) => ({ balance: ev.output, error: null }),
      spec: 'spec 8 E031 insufficient balance foreseen: only the first numbers are covered (SV7)',
    },
    {
      from: 'checkingBalance',
      event: failed('checkBalance'),
      to: 'balanceFailed',
      ctx: (_, ev) => ({ error: codeOf(ev) }),
      spec: 'spec 8 a failed call shows an error, with a retry (SV6)',
    },
    {
      from: 'balanceFailed',
      event: 'balance.retry',
      to: 'checkingBalance',
      ctx: () => ({ error: null }),
      spec: 'SV6 check the balance again',
    },
    {
      from: ['funded', 'short'],
      event: 'checkout.apply',
      to: 'applying',
      spec: 'spec 7 setup per number; with a short balance the rest answer E031 (SV7)',
    },
    {
      from: 'applying',
      event: 'apply.stop',
      to: '.',
      ctx: () => ({ stopping: true }),
      spec: 'SV7 stop: the slice under way finishes, no more are sent',
    },
    {
      from: 'applying',
      event: done('applyChunk'),
      when: (c) => c.stopping,
      to: 'result',
      ctx: (c, ev) => {
        const outcomes = afterSlice(c, ev);
        return {
          outcomes: [...outcomes, ...notSent(c, outcomes)],
          stopping: false,
          balance: balanceAfter(c, ev),
        };
      },
      effects: linesChanged,
      spec: 'SV7 stopped: the confirmed outcomes and the rest not sent',
    },
    {
      from: 'applying',
      event: done('applyChunk'),
      when: (c, ev) => afterSlice(c, ev).length < c.sns.length,
      to: 'applying',
      reenter: true,
      ctx: (c, ev) => ({ outcomes: afterSlice(c, ev), balance: balanceAfter(c, ev) }),
      spec: 'SV7 the progress counts the outcomes the server confirmed; the next slice goes',
    },
    {
      from: 'applying',
      event: done('applyChunk'),
      to: 'result',
      ctx: (c, ev) => ({ outcomes: afterSlice(c, ev), balance: balanceAfter(c, ev) }),
      effects: linesChanged,
      spec: 'spec 8 per number: accepted, E124, E123, E031 (SV7)',
    },
    {
      from: 'applying',
      event: failed('applyChunk'),
      to: 'applyFailed',
      ctx: (c, ev) => ({ error: codeOf(ev), outcomes: c.outcomes }),
      spec: 'spec 8 a failed call shows an error; the confirmed outcomes stay (SV7)',
    },
    {
      from: 'applyFailed',
      event: 'apply.resume',
      to: 'applying',
      ctx: (c) => ({ error: null, outcomes: c.outcomes }),
      spec: 'SV7 send the numbers without an outcome',
    },
    {
      from: 'applyFailed',
      event: 'apply.finish',
      to: 'result',
      ctx: (c) => ({ outcomes: [...c.outcomes, ...notSent(c, c.outcomes)], stopping: false }),
      effects: linesChanged,
      spec: 'SV7 finish: the rest not sent',
    },
    {
      from: 'result',
      event: 'result.retry',
      when: (c) => retryable(c.outcomes).length > 0,
      to: 'reviewing',
      ctx: (c) => ({
        sns: retryable(c.outcomes),
        already: [],
        total: null,
        outcomes: [],
        stopping: false,
        error: null,
      }),
      spec: 'SV6 retry the failed ones (not E124: they have it already), reviewed again',
    },
    {
      from: 'result',
      event: 'checkout.close',
      to: 'closed',
      spec: 'SV6 back to the list; the checkout ends',
    },
  ],
};
