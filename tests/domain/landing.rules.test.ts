import { describe, expect, it } from 'vitest';
import { LANDING_PATHS, type LandingRoute, landingRoute } from '@/domain/landing.rules';
import { ALL_ROLES, type ProfileFacts, type UserFacts } from '@/domain/roles.rules';
import { routeAccess } from '@/domain/routes.rules';

const profile = (p: Partial<ProfileFacts> = {}): ProfileFacts => ({
  at: 1,
  canBuyNumber: false,
  hasEmployeeData: false,
  budget: null,
  ...p,
});
const user = (roles: string[], u: Partial<UserFacts> = {}): UserFacts => ({
  roles,
  forceChangePassword: false,
  profile: null,
  banSelected: false,
  ...u,
});

describe('LANDING_PATHS', () => {
  it('maps each landing page to its path', () => {
    expect(LANDING_PATHS).toEqual({
      settings: 'settings',
      documents: 'onlinee-sales',
      orders: 'orders',
      debtControl: 'debt-control',
      profile: 'profile',
      editUser: 'administration/editing',
      search: 'administration/search',
    });
  });
});

describe('landingRoute (spec 2 "After login", first matching rule wins)', () => {
  const withProfile = profile();
  const table: [string, UserFacts, LandingRoute][] = [
    // 1. Forced password change (role R004 or R001 with the flag): Settings.
    [
      'R004 with the flag (demo newcurator)',
      user(['R004'], { forceChangePassword: true, profile: withProfile }),
      'settings',
    ],
    ['R001 with the flag', user(['R001'], { forceChangePassword: true, profile: withProfile }), 'settings'],
    ['R004 without the flag (demo curator)', user(['R004'], { profile: withProfile }), 'profile'],
    ['R000 with the flag is not forced', user(['R000'], { forceChangePassword: true }), 'search'],
    ['R008 with the flag is not forced', user(['R008'], { forceChangePassword: true }), 'orders'],
    // 2. R007 holder who may buy numbers and has account type 5, 15 or 40: Documents.
    [
      'R007, can buy, type 5',
      user(['R007'], { profile: profile({ canBuyNumber: true, at: 5 }) }),
      'documents',
    ],
    [
      'R007, can buy, type 15',
      user(['R007'], { profile: profile({ canBuyNumber: true, at: 15 }) }),
      'documents',
    ],
    [
      'R007, can buy, type 40',
      user(['R007'], { profile: profile({ canBuyNumber: true, at: 40 }) }),
      'documents',
    ],
    [
      'R007, can buy, type 16',
      user(['R007'], { profile: profile({ canBuyNumber: true, at: 16 }) }),
      'profile',
    ],
    [
      'R007, cannot buy, type 5',
      user(['R007'], { profile: profile({ canBuyNumber: false, at: 5 }) }),
      'profile',
    ],
    [
      'R007, can buy, no type',
      user(['R007'], { profile: profile({ canBuyNumber: true, at: null }) }),
      'profile',
    ],
    ['R007 without a profile', user(['R007']), 'search'],
    [
      'R007 with the flag is not forced',
      user(['R007'], { forceChangePassword: true, profile: profile({ canBuyNumber: true, at: 5 }) }),
      'documents',
    ],
    [
      'R001, can buy, type 5 is not a key owner',
      user(['R001'], { profile: profile({ canBuyNumber: true, at: 5 }) }),
      'profile',
    ],
    // 3. R008, R018-R023, R009, R032: AllOrders.
    ['R008', user(['R008']), 'orders'],
    ['R008 with a profile', user(['R008'], { profile: withProfile }), 'orders'],
    ['R009', user(['R009']), 'orders'],
    ['R018', user(['R018']), 'orders'],
    ['R019', user(['R019']), 'orders'],
    ['R020', user(['R020']), 'orders'],
    ['R021', user(['R021']), 'orders'],
    ['R022', user(['R022']), 'orders'],
    ['R023', user(['R023']), 'orders'],
    ['R032', user(['R032']), 'orders'],
    // 4. R010 or R031: DebtControl.
    ['R010', user(['R010']), 'debtControl'],
    ['R031', user(['R031']), 'debtControl'],
    ['R010 with a profile', user(['R010'], { profile: withProfile }), 'debtControl'],
    // 5. Others with a profile: Profile.
    ['R001 with a profile', user(['R001'], { profile: withProfile }), 'profile'],
    ['R006 with a profile', user(['R006'], { profile: withProfile }), 'profile'],
    ['R002 with a profile', user(['R002'], { profile: withProfile }), 'profile'],
    [
      'R000 with a profile (viewing a BAN)',
      user(['R000'], { profile: withProfile, banSelected: true }),
      'profile',
    ],
    // 6. Staff R002 or R033: EditUser.
    ['R002', user(['R002']), 'editUser'],
    ['R033', user(['R033']), 'editUser'],
    // 7. Otherwise: Search.
    ['R000', user(['R000']), 'search'],
    ['R030', user(['R030']), 'search'],
    ['R003', user(['R003']), 'search'],
    ['R034', user(['R034']), 'search'],
    ['R005', user(['R005']), 'search'],
    ['R024', user(['R024']), 'search'],
    ['R011', user(['R011']), 'search'],
    ['R017', user(['R017']), 'search'],
    ['R001 without a profile', user(['R001']), 'search'],
    ['no roles, no profile', user([]), 'search'],
    ['no roles, with a profile', user([], { profile: withProfile }), 'profile'],
    // The first role decides.
    ['[R001, R008] with a profile', user(['R001', 'R008'], { profile: withProfile }), 'profile'],
    ['[R008, R001] with a profile', user(['R008', 'R001'], { profile: withProfile }), 'orders'],
    ['[R000, R002]', user(['R000', 'R002']), 'search'],
    ['[R002, R000]', user(['R002', 'R000']), 'editUser'],
  ];
  it.each(table)('%s → %s', (_, u, expected) => {
    expect(landingRoute(u)).toBe(expected);
  });

  // Every role without a profile and without the flag: the staff picture of rules 3, 4, 6 and 7.
  const staffLanding: Record<string, LandingRoute> = {
    R002: 'editUser',
    R033: 'editUser',
    R008: 'orders',
    R009: 'orders',
    R032: 'orders',
    R010: 'debtControl',
    R031: 'debtControl',
  };
  it.each(
    ALL_ROLES.map((r) => {
      const n = Number(r.slice(1));
      const expected = staffLanding[r] ?? (n >= 18 && n <= 23 ? 'orders' : 'search');
      return [r, expected] as const;
    }),
  )('%s without a profile → %s', (role, expected) => {
    expect(landingRoute(user([role]))).toBe(expected);
  });
});

describe('landingRoute when the backend does not offer debt control (CAP1)', () => {
  it.each(['R010', 'R031'])('%s lands on settings, a page it may open, instead of a refused one', (role) => {
    expect(landingRoute({ ...user([role]), features: new Set() })).toBe('settings');
    expect(landingRoute({ ...user([role]), features: new Set(['debtControl'] as const) })).toBe(
      'debtControl',
    );
    expect(routeAccess(`/${LANDING_PATHS.settings}`, { ...user([role]), features: new Set() })).toBe('allow');
  });
});
