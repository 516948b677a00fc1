import { describe, expect, it } from 'vitest';
import {
  affordableCount,
  canAfford,
  checkoutTotal,
  DEFAULT_SERVICES_PARAMS,
  inScope,
  isRetryable,
  keepsSelection,
  mayUseAddons,
  needsBalanceCheck,
  nextChunk,
  outcomeSummary,
  parseAddonsParams,
  parseCheckoutParams,
  retryNumbers,
  SALE_PACKAGE,
  SERVICE_DOCUMENT_TYPE,
  saleHref,
  sameEmployeeList,
  serviceDocumentsHref,
  toggleSelection,
} from '@/domain/addons.rules';
import type { ProfileFacts, UserFacts } from '@/domain/roles.rules';

const profile = (p: Partial<ProfileFacts> = {}): ProfileFacts => ({
  at: 16,
  canBuyNumber: false,
  hasEmployeeData: true,
  budget: null,
  ...p,
});
const user = (roles: string[], p: ProfileFacts | null, banSelected = false): UserFacts => ({
  roles,
  forceChangePassword: false,
  profile: p,
  banSelected,
});

describe('who may use services (spec 6; SV1)', () => {
  it.each([
    ['curator of a type-16 account', user(['R004'], profile()), true],
    ['curator of a type-5 account', user(['R004'], profile({ at: 5, canBuyNumber: true })), false],
    ['curator of a type-40 account', user(['R004'], profile({ at: 40 })), false],
    ['key owner of a type-20 account', user(['R007'], profile({ at: 20 })), true],
    ['subscriber without a budget, type 20', user(['R001'], profile({ at: 20 })), true],
    ['subscriber with a budget', user(['R001'], profile({ at: 20, budget: 150_000 })), false],
    ['subscriber with a budget of 0', user(['R001'], profile({ at: 20, budget: 0 })), false],
    ['subscriber of a type-15 account', user(['R001'], profile({ at: 15 })), false],
    ['administrator', user(['R000'], null), false],
    ['OKK operator', user(['R010'], null), false],
    ['curator viewing a selected BAN', user(['R004'], profile(), true), false],
  ])('%s → %s', (_, facts, expected) => {
    expect(mayUseAddons(facts)).toBe(expected);
  });

  it('holds every number to the caller’s company, a subscriber to their own number', () => {
    const banOf = (sn: string) => (sn.startsWith('90') ? '100388204' : '100457732');
    expect(inScope({ ban: '100388204', onlySn: null }, ['901', '902'], banOf)).toBe(true);
    expect(inScope({ ban: '100388204', onlySn: null }, ['901', '911'], banOf)).toBe(false);
    expect(inScope({ ban: '100388204', onlySn: '901' }, ['901'], banOf)).toBe(true);
    expect(inScope({ ban: '100388204', onlySn: '901' }, ['902'], banOf)).toBe(false);
  });
});

describe('where the result sends the user for the service document (spec 6; SV11)', () => {
  // spec 6: the key owner's menu has documents; the curator's and the subscriber's do not
  it.each([
    ['key owner of a type-20 account', user(['R007'], profile({ at: 20 })), '/onlinee-sales?tab=services'],
    ['curator of a type-16 account', user(['R004'], profile({ canBuyNumber: true })), null],
    ['subscriber without a budget', user(['R001'], profile({ at: 20 })), null],
    ['nobody signed in', null, null],
  ])('%s → %s', (_, facts, expected) => {
    expect(serviceDocumentsHref(facts)).toBe(expected);
  });
});

