import { describe, expect, it } from 'vitest';
import type { ProfileFacts, UserFacts } from '@/domain/roles.rules';
import { type WidgetFlags, type WidgetKey, widgetFlags } from '@/domain/widgets.rules';

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
  profile: profile(),
  banSelected: false,
  ...u,
});

/** Instants: the sale rule reads the month in Tashkent (UTC+5), whatever zone the test runs in. */
const MARCH = new Date('2025-03-15T07:00:00Z');
const OCTOBER = new Date('2025-10-15T07:00:00Z');

const NONE: WidgetFlags = {
  visible: [],
  topUp: false,
  unbilled: false,
  blockToggle: false,
  employeeList: false,
  activityLog: false,
  plans: false,
};

describe('widgetFlags: widgets are shown to non-administration users (spec 6)', () => {
  it.each(['R000', 'R002', 'R003', 'R005', 'R008', 'R009', 'R011', 'R024', 'R030', 'R032', 'R033', 'R034'])(
    '%s (administration) → no widgets, even with a profile and in October',
    (role) => {
      expect(widgetFlags(user([role], { profile: profile({ budget: 100 }) }), OCTOBER)).toEqual(NONE);
    },
  );
  it.each(['R001', 'R004', 'R006', 'R007', 'R010', 'R031'])(
    '%s (non-administration) → balance and status',
    (role) => {
      const { visible } = widgetFlags(user([role]), MARCH);
      expect(visible).toContain('balance');
      expect(visible).toContain('status');
    },
  );
  it('no profile to show → no widgets', () => {
    expect(widgetFlags(user(['R001'], { profile: null }), OCTOBER)).toEqual(NONE);
  });
  it('no roles → no widgets', () => {
    expect(widgetFlags(user([]), OCTOBER)).toEqual(NONE);
  });
});

describe('widgetFlags: visible widgets', () => {
  const table: [string, UserFacts, Date, WidgetKey[]][] = [
    ['subscriber, no budget', user(['R001']), MARCH, ['balance', 'status']],
    [
      'subscriber, budget 0',
      user(['R001'], { profile: profile({ budget: 0 }) }),
      MARCH,
      ['balance', 'budget', 'status'],
    ],
    [
      'subscriber, budget 5000',
      user(['R001'], { profile: profile({ budget: 5000 }) }),
      MARCH,
      ['balance', 'budget', 'status'],
    ],
    [
      'subscriber, budget, BAN selected',
      user(['R001'], { banSelected: true, profile: profile({ budget: 5000 }) }),
      MARCH,
      ['balance', 'status'],
    ],
    // Employee widget hidden for subscribers, even with employee_data.
    [
      'subscriber with employee_data',
      user(['R001'], { profile: profile({ hasEmployeeData: true }) }),
      MARCH,
      ['balance', 'status'],
    ],
    ['subscriber, BAN selected', user(['R001'], { banSelected: true }), MARCH, ['balance', 'status']],
    // Employees: open the list (employee_data) or return to the organisation (BAN selected).
    [
      'curator with employee_data',
      user(['R004'], { profile: profile({ hasEmployeeData: true }) }),
      MARCH,
      ['balance', 'status', 'employees'],
    ],
    ['curator without employee_data', user(['R004']), MARCH, ['balance', 'status']],
    [
      'curator viewing an employee BAN',
      user(['R004'], { banSelected: true }),
      MARCH,
      ['balance', 'status', 'employees'],
    ],
    [
      'key owner with employee_data',
      user(['R007'], { profile: profile({ hasEmployeeData: true }) }),
      MARCH,
      ['balance', 'status', 'employees'],
    ],
    [
      'curator, budget and employees',
      user(['R004'], { profile: profile({ budget: 1, hasEmployeeData: true }) }),
      MARCH,
      ['balance', 'budget', 'status', 'employees'],
    ],
    // Seasonal sale: October only.
    ['subscriber in October', user(['R001']), OCTOBER, ['balance', 'status', 'sale']],
    // 1 October 00:00 in Tashkent is still 30 September in UTC
    [
      'subscriber on 1 October',
      user(['R001']),
      new Date('2025-09-30T19:00:00Z'),
      ['balance', 'status', 'sale'],
    ],
    [
      'subscriber on 31 October',
      user(['R001']),
      new Date('2025-10-31T18:59:00Z'),
      ['balance', 'status', 'sale'],
    ],
    ['subscriber on 30 September', user(['R001']), new Date('2025-09-30T18:59:00Z'), ['balance', 'status']],
    // 1 November 00:00 in Tashkent is still 31 October in UTC
    ['subscriber on 1 November', user(['R001']), new Date('2025-10-31T19:00:00Z'), ['balance', 'status']],
    [
      'everything in October',
      user(['R004'], { profile: profile({ budget: 1, hasEmployeeData: true }) }),
      OCTOBER,
      ['balance', 'budget', 'status', 'employees', 'sale'],
    ],
  ];
  it.each(table)('%s → %j', (_, u, now, expected) => {
    expect(widgetFlags(u, now).visible).toEqual(expected);
  });
});

