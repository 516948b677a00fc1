import { describe, expect, it } from 'vitest';
import { AUTH_PAGES, guardRoute, isAuthPage } from '@/domain/routes.rules';

describe('guardRoute (spec 2 "Guard")', () => {
  it.each([
    // route                                   authenticated  accountType  decision
    [{ public: true }, false, null, 'allow'],
    [{ public: true }, true, 5, 'allow'],
    [{ public: false }, false, null, 'login'],
    [{ public: false }, true, null, 'allow'],
    [{ public: false }, true, 16, 'allow'],
    [{ public: false, banExclude: true }, true, 5, 'landing'],
    [{ public: false, banExclude: true }, true, 15, 'landing'],
    [{ public: false, banExclude: true }, true, 40, 'landing'],
    [{ public: false, banExclude: true }, true, 16, 'allow'],
    [{ public: false, banExclude: true }, true, 20, 'allow'],
    [{ public: false, banExclude: true }, true, null, 'allow'],
    [{ public: false, banExclude: true }, false, 5, 'login'],
  ] as const)('%o authenticated=%s type=%s → %s', (route, authenticated, accountType, decision) => {
    expect(guardRoute(route, { authenticated, accountType })).toBe(decision);
  });
});

describe('Auth pages (spec 2: type is login, check, register, forgot or restore)', () => {
  it('lists exactly the five types', () => {
    expect([...AUTH_PAGES]).toEqual(['login', 'check', 'register', 'forgot', 'restore']);
  });
  it.each([
    ['login', true],
    ['restore', true],
    ['profile', false],
    ['', false],
    [undefined, false],
  ] as const)('isAuthPage(%s) = %s', (s, ok) => {
    expect(isAuthPage(s)).toBe(ok);
  });
});
