import { describe, expect, it } from 'vitest';
import { initialTabIndex, NAV_ORDER, NAV_PATHS, type NavKey, visibleNav } from '@/domain/navigation.rules';
import { ALL_ROLES, type ProfileFacts, type UserFacts } from '@/domain/roles.rules';
import { routeAccess } from '@/domain/routes.rules';
import { grid } from './grid';

const profile = (p: Partial<ProfileFacts> = {}): ProfileFacts => ({
  at: 1,
  canBuyNumber: true,
  hasEmployeeData: false,
  budget: null,
  ...p,
});
const user = (roles: string[], u: Partial<UserFacts> = {}): UserFacts => ({
  roles,
  forceChangePassword: false,
  profile: profile(),
  banSelected: false,
  ...u,
});

/** Column names of the grids below, in NAV_ORDER. */
const COLUMNS: Record<string, NavKey> = {
  profile: 'profile',
  details: 'details',
  services: 'services',
  purchase: 'purchase',
  docs: 'documents',
  orders: 'orders',
  contract: 'agreement',
  at39: 'at39',
  notice: 'debt',
  settings: 'settings',
};

function expectedOf(cells: Record<string, boolean>): NavKey[] {
  return Object.entries(cells)
    .filter(([, on]) => on)
    .map(([column]) => COLUMNS[column] as NavKey);
}

describe('NAV_ORDER and NAV_PATHS (spec 2 "Navigation entries", route table)', () => {
  it('lists the entries in the spec order', () => {
    expect(NAV_ORDER).toEqual([
      'profile',
      'details',
      'services',
      'purchase',
      'documents',
      'orders',
      'agreement',
      'at39',
      'debt',
      'settings',
    ]);
  });
  it('maps each entry to its path', () => {
    expect(NAV_PATHS).toEqual({
      profile: 'profile',
      details: 'details',
      services: 'services',
      purchase: 'purchase',
      documents: 'onlinee-sales',
      orders: 'orders',
      agreement: 'agreement-registration',
      at39: 'at39-registration',
      debt: 'debt-control',
      settings: 'settings',
    });
  });
});

/*
 * Role × entry, no BAN selected, no forced password change; the profile may buy numbers, account type 1, no budget.
 * Own lists: helpdesk (R002, R033) settings only; admin (R000, R030) all except profile, purchase, details,
 * documents, debt control, services, AT39; subscriber (R001) no orders, purchase, documents, registration, debt
 * control, AT39; key owner (R007) documents, services, settings, purchase with can_buy_number; OKK (R010, R031) debt
 * control and settings; curator (R004) profile, details, settings, purchase with can_buy_number, services unless
 * type 5/15/40. Everyone else by "Other roles, per item", exact codes; staff see profile/details only with a BAN.
 */
const NO_BAN = grid(`
  role      | profile | details | services | purchase | docs | orders | contract | at39 | notice | settings
  R000      |    .    |    .    |    .     |    .     |  .   |   x    |    x     |  .   |   .    |    x
  R001      |    x    |    x    |    x     |    .     |  .   |   .    |    .     |  .   |   .    |    x
  R002      |    .    |    .    |    .     |    .     |  .   |   .    |    .     |  .   |   .    |    x
  R003      |    .    |    .    |    .     |    .     |  .   |   .    |    .     |  .   |   .    |    x
  R004      |    x    |    x    |    x     |    x     |  .   |   .    |    .     |  .   |   .    |    x
  R005      |    .    |    .    |    .     |    .     |  .   |   .    |    x     |  x   |   .    |    x
  R006      |    .    |    .    |    .     |    .     |  .   |   .    |    .     |  .   |   .    |    x
  R007      |    x    |    .    |    x     |    x     |  x   |   .    |    .     |  .   |   .    |    x
  R008      |    .    |    .    |    .     |    .     |  .   |   x    |    x     |  x   |   .    |    x
  R009      |    .    |    .    |    .     |    .     |  .   |   x    |    .     |  x   |   .    |    x
  R010      |    .    |    .    |    .     |    .     |  .   |   .    |    .     |  .   |   x    |    x
  R011      |    .    |    .    |    .     |    .     |  .   |   .    |    x     |  .   |   .    |    x
  R012-R017 |    .    |    .    |    .     |    .     |  .   |   .    |    .     |  .   |   .    |    x
  R018-R023 |    .    |    .    |    .     |    .     |  .   |   x    |    x     |  x   |   .    |    x
  R024-R029 |    .    |    .    |    .     |    .     |  .   |   .    |    .     |  .   |   .    |    x
  R030      |    .    |    .    |    .     |    .     |  .   |   x    |    x     |  .   |   .    |    x
  R031      |    .    |    .    |    .     |    .     |  .   |   .    |    .     |  .   |   x    |    x
  R032      |    .    |    .    |    .     |    .     |  .   |   x    |    .     |  x   |   .    |    x
  R033      |    .    |    .    |    .     |    .     |  .   |   .    |    .     |  .   |   .    |    x
  R034      |    .    |    .    |    .     |    .     |  .   |   .    |    .     |  .   |   .    |    x
`);

