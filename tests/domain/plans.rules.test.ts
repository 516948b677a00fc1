import { describe, expect, it } from 'vitest';
import {
  isPlanCancellable,
  isPlanStatus,
  mayManagePlans,
  mayReadPlans,
  PLAN_MAX_DAYS,
  PLAN_STATUSES,
  parsePlansParams,
  planFailureOf,
  planHour,
  planProblem,
  planRunAt,
  plansProblem,
  samePlansParams,
} from '@/domain/plans.rules';
import type { UserFacts } from '@/domain/roles.rules';
import { PLANS_PATH, routeAccess } from '@/domain/routes.rules';

/** Planned blocks and restores (docs/decisions.md SP1, SP4): the days and hours a plan may name, when it runs, who. */

// 2026-12-01 23:30 in Tashkent (18:30 UTC): "today" is the 1st there though it is still the 1st in UTC too
const NOW = Date.UTC(2026, 11, 1, 18, 30);
// 2026-12-01 19:30 UTC is already the 2nd in Tashkent
const AFTER_MIDNIGHT = Date.UTC(2026, 11, 1, 19, 30);

describe('the day and hour of a plan (SP1)', () => {
  it.each([
    ['tomorrow, a block', { action: 'block', date: '2026-12-02' }, null],
    ['a block with hour 0', { action: 'block', date: '2026-12-02', hour: 0 }, null],
    ['today', { action: 'block', date: '2026-12-01' }, 'pastDate'],
    ['yesterday', { action: 'block', date: '2026-11-30' }, 'pastDate'],
    [`day ${PLAN_MAX_DAYS}`, { action: 'block', date: '2027-03-01' }, null],
    [`day ${PLAN_MAX_DAYS + 1}`, { action: 'block', date: '2027-03-02' }, 'tooFar'],
    ['30 February', { action: 'block', date: '2027-02-30' }, 'badDate'],
    ['not a day', { action: 'block', date: '12.12.2026' }, 'badDate'],
    ['a block at 5', { action: 'block', date: '2026-12-12', hour: 5 }, 'badHour'],
    ['a restore at 9', { action: 'restore', date: '2026-12-12', hour: 9 }, null],
    ['a restore at 0', { action: 'restore', date: '2026-12-12', hour: 0 }, null],
    ['a restore at 23', { action: 'restore', date: '2026-12-12', hour: 23 }, null],
    ['a restore at 24', { action: 'restore', date: '2026-12-12', hour: 24 }, 'badHour'],
    ['a restore at -1', { action: 'restore', date: '2026-12-12', hour: -1 }, 'badHour'],
    ['a restore without an hour', { action: 'restore', date: '2026-12-12' }, 'badHour'],
    ['a restore at 9.5', { action: 'restore', date: '2026-12-12', hour: 9.5 }, 'badHour'],
  ] as const)('%s → %s', (_, p, problem) => {
    expect(planProblem(p, NOW)).toBe(problem);
  });

  it('counts days in Tashkent: after its midnight, "tomorrow" is a day later', () => {
    expect(planProblem({ action: 'block', date: '2026-12-02' }, AFTER_MIDNIGHT)).toBe('pastDate');
    expect(planProblem({ action: 'block', date: '2027-03-02' }, AFTER_MIDNIGHT)).toBeNull();
  });

  it('runs a block at 00:00 Tashkent of its day and a restore at its hour there', () => {
    expect(new Date(planRunAt('block', '2026-12-12', 0)).toISOString()).toBe('2026-12-11T19:00:00.000Z');
    expect(new Date(planRunAt('block', '2026-12-12', undefined)).toISOString()).toBe(
      '2026-12-11T19:00:00.000Z',
    );
    expect(new Date(planRunAt('restore', '2026-12-12', 9)).toISOString()).toBe('2026-12-12T04:00:00.000Z');
    expect([planHour('block', undefined), planHour('restore', 7)]).toEqual([0, 7]);
  });
});

