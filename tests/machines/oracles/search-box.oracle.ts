import type { ChartOracle } from '../../support/oracle';
import { codeOf, done, failed } from './oracle-helpers';

/**
 * Expected behaviour of the header search box: spec 2 "Search box has two modes", spec 5 "Search (choose)" and
 * "Search (editing)", spec 8 "A failed lookup shows the dialog 'Ошибка!'", decisions D24 and A1-A4.
 */

/** Spec 5 / D24, written out again here: the oracle does not use the domain's parser. */
function read(
  mode: string,
  input: string,
): { error: string } | { kind: 'sn' | 'ban' | 'query'; value: string } {
  if (mode === 'editing') {
    const value = input.trim();
    return [...value].length >= 3 ? { kind: 'query', value } : { error: 'SHORT3' };
  }
  // U1: the country code 998 before 9 digits reads as the domestic 8 (+998 90 123 45 67 → 8901234567)
  const raw = input.replace(/\D/g, '');
  const digits = raw.length === 12 && raw.startsWith('998') ? `8${raw.slice(3)}` : raw;
  if (digits.length > 10) return { error: 'MANYINVALID' };
  if (/^89[01]\d{7}$/.test(digits)) return { kind: 'sn', value: digits };
  if (/^\d{9}$/.test(digits)) return { kind: 'ban', value: digits };
  return { error: 'MANYINVALID' };
}

/** U1: a 9-digit BAN that is a number without its 8 (901234567 → 8901234567, by the same 89[01] rule). */
const asNumber = (c: Record<string, { kind: string; value: string } | null>) => {
  const t = c.target;
  return t && t.kind === 'ban' && /^9[01]\d{7}$/.test(t.value) ? `8${t.value}` : null;
};

const invalid = (c: Record<string, string>) => 'error' in read(c.mode as string, c.input as string);
const target = (c: Record<string, string>) => {
  const r = read(c.mode as string, c.input as string);
  return 'kind' in r && r.kind !== 'query' ? { kind: r.kind, value: r.value } : null;
};

export const searchBoxOracle: ChartOracle = {
  id: 'searchBox',
  initial: { to: 'idle' },
  // A1: the box opens in 'choose' (find a subscriber), empty; nothing is looked up, found or wrong yet
  context: () => ({
    mode: 'choose',
    input: '',
    inputError: null,
    target: null,
    found: null,
    errorCode: null,
  }),
  invokes: {
    // spec 7: GET client/sn/{n} or client/ban/{n}
    lookingUp: { lookup: (c) => c.target },
  },
  rows: [
    {
      from: '*',
      event: 'input.change',
      to: 'idle',
      ctx: (_, ev) => ({ input: ev.value, inputError: null, found: null }),
      spec: 'A2 the inline error stays until the input changes',
    },
    {
      from: '*',
      event: 'mode.select',
      to: 'idle',
      ctx: (_, ev) => ({ mode: ev.mode, inputError: null, found: null }),
      spec: 'A1 a mode change clears the inline error and any result',
    },
    {
      from: 'idle',
      event: 'search.submit',
      when: (c) => invalid(c),
      to: 'invalid',
      ctx: (c) => ({ inputError: (read(c.mode, c.input) as { error: string }).error, found: null }),
      spec: 'spec 5 MANYINVALID / SHORT3; A2 nothing is looked up',
    },
    {
      from: ['idle', 'found'],
      event: 'search.submit',
      when: (c) => c.mode === 'choose',
      to: 'lookingUp',
      reenter: true,
      ctx: (c) => ({ target: target(c), found: null, errorCode: null }),
      spec: 'spec 5 Search (choose); A3 a valid number or BAN is looked up first',
    },
    {
      from: 'idle',
      event: 'search.submit',
      to: '.',
      emits: (c) => [{ type: 'users.search', q: c.input.trim() }],
      spec: "spec 2 'editing' searches users; A1 navigates to the administration search",
    },
    {
      from: 'lookingUp',
      event: done('lookup'),
      to: 'found',
      ctx: (_, ev) => ({ found: ev.output }),
      spec: 'A3 the found account is offered with «Выбрать»',
    },
    {
      from: 'lookingUp',
      event: failed('lookup'),
      when: (c, ev) => codeOf(ev) === 'E018' && asNumber(c) !== null,
      to: 'offeringNumber',
      ctx: (_, ev) => ({ errorCode: codeOf(ev) }),
      spec: 'U1 a number-like BAN not found (E018): the dialog offers the number lookup',
    },
    {
      from: 'lookingUp',
      event: failed('lookup'),
      to: 'failed',
      ctx: (_, ev) => ({ errorCode: codeOf(ev) }),
      spec: "spec 8 a failed lookup shows 'Ошибка!'; A4",
    },
    {
      from: 'found',
      event: 'result.choose',
      to: 'idle',
      ctx: () => ({ found: null, errorCode: null, input: '', target: null }),
      // AR2: the chosen subscriber is handed to impersonation through the actor system (no emitted event); which
      // target it carries is checked on a test system in tests/machines/search-box.machine.test.ts
      effects: () => [{ type: 'chooseSubscriber' }],
      spec: 'A3 only choosing starts the impersonation, the box is then emptied; AR2 the search box hands the chosen subscriber to impersonation',
    },
    {
      from: 'found',
      event: 'result.dismiss',
      to: 'idle',
      ctx: () => ({ found: null, errorCode: null }),
      spec: 'A3',
    },
    {
      from: 'offeringNumber',
      event: 'search.asNumber',
      to: 'lookingUp',
      ctx: (c) => ({ target: { kind: 'sn', value: asNumber(c) }, found: null, errorCode: null }),
      spec: 'U1 look the number 8901234567 up instead of the BAN',
    },
    {
      from: ['failed', 'offeringNumber'],
      event: 'error.dismiss',
      to: 'idle',
      ctx: () => ({ found: null, errorCode: null }),
      spec: "spec 8 'Ошибка!' dialog closes",
    },
  ],
};