/*
 * The same users with a BAN selected: purchase, settings, orders, registrations (contract and AT39), debt control
 * and services are hidden. Staff named in "profile and details: R003, R004, R005, R000, R001, R008, R009, R011,
 * R018-R023, R032" now see the selected BAN's profile and details.
 */
const WITH_BAN = grid(`
  role      | profile | details | services | purchase | docs | orders | contract | at39 | notice | settings
  R000      |    x    |    x    |    .     |    .     |  .   |   .    |    .     |  .   |   .    |    .
  R001      |    x    |    x    |    .     |    .     |  .   |   .    |    .     |  .   |   .    |    .
  R002      |    .    |    .    |    .     |    .     |  .   |   .    |    .     |  .   |   .    |    .
  R003      |    x    |    x    |    .     |    .     |  .   |   .    |    .     |  .   |   .    |    .
  R004      |    x    |    x    |    .     |    .     |  .   |   .    |    .     |  .   |   .    |    .
  R005      |    x    |    x    |    .     |    .     |  .   |   .    |    .     |  .   |   .    |    .
  R006      |    .    |    .    |    .     |    .     |  .   |   .    |    .     |  .   |   .    |    .
  R007      |    x    |    .    |    .     |    .     |  x   |   .    |    .     |  .   |   .    |    .
  R008      |    x    |    x    |    .     |    .     |  .   |   .    |    .     |  .   |   .    |    .
  R009      |    x    |    x    |    .     |    .     |  .   |   .    |    .     |  .   |   .    |    .
  R010      |    .    |    .    |    .     |    .     |  .   |   .    |    .     |  .   |   .    |    .
  R011      |    x    |    x    |    .     |    .     |  .   |   .    |    .     |  .   |   .    |    .
  R012-R017 |    .    |    .    |    .     |    .     |  .   |   .    |    .     |  .   |   .    |    .
  R018-R023 |    x    |    x    |    .     |    .     |  .   |   .    |    .     |  .   |   .    |    .
  R024-R029 |    .    |    .    |    .     |    .     |  .   |   .    |    .     |  .   |   .    |    .
  R030      |    .    |    .    |    .     |    .     |  .   |   .    |    .     |  .   |   .    |    .
  R031      |    .    |    .    |    .     |    .     |  .   |   .    |    .     |  .   |   .    |    .
  R032      |    x    |    x    |    .     |    .     |  .   |   .    |    .     |  .   |   .    |    .
  R033      |    .    |    .    |    .     |    .     |  .   |   .    |    .     |  .   |   .    |    .
  R034      |    .    |    .    |    .     |    .     |  .   |   .    |    .     |  .   |   .    |    .
`);