describe('balance and the per-number debit (SV7)', () => {
  it.each([
    [{ hasDeposit: true, balance: 135_000 }, 45_000, 3, 3],
    [{ hasDeposit: true, balance: 134_999 }, 45_000, 3, 2],
    [{ hasDeposit: true, balance: 0 }, 45_000, 3, 0],
    [{ hasDeposit: true, balance: -5 }, 45_000, 3, 0],
    [{ hasDeposit: false, balance: 0 }, 45_000, 3, 3],
    [{ hasDeposit: true, balance: 0 }, 0, 3, 3],
  ])('%o pays %i for %i numbers: covers %i', (b, price, count, covers) => {
    expect(affordableCount(b, price, count)).toBe(covers);
    expect(canAfford(b, price, count)).toBe(covers === count);
  });

  it('totals in sums, checks the balance only for a paid connection', () => {
    expect(checkoutTotal(45_000, 3)).toBe(135_000);
    expect(checkoutTotal(0.1, 3)).toBe(0.3);
    expect(needsBalanceCheck('connect')).toBe(true);
    for (const a of ['connectFree', 'disconnect', 'cancelAgreement', 'roamingOn', 'roamingOff'] as const)
      expect(needsBalanceCheck(a)).toBe(false);
  });

  it('slices the list and retries all failures but E124', () => {
    const sns = Array.from({ length: 60 }, (_, i) => String(i));
    expect(nextChunk(sns, 0)).toEqual(sns.slice(0, 25));
    expect(nextChunk(sns, 50)).toEqual(sns.slice(50));
    expect(nextChunk(sns, 60)).toEqual([]);
    const outcomes = [
      { sn: 'a', code: 'accepted' },
      { sn: 'b', code: 'E124' },
      { sn: 'c', code: 'E123' },
      { sn: 'd', code: 'E031' },
      { sn: 'e', code: 'cancelled' },
    ];
    expect(retryNumbers(outcomes)).toEqual(['c', 'd', 'e']);
    expect(isRetryable('E124')).toBe(false);
    expect(outcomeSummary(outcomes)).toEqual({
      accepted: 1,
      failed: 4,
      byCode: { E124: 1, E123: 1, E031: 1, cancelled: 1 },
    });
  });

  it('issues one document type per action, all within spec 3’s services types', () => {
    expect(Object.values(SERVICE_DOCUMENT_TYPE).sort((a, b) => a - b)).toEqual([8, 10, 11, 12, 13, 14]);
  });
});

describe('the list in the URL and the selection (SV3)', () => {
  it('reads and falls back', () => {
    const read = (q: string) => parseAddonsParams((n) => new URLSearchParams(q).get(n));
    expect(read('')).toEqual(DEFAULT_SERVICES_PARAMS);
    expect(read('list=disconnect&group=daily&package=IP_D1&q=%2090%20&page=3')).toEqual({
      list: 'disconnect',
      group: 'daily',
      soc: 'IP_D1',
      q: '90',
      page: 3,
    });
    expect(read('list=x&group=<b>&package=<script>&page=-1')).toEqual(DEFAULT_SERVICES_PARAMS);
    const checkout = (q: string) => parseCheckoutParams((n) => new URLSearchParams(q).get(n));
    expect(checkout('page=2&payerBan=100388204&action=roamingOn')).toEqual({
      page: 2,
      payerBan: '100388204',
      action: 'roamingOn',
    });
    expect(checkout('payerBan=abc&action=drop')).toEqual({ page: 1, payerBan: null, action: 'connect' });
  });

  it('the package alone is the same list; search and paging keep the selection, another list does not', () => {
    const a = DEFAULT_SERVICES_PARAMS;
    expect(sameEmployeeList(a, { ...a, soc: 'IP_M20' })).toBe(true);
    expect(sameEmployeeList(a, { ...a, page: 2 })).toBe(false);
    expect(keepsSelection(a, { ...a, q: '90', page: 4 })).toBe(true);
    expect(keepsSelection(a, { ...a, group: 'daily' })).toBe(false);
    expect(keepsSelection(a, { ...a, list: 'promo' })).toBe(false);
  });

  it('adds without duplicates in the order chosen, removes, and stops at the limit', () => {
    expect(toggleSelection(['1'], ['2', '1', '3'], true)).toEqual(['1', '2', '3']);
    expect(toggleSelection(['1', '2', '3'], ['2'], false)).toEqual(['1', '3']);
    // SV3's 5 000, written out: the 5 000th number is kept, the 5 001st is not
    const many = Array.from({ length: 5010 }, (_, i) => String(i));
    expect(toggleSelection([], many, true)).toEqual(many.slice(0, 5000));
    expect(toggleSelection(many.slice(0, 4999), many.slice(4999), true)).toEqual(many.slice(0, 5000));
  });

  it('the sale widget opens the promoted package', () => {
    expect(saleHref()).toBe(`/services?group=${SALE_PACKAGE.group}&package=${SALE_PACKAGE.soc}`);
    expect(parseAddonsParams((n) => new URL(`http://x${saleHref()}`).searchParams.get(n)).soc).toBe('IP_M20');
  });
});