describe('widgetFlags: top-up not allowed for R000, R030, R004', () => {
  it.each([
    ['R001', true],
    ['R004', false],
    ['R006', true],
    ['R007', true],
    ['R010', true],
    ['R031', true],
  ])('%s → top-up %s', (role, expected) => {
    expect(widgetFlags(user([role]), MARCH).topUp).toBe(expected);
  });
});

describe('widgetFlags: unbilled amount only for type 16; block toggle not for type 16', () => {
  it.each([
    [16, true, false],
    [1, false, true],
    [5, false, true],
    [15, false, true],
    [20, false, true],
    [40, false, true],
    [null, false, true],
  ] as [number | null, boolean, boolean][])(
    'type %s → unbilled %s, toggle %s',
    (at, unbilled, blockToggle) => {
      const flags = widgetFlags(user(['R001'], { profile: profile({ at }) }), MARCH);
      expect({ unbilled: flags.unbilled, blockToggle: flags.blockToggle }).toEqual({ unbilled, blockToggle });
    },
  );
});

describe('widgetFlags: block toggle needs a number that can be blocked or restored', () => {
  it.each([
    ['A', true],
    ['O', true],
    ['S', true],
    ['N', false],
    ['T', false],
    [null, true],
    [undefined, true],
  ] as [string | null | undefined, boolean][])('status %s → toggle %s', (status, expected) => {
    expect(widgetFlags(user(['R001'], { profile: profile({ status }) }), MARCH).blockToggle).toBe(expected);
  });
});

describe('widgetFlags: the first role decides (spec 6), also for widgets', () => {
  it.each([
    [['R004', 'R000'], ['balance', 'status', 'employees'], false],
    [['R001', 'R004'], ['balance', 'status'], true],
    [['R000', 'R004'], [], false],
  ] as [string[], WidgetKey[], boolean][])('%j → %j, top-up %s', (roles, visible, topUp) => {
    const flags = widgetFlags(user(roles, { profile: profile({ hasEmployeeData: true }) }), MARCH);
    expect({ visible: flags.visible, topUp: flags.topUp }).toEqual({ visible, topUp });
  });

  it('OKK operator (non-administration, not a subscriber) with employee_data sees the employees widget', () => {
    expect(
      widgetFlags(user(['R010'], { profile: profile({ hasEmployeeData: true }) }), MARCH).visible,
    ).toEqual(['balance', 'status', 'employees']);
  });
});

describe('widgetFlags: the employee list the backend does not offer (CAP1)', () => {
  it('a dispatcher’s employees widget, which only leads to the list, is not shown; with a BAN selected it stays', () => {
    const dispatcher = user(['R004'], { profile: profile({ hasEmployeeData: true }) });
    expect(widgetFlags(dispatcher, MARCH)).toMatchObject({
      visible: ['balance', 'status', 'employees'],
      employeeList: true,
    });
    expect(widgetFlags({ ...dispatcher, features: new Set() }, MARCH)).toMatchObject({
      visible: ['balance', 'status'],
      employeeList: false,
    });
    expect(
      widgetFlags({ ...dispatcher, features: new Set(['employees'] as const) }, MARCH).employeeList,
    ).toBe(true);
    const withBan = { ...dispatcher, banSelected: true, features: new Set<never>() };
    expect(widgetFlags(withBan, MARCH)).toMatchObject({
      visible: ['balance', 'status', 'employees'],
      employeeList: false,
    });
  });
});