describe('visibleNav: role × entry (spec 6 "Navigation visibility")', () => {
  it('grids have NAV_ORDER columns and one row per role R000..R034', () => {
    for (const g of [NO_BAN, WITH_BAN]) {
      expect(g.columns.map((c) => COLUMNS[c])).toEqual([...NAV_ORDER]);
      expect(g.rows.map((r) => r.role)).toEqual([...ALL_ROLES]);
    }
  });

  describe('no BAN selected', () => {
    it.each(NO_BAN.rows.map((r) => [r.role, expectedOf(r.cells)] as const))('%s → %j', (role, expected) => {
      expect(visibleNav(user([role]))).toEqual(expected);
    });
  });

  describe('BAN selected', () => {
    it.each(WITH_BAN.rows.map((r) => [r.role, expectedOf(r.cells)] as const))('%s → %j', (role, expected) => {
      expect(visibleNav(user([role], { banSelected: true }))).toEqual(expected);
    });
  });

  it('staff without a profile of their own see the same entries', () => {
    for (const role of ['R000', 'R002', 'R003', 'R005', 'R008', 'R009', 'R011', 'R030', 'R032']) {
      expect(visibleNav(user([role], { profile: null }))).toEqual(visibleNav(user([role])));
    }
  });

  it('the first role decides', () => {
    expect(visibleNav(user(['R010', 'R008']))).toEqual(['debt', 'settings']);
    expect(visibleNav(user(['R008', 'R010']))).toEqual(['orders', 'agreement', 'at39', 'settings']);
  });

  it('no roles: only settings', () => {
    expect(visibleNav(user([]))).toEqual(['settings']);
  });
});

describe('visibleNav modifiers', () => {
  describe('subscriber: services also hidden when it has a budget or type is 5, 15 or 40', () => {
    it.each([
      ['type 1, no budget', profile({ at: 1, budget: null }), true],
      ['type 16, no budget', profile({ at: 16, budget: null }), true],
      ['type 20, no budget', profile({ at: 20, budget: null }), true],
      ['type 1, budget 0', profile({ at: 1, budget: 0 }), false],
      ['type 1, budget 150000', profile({ at: 1, budget: 150_000 }), false],
      ['type 5', profile({ at: 5 }), false],
      ['type 15', profile({ at: 15 }), false],
      ['type 40', profile({ at: 40 }), false],
      ['no profile', null, true],
    ] as [string, ProfileFacts | null, boolean][])('%s → services %s', (_, p, expected) => {
      expect(visibleNav(user(['R001'], { profile: p })).includes('services')).toBe(expected);
    });
  });

  describe('curator: purchase needs can_buy_number; services hidden for type 5, 15, 40', () => {
    it.each([
      [
        'can buy, type 1',
        profile({ canBuyNumber: true, at: 1 }),
        ['profile', 'details', 'services', 'purchase', 'settings'],
      ],
      [
        'cannot buy, type 1',
        profile({ canBuyNumber: false, at: 1 }),
        ['profile', 'details', 'services', 'settings'],
      ],
      [
        'can buy, type 5',
        profile({ canBuyNumber: true, at: 5 }),
        ['profile', 'details', 'purchase', 'settings'],
      ],
      [
        'can buy, type 15',
        profile({ canBuyNumber: true, at: 15 }),
        ['profile', 'details', 'purchase', 'settings'],
      ],
      ['cannot buy, type 40', profile({ canBuyNumber: false, at: 40 }), ['profile', 'details', 'settings']],
      [
        'can buy, type 16',
        profile({ canBuyNumber: true, at: 16 }),
        ['profile', 'details', 'services', 'purchase', 'settings'],
      ],
      [
        'budget does not matter',
        profile({ at: 1, budget: 5000 }),
        ['profile', 'details', 'services', 'purchase', 'settings'],
      ],
      ['no profile', null, ['profile', 'details', 'services', 'settings']],
    ] as [string, ProfileFacts | null, NavKey[]][])('%s → %j', (_, p, expected) => {
      expect(visibleNav(user(['R004'], { profile: p }))).toEqual(expected);
    });
  });

  describe('key owner (R007): purchase only with can_buy_number; Profile listed when it is the landing page', () => {
    it.each([
      [true, 1, ['profile', 'services', 'purchase', 'documents', 'settings']],
      [false, 1, ['profile', 'services', 'documents', 'settings']],
      // lands on Documents (buys numbers, type 5/15/40): no Profile entry, as spec 6 lists
      // type 5/15/40: the services route is banExclude (spec 2 "Guard"), so the menu does not offer it (D16a)
      [true, 5, ['purchase', 'documents', 'settings']],
      // keyowner-nobuy of the demo: type 40 without can_buy_number lands on Profile, so the menu lists it
      [false, 40, ['profile', 'documents', 'settings']],
    ] as [boolean, number, NavKey[]][])('can_buy_number %s, type %d → %j', (canBuyNumber, at, expected) => {
      expect(visibleNav(user(['R007'], { profile: profile({ canBuyNumber, at }) }))).toEqual(expected);
    });
    it('type 5 hides services for the key owner: the menu never offers a route the guard refuses (D16a)', () => {
      expect(visibleNav(user(['R007'], { profile: profile({ at: 5 }) }))).not.toContain('services');
    });
  });

  describe('curator or subscriber forced to change password: only settings', () => {
    it.each([
      [['R001'], false, ['settings']],
      [['R004'], false, ['settings']],
      [['R004'], true, ['settings']],
      [['R001', 'R008'], true, ['settings']],
    ] as [string[], boolean, NavKey[]][])(
      'roles %j, BAN selected %s → %j',
      (roles, banSelected, expected) => {
        expect(visibleNav(user(roles, { forceChangePassword: true, banSelected }))).toEqual(expected);
      },
    );
    it.each([
      ['R000', ['orders', 'agreement', 'settings']],
      ['R007', ['profile', 'services', 'purchase', 'documents', 'settings']],
      ['R008', ['orders', 'agreement', 'at39', 'settings']],
    ] as [string, NavKey[]][])('staff flag is ignored: %s → %j', (role, expected) => {
      expect(visibleNav(user([role], { forceChangePassword: true }))).toEqual(expected);
    });
  });
});