describe('who manages and reads plans (SP4)', () => {
  const company = { at: 5, canBuyNumber: true, hasEmployeeData: false, budget: null, status: 'A' };
  const facts = (roles: string[], banSelected = false, features?: string[]): UserFacts => ({
    roles,
    forceChangePassword: false,
    profile: roles[0] === 'R002' && !banSelected ? null : company,
    banSelected,
    ...(features ? { features: new Set(features) } : {}),
  });
  it.each([
    ['the curator', facts(['R004']), true, true],
    ['the key owner', facts(['R007']), true, true],
    ['a subscriber', facts(['R001']), false, false],
    ['a curator whose backend has no plans', facts(['R004'], false, ['activityLog']), false, false],
    ['helpdesk without a company in view', facts(['R002']), false, false],
    ['helpdesk in a company (no search)', facts(['R002'], true), false, false],
    ['a B2B operator in a company', facts(['R008'], true), false, true],
    ['a call-centre operator in a company', facts(['R003'], true), false, true],
    ['OKK in a company (no search)', facts(['R010'], true), false, false],
    ['an administrator in a company', facts(['R000'], true), false, true],
  ] as const)('%s: manages %s, reads %s', (_, f, manages, reads) => {
    expect(mayManagePlans(f)).toBe(manages);
    expect(mayReadPlans(f)).toBe(reads);
    // SP9: the list page opens for exactly who reads plans
    expect(routeAccess('/profile/plans?status=scheduled&page=2', f)).toBe(reads ? 'allow' : 'landing');
    expect(routeAccess(PLANS_PATH, f)).toBe(reads ? 'allow' : 'landing');
  });
  it('asks a signed-out visitor to sign in', () => {
    expect(routeAccess('profile/plans', null)).toBe('login');
  });
});

describe("the plans' list (SP9)", () => {
  const get = (q: string) => (name: string) => new URLSearchParams(q).get(name);
  it.each([
    ['nothing: every status, page 1', '', { status: '', page: 1 }, null],
    ['a status and a page', 'status=scheduled&page=3', { status: 'scheduled', page: 3 }, null],
    ['every status the issue lists', 'status=partial', { status: 'partial', page: 1 }, null],
    [
      'a status plans do not have, kept as typed',
      'status=postponed',
      { status: 'postponed', page: 1 },
      'status',
    ],
    ['a status in another case', 'status=Scheduled', { status: 'Scheduled', page: 1 }, 'status'],
    ['spaces around', 'status=%20done%20', { status: 'done', page: 1 }, null],
    ['page 0', 'page=0', { status: '', page: 1 }, null],
    ['a page that is no number', 'page=x2', { status: '', page: 1 }, null],
  ] as const)('%s', (_, q, params, problem) => {
    expect(parsePlansParams(get(q))).toEqual(params);
    expect(plansProblem(parsePlansParams(get(q)))).toBe(problem);
  });

  it('knows the six statuses; only a scheduled plan is cancelled (SP7)', () => {
    expect(PLAN_STATUSES).toEqual(['scheduled', 'applying', 'done', 'partial', 'failed', 'cancelled']);
    expect(PLAN_STATUSES.filter(isPlanCancellable)).toEqual(['scheduled']);
    expect(isPlanStatus('postponed')).toBe(false);
    expect(samePlansParams({ status: '', page: 1 }, { status: '', page: 1 })).toBe(true);
    expect(samePlansParams({ status: '', page: 1 }, { status: 'done', page: 1 })).toBe(false);
    expect(samePlansParams({ status: '', page: 1 }, { status: '', page: 2 })).toBe(false);
  });

  it.each([
    [null, null],
    ['priceChanged', { kind: 'known', name: 'priceChanged' }],
    ['creatorInactive', { kind: 'known', name: 'creatorInactive' }],
    ['numbersFailed', { kind: 'known', name: 'numbersFailed' }],
    ['E005', { kind: 'code', code: 'E005' }],
    ['E042: Лицевой счёт не активен', { kind: 'code', code: 'E042' }],
    ['something else', { kind: 'other', text: 'something else' }],
  ] as const)('reads the reason %s', (reason, read) => {
    expect(planFailureOf(reason)).toEqual(read);
  });
});
