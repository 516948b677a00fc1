import { describe, expect, it } from 'vitest';
import { onboardingPageOf, ssoHref } from '@/domain/public-pages.rules';
import type { UserFacts } from '@/domain/roles.rules';
import {
  AUTH_PAGES,
  type GuardDecision,
  isAuthPage,
  isPublicPath,
  routeAccess,
  ssoNoticeOf,
} from '@/domain/routes.rules';

/** Users of spec 6, as the session's facts (the first role decides). */
const profileOf = (at: number, canBuyNumber = false) => ({
  at,
  canBuyNumber,
  hasEmployeeData: false,
  budget: null,
  status: 'A',
});
const USERS = {
  signedOut: null,
  subscriber15: { roles: ['R001'], forceChangePassword: false, profile: profileOf(15), banSelected: false },
  curator16: {
    roles: ['R004'],
    forceChangePassword: false,
    profile: profileOf(16, true),
    banSelected: false,
  },
  curator5: { roles: ['R004'], forceChangePassword: false, profile: profileOf(5, true), banSelected: false },
  forcedCurator: { roles: ['R004'], forceChangePassword: true, profile: profileOf(16), banSelected: false },
  helpdesk: { roles: ['R002'], forceChangePassword: false, profile: null, banSelected: false },
  admin: { roles: ['R000'], forceChangePassword: false, profile: null, banSelected: false },
  okk: { roles: ['R010'], forceChangePassword: false, profile: null, banSelected: false },
  operator: { roles: ['R008'], forceChangePassword: false, profile: null, banSelected: false },
} satisfies Record<string, UserFacts | null>;
type Who = keyof typeof USERS;

const A: GuardDecision = 'allow';
const L: GuardDecision = 'landing';
const G: GuardDecision = 'login';

/**
 * The role × route grid of spec 2 'Guard' and spec 6 'Navigation visibility' (a page opens when its entry is in the
 * user's navigation; the administration by the config flag; services never for types 5, 15, 40). Columns:
 * signedOut, subscriber15, curator16, curator5, forcedCurator, helpdesk, admin, okk, operator.
 */
const GRID: Record<string, readonly GuardDecision[]> = {
  '/login': [A, A, A, A, A, A, A, A, A],
  '/new-client': [A, A, A, A, A, A, A, A, A],
  '/new-numbers': [A, A, A, A, A, A, A, A, A],
  '/profile': [G, A, A, A, L, L, L, L, L],
  '/settings': [G, A, A, A, A, A, A, A, A],
  '/purchase': [G, L, A, A, L, L, L, L, L],
  '/orders/5': [G, L, L, L, L, L, A, L, A],
  '/administration/search': [G, L, L, L, L, A, A, L, A],
  '/agreement-registration': [G, L, L, L, L, L, A, L, A],
  '/at39-registration/new': [G, L, L, L, L, L, L, L, A],
  '/debt-control': [G, L, L, L, L, L, L, A, L],
  '/services': [G, L, A, L, L, L, L, L, L],
  '/services/checkout?page=1': [G, L, A, L, L, L, L, L, L],
};

describe('routeAccess: one policy for the shell guard, the redirect after sign-in and the server', () => {
  const who = Object.keys(USERS) as Who[];
  for (const [path, row] of Object.entries(GRID)) {
    it.each(who.map((w, i) => [w, row[i]] as const))(`${path}: %s → %s`, (w, decision) => {
      expect(routeAccess(path, USERS[w])).toBe(decision);
    });
  }

  it('reads the path with or without its leading slash, query or hash', () => {
    expect(routeAccess('administration/search?q=ova', USERS.subscriber15)).toBe('landing');
    expect(routeAccess('/administration/search#top', USERS.admin)).toBe('allow');
  });

  it('sends a signed-in user away from a path no section owns', () => {
    expect(routeAccess('/nowhere', USERS.admin)).toBe('landing');
  });

  it.each([
    ['/login', true],
    ['register', true],
    ['/new-client', true],
    ['/profile', false],
    ['/debt-control', false],
  ] as const)('isPublicPath(%s) = %s', (path, open) => {
    expect(isPublicPath(path)).toBe(open);
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

describe('staff single sign-on link and answer (decisions SSO1, SSO4)', () => {
  it('adds the language to the entry, keeping a query the address already has', () => {
    expect(ssoHref('/api/v1/adfs/initialise-authorization', 'uz')).toBe(
      '/api/v1/adfs/initialise-authorization?lang=uz',
    );
    expect(ssoHref('https://sso.example/start?x=1', 'ru')).toBe('https://sso.example/start?x=1&lang=ru');
  });

  it.each([
    ['?sso=failed', 'failed'],
    ['sso=unavailable', 'unavailable'],
    ['?sso=other', null],
    ['', null],
  ] as const)('reads %s as %s', (search, notice) => {
    expect(ssoNoticeOf(search)).toBe(notice);
  });
});

describe('onboardingPageOf: which addresses start the public root (NC15)', () => {
  it.each([
    ['/ru/new-client', 'new-client'],
    ['/uz/new-numbers', 'new-numbers'],
    ['/ru/new-numbers/', 'new-numbers'],
    ['/uz/new-client?x=1#top', 'new-client'],
  ] as const)('%s is the page %s', (path, page) => {
    expect(onboardingPageOf(path)).toBe(page);
  });

  it.each([
    '/',
    '/ru',
    '/ru/login',
    '/ru/profile',
    '/en/new-client',
    '/new-client',
    '/ru/new-client/extra',
    '/ru/new-clients',
    '/ru/administration/new-client',
  ])('%s is not', (path) => {
    expect(onboardingPageOf(path)).toBeNull();
  });
});

describe('what the backend does not offer is neither shown nor opened (CAP1)', () => {
  const none = new Set<never>();
  const keyOwner: UserFacts = {
    roles: ['R007'],
    forceChangePassword: false,
    profile: { ...profileOf(16, true), hasEmployeeData: true },
    banSelected: false,
  };

  it.each([
    ['okk', '/debt-control'],
    ['operator', '/agreement-registration'],
    ['operator', '/orders/preorders'],
  ] as const)('%s: %s opens with every feature, lands without it', (who, path) => {
    const facts = USERS[who];
    expect(routeAccess(path, facts)).toBe(A);
    expect(routeAccess(path, { ...facts, features: none })).toBe(L);
  });

  it('the rest of the Orders section stays when the pre-order list is not offered', () => {
    expect(routeAccess('/orders', { ...USERS.operator, features: none })).toBe(A);
    expect(routeAccess('/orders?from=2026-01-01', { ...USERS.operator, features: none })).toBe(A);
    expect(routeAccess('/orders/6', { ...USERS.operator, features: none })).toBe(A);
    expect(routeAccess('/orders/preorders?page=2', { ...USERS.operator, features: none })).toBe(L);
  });

  it('the key owner’s recovery contacts and a company’s employee list need their features', () => {
    expect(routeAccess('/settings/users', keyOwner)).toBe(A);
    expect(routeAccess('/settings/users', { ...keyOwner, features: none })).toBe(L);
    const curator = { ...USERS.curator16, profile: { ...profileOf(16, true), hasEmployeeData: true } };
    expect(routeAccess('/profile/employees', curator)).toBe(A);
    expect(routeAccess('/profile/employees', { ...curator, features: none })).toBe(L);
    // the rest of the section stays
    expect(routeAccess('/settings', { ...keyOwner, features: none })).toBe(A);
    expect(routeAccess('/profile', { ...curator, features: none })).toBe(A);
  });
});