describe('visibleNav: sections the backend does not offer (CAP1)', () => {
  it('debt control and contract registration leave the menu when their features are not offered; the rest stays', () => {
    const okk = user(['R010']);
    const operator = user(['R008']);
    expect(visibleNav(okk)).toContain('debt');
    expect(visibleNav(operator)).toContain('agreement');
    expect(visibleNav({ ...okk, features: new Set() })).not.toContain('debt');
    expect(visibleNav({ ...operator, features: new Set() })).toEqual(
      visibleNav(operator).filter((key) => key !== 'agreement'),
    );
    expect(visibleNav({ ...operator, features: new Set(['agreements'] as const) })).toEqual(
      visibleNav(operator),
    );
  });
});

describe('initialTabIndex (spec 2 "Content page")', () => {
  it.each([
    [['R004'], true, true, 1],
    [['R001'], true, true, 1],
    [['R004'], true, false, 0],
    [['R004'], false, true, 0],
    [['R000'], true, true, 0],
    [['R008'], false, true, 0],
  ] as [string[], boolean, boolean, 0 | 1][])(
    'roles %j, flag %s, on settings %s → tab %i',
    (roles, flag, onSettings, tab) => {
      expect(initialTabIndex({ roles, forceChangePassword: flag }, onSettings)).toBe(tab);
    },
  );
});

describe('the menu never offers a page the guard refuses (D16a)', () => {
  // every role, ban-type and other account types, with and without purchase rights, budget and a selected BAN
  const cases = ALL_ROLES.flatMap((role) =>
    [1, 5, 15, 16, 20, 40].flatMap((at) =>
      [true, false].flatMap((canBuyNumber) =>
        [null, 1000].flatMap((budget) =>
          [false, true].map((banSelected) =>
            user([role], { profile: profile({ at, canBuyNumber, budget }), banSelected }),
          ),
        ),
      ),
    ),
  );
  it(`each visible entry of ${cases.length} users opens for them`, () => {
    const refused = cases.flatMap((u) =>
      visibleNav(u)
        .filter((key) => routeAccess(`/${NAV_PATHS[key]}`, u) !== 'allow')
        .map((key) => `${u.roles[0]} at ${u.profile?.at} ${key}`),
    );
    expect(refused).toEqual([]);
  });
});
