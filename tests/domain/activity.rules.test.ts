import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_ACTIONS,
  activityPageCount,
  activityProblem,
  mayOpenActivityLog,
  parseActivityParams,
  sameActivityParams,
  shiftDay,
} from '@/domain/activity.rules';
import type { UserFacts } from '@/domain/roles.rules';
import { routeAccess } from '@/domain/routes.rules';

const ok = { from: '2026-11-01', to: '2026-11-30', type: '', user: '' };

describe('activity log filters (AL4)', () => {
  it.each([
    ['November', ok, null],
    ['one day', { ...ok, from: '2026-11-30' }, null],
    ['exactly a year, both ends included', { ...ok, from: '2025-11-30' }, null],
    ['a leap year whole', { ...ok, from: '2024-01-01', to: '2024-12-31' }, null],
    ['a year and a day', { ...ok, from: '2025-11-29' }, 'rangeTooLong'],
    ['the start after the end', { ...ok, from: '2026-12-01' }, 'badDate'],
    ['30 February', { ...ok, to: '2026-02-30' }, 'badDate'],
    ['no range', { ...ok, from: '', to: '' }, 'badDate'],
    ['a day written otherwise', { ...ok, from: '01.11.2026' }, 'badDate'],
    ['every known action', { ...ok, type: 'impersonation.end' }, null],
    ['an unknown action', { ...ok, type: 'drop' }, 'type'],
    ['a login', { ...ok, user: 'kurator.01@corp' }, null],
    ['a login with a space', { ...ok, user: 'a b' }, 'user'],
    ['Cyrillic', { ...ok, user: 'куратор' }, 'user'],
    ['101 characters', { ...ok, user: 'a'.repeat(101) }, 'user'],
  ] as const)('%s → %s', (_, p, problem) => {
    expect(activityProblem(p)).toBe(problem);
  });

  it('reads the URL: the last 30 days up to today without a range, a typed value kept, a bad page is 1', () => {
    const get = (q: string) => (name: string) => new URLSearchParams(q).get(name);
    expect(parseActivityParams(get(''), '2026-12-05')).toEqual({
      from: '2026-11-06',
      to: '2026-12-05',
      type: '',
      user: '',
      page: 1,
    });
    expect(
      parseActivityParams(get('from=2026-13-01&to=x&type=block&user=%20u1%20&page=0'), '2026-12-05'),
    ).toEqual({ from: '2026-13-01', to: 'x', type: 'block', user: 'u1', page: 1 });
    expect(parseActivityParams(get('from=2026-11-01&page=3'), '2026-12-05')).toMatchObject({
      to: '',
      page: 3,
    });
  });

  it('compares filters, shifts days across months and years, counts pages', () => {
    expect(sameActivityParams({ ...ok, page: 1 }, { ...ok, page: 1 })).toBe(true);
    expect(sameActivityParams({ ...ok, page: 1 }, { ...ok, page: 2 })).toBe(false);
    expect(sameActivityParams({ ...ok, page: 1 }, { ...ok, user: 'x', page: 1 })).toBe(false);
    expect(shiftDay('2026-01-01', -1)).toBe('2025-12-31');
    expect(shiftDay('2024-02-28', 1)).toBe('2024-02-29');
    expect([0, 1, 20, 21].map((n) => activityPageCount(n))).toEqual([0, 1, 1, 2]);
    expect(new Set(ACTIVITY_ACTIONS).size).toBe(ACTIVITY_ACTIONS.length);
  });
});

/** Who opens the log (AL6): the company's curator and key owner, staff who may search in the company they view. */
describe('who opens the activity log (AL6)', () => {
  const company = { at: 16, canBuyNumber: false, hasEmployeeData: true, budget: null, status: 'A' };
  const facts = (roles: string[], banSelected = false, features?: string[]): UserFacts => ({
    roles,
    forceChangePassword: false,
    profile: roles[0] === 'R002' && !banSelected ? null : company,
    banSelected,
    ...(features ? { features: new Set(features) } : {}),
  });
  it.each([
    ['the curator', facts(['R004']), true],
    ['the key owner', facts(['R007']), true],
    ['a subscriber', facts(['R001']), false],
    ['a curator whose backend has no log', facts(['R004'], false, ['employees']), false],
    ['helpdesk without a company in view', facts(['R002']), false],
    ['helpdesk in a company (helpdesk may not search, spec 6)', facts(['R002'], true), false],
    ['a B2B operator in a company', facts(['R008'], true), true],
    ['a call-centre operator in a company', facts(['R003'], true), true],
    ['OKK in a company (no search)', facts(['R010'], true), false],
    ['an administrator in a company', facts(['R000'], true), true],
  ] as const)('%s → %s', (_, f, may) => {
    expect(mayOpenActivityLog(f)).toBe(may);
    expect(routeAccess('/profile/activity?from=2026-11-01', f)).toBe(may ? 'allow' : 'landing');
  });
  it('asks a signed-out visitor to sign in', () => {
    expect(routeAccess('profile/activity', null)).toBe('login');
  });
});
