import { describe, expect, it } from 'vitest';
import {
  ALL_ROLES,
  activeRole,
  isBanTypeAccount,
  mustChangePassword,
  type ProfileFacts,
  type RoleGroup,
  roleChoice,
  roleGroup,
  roleSet,
  type UserFacts,
  userConfig,
} from '@/domain/roles.rules';
import { grid } from './grid';

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

describe('ALL_ROLES (spec 3 "Role titles exist for R000-R034")', () => {
  it('lists R000..R034 in order, 35 codes', () => {
    expect(ALL_ROLES).toHaveLength(35);
    expect(ALL_ROLES[0]).toBe('R000');
    expect(ALL_ROLES[34]).toBe('R034');
    expect(ALL_ROLES).toContain('R017');
    expect(new Set(ALL_ROLES).size).toBe(35);
  });
});

describe('roleGroup (spec 6 "Groups")', () => {
  // R000/R030 admin; R001 subscriber; R002/R033 helpdesk; R003/R034 call centre; R004 curator;
  // R005 and R024-R029 B2B seller; R007 key owner; R008 and R018-R023 B2B operator; R009/R032 service-desk;
  // R010/R031 OKK; R011-R017 regional head.
  const table: [string, RoleGroup][] = [
    ['R000', 'admin'],
    ['R001', 'subscriber'],
    ['R002', 'helpdesk'],
    ['R003', 'callCentre'],
    ['R004', 'curator'],
    ['R005', 'seller'],
    ['R006', 'unknown'],
    ['R007', 'keyOwner'],
    ['R008', 'operator'],
    ['R009', 'serviceDesk'],
    ['R010', 'okk'],
    ['R011', 'regional'],
    ['R012', 'regional'],
    ['R013', 'regional'],
    ['R014', 'regional'],
    ['R015', 'regional'],
    ['R016', 'regional'],
    ['R017', 'regional'],
    ['R018', 'operator'],
    ['R019', 'operator'],
    ['R020', 'operator'],
    ['R021', 'operator'],
    ['R022', 'operator'],
    ['R023', 'operator'],
    ['R024', 'seller'],
    ['R025', 'seller'],
    ['R026', 'seller'],
    ['R027', 'seller'],
    ['R028', 'seller'],
    ['R029', 'seller'],
    ['R030', 'admin'],
    ['R031', 'okk'],
    ['R032', 'serviceDesk'],
    ['R033', 'helpdesk'],
    ['R034', 'callCentre'],
    ['R035', 'unknown'],
    ['r001', 'unknown'],
    [' R001', 'unknown'],
    ['R1', 'unknown'],
    ['', 'unknown'],
  ];
  it.each(table)('%s → %s', (role, group) => {
    expect(roleGroup(role)).toBe(group);
  });
  it('covers every code of ALL_ROLES with a row', () => {
    expect(ALL_ROLES.every((r) => table.some(([code]) => code === r))).toBe(true);
  });
});

describe('activeRole: the first role decides (spec 6)', () => {
  it.each([
    [['R001'], 'R001'],
    [['R008', 'R001'], 'R008'],
    [['R001', 'R008'], 'R001'],
    [[], undefined],
  ] as [string[], string | undefined][])('%j → %s', (roles, expected) => {
    expect(activeRole(roles)).toBe(expected);
  });
});

describe('roleSet expands spec role lists', () => {
  it('expands numeric inclusive ranges and single codes', () => {
    expect([...roleSet('R000, R009-R011, R034')]).toEqual(['R000', 'R009', 'R010', 'R011', 'R034']);
  });
  it.each(['R1', 'R011-R009', 'X000', 'R000,,R001'])('throws on a malformed list %j', (list) => {
    expect(() => roleSet(list)).toThrow();
  });
});

describe('userConfig role flags (spec 6 "Config groups"): widgets = not administration, profile = neither', () => {
  // administration: R000, R002, R003, R005, R008, R009, R011-R030, R032-R034
  // debt: R010, R031
  // search: R000, R003, R005, R008, R009, R011-R030 (not R002), R032-R034
  // editUser: R000, R002, R003, R008, R009, R011-R023, R030, R032-R034
  // createSubscriber: R000, R030, R003, R034, R008, R009, R011-R023, R032
  // createAdmin: R000, R030, R002, R033
  // attachFiles: R008, R018-R023, R009, R032, R000, R030, R011-R017
  const { rows } = grid(`
    role      | administration | debt | search | editUser | createSubscriber | createAdmin | attachFiles | widgets | profile
    R000      |       x        |  .   |   x    |    x     |        x         |      x      |      x      |    .    |    .
    R001      |       .        |  .   |   .    |    .     |        .         |      .      |      .      |    x    |    x
    R002      |       x        |  .   |   .    |    x     |        .         |      x      |      .      |    .    |    .
    R003      |       x        |  .   |   x    |    x     |        x         |      .      |      .      |    .    |    .
    R004      |       .        |  .   |   .    |    .     |        .         |      .      |      .      |    x    |    x
    R005      |       x        |  .   |   x    |    .     |        .         |      .      |      .      |    .    |    .
    R006      |       .        |  .   |   .    |    .     |        .         |      .      |      .      |    x    |    x
    R007      |       .        |  .   |   .    |    .     |        .         |      .      |      .      |    x    |    x
    R008      |       x        |  .   |   x    |    x     |        x         |      .      |      x      |    .    |    .
    R009      |       x        |  .   |   x    |    x     |        x         |      .      |      x      |    .    |    .
    R010      |       .        |  x   |   .    |    .     |        .         |      .      |      .      |    x    |    .
    R011-R017 |       x        |  .   |   x    |    x     |        x         |      .      |      x      |    .    |    .
    R018-R023 |       x        |  .   |   x    |    x     |        x         |      .      |      x      |    .    |    .
    R024-R029 |       x        |  .   |   x    |    .     |        .         |      .      |      .      |    .    |    .
    R030      |       x        |  .   |   x    |    x     |        x         |      x      |      x      |    .    |    .
    R031      |       .        |  x   |   .    |    .     |        .         |      .      |      .      |    x    |    .
    R032      |       x        |  .   |   x    |    x     |        x         |      .      |      x      |    .    |    .
    R033      |       x        |  .   |   x    |    x     |        .         |      x      |      .      |    .    |    .
    R034      |       x        |  .   |   x    |    x     |        x         |      .      |      .      |    .    |    .
  `);
  it('has one row per role R000..R034', () => {
    expect(rows.map((r) => r.role)).toEqual([...ALL_ROLES]);
  });
  it.each(rows.map((r) => [r.role, r.cells] as const))('%s', (role, expected) => {
    const config = userConfig(user([role]));
    const actual = Object.fromEntries(
      Object.keys(expected).map((k) => [k, config[k as keyof typeof config]]),
    );
    expect(actual).toEqual(expected);
  });
  it('reads only the first role: [R001, R000] is a subscriber, [R000, R001] an admin', () => {
    expect(userConfig(user(['R001', 'R000'])).administration).toBe(false);
    expect(userConfig(user(['R000', 'R001'])).administration).toBe(true);
  });
  it('a user without roles gets every flag false', () => {
    const config = userConfig(user([], { profile: profile({ at: 5, hasEmployeeData: true }) }));
    const { budget, banType, dispatcher, ...roleFlags } = config;
    expect(Object.values(roleFlags).every((v) => v === false)).toBe(true);
    expect({ budget, banType, dispatcher }).toEqual({ budget: true, banType: true, dispatcher: true });
  });
});

describe('userConfig profile flags: budget and banType for types 5, 15, 40; dispatcher with employee_data', () => {
  it.each([
    [5, true],
    [15, true],
    [40, true],
    [16, false],
    [20, false],
    [1, false],
    [0, false],
    [null, false],
  ] as [number | null, boolean][])('account type %s → budget and banType %s', (at, expected) => {
    const config = userConfig(user(['R001'], { profile: profile({ at }) }));
    expect(config.budget).toBe(expected);
    expect(config.banType).toBe(expected);
  });
  it('no profile → budget, banType and dispatcher false', () => {
    const config = userConfig(user(['R001']));
    expect([config.budget, config.banType, config.dispatcher]).toEqual([false, false, false]);
  });
  it.each([
    [true, true],
    [false, false],
  ])('hasEmployeeData %s → dispatcher %s', (hasEmployeeData, expected) => {
    expect(userConfig(user(['R004'], { profile: profile({ hasEmployeeData }) })).dispatcher).toBe(expected);
  });
});

describe('isBanTypeAccount (5, 15, 40)', () => {
  it.each([
    [5, true],
    [15, true],
    [40, true],
    [4, false],
    [16, false],
    [20, false],
    [50, false],
    [null, false],
    [undefined, false],
  ] as [number | null | undefined, boolean][])('%s → %s', (at, expected) => {
    expect(isBanTypeAccount(at)).toBe(expected);
  });
});

describe('mustChangePassword: flag set AND first role R004 or R001 (spec 2 "R004 or R001 with the flag")', () => {
  it.each([
    [['R004'], true, true],
    [['R004'], false, false],
    [['R001'], true, true],
    [['R001'], false, false],
    [['R000'], true, false],
    [['R007'], true, false],
    [['R002'], true, false],
    [['R008', 'R004'], true, false],
    [['R004', 'R008'], true, true],
    [[], true, false],
  ] as [string[], boolean, boolean][])('roles %j, flag %s → %s', (roles, forceChangePassword, expected) => {
    expect(mustChangePassword({ roles, forceChangePassword })).toBe(expected);
  });
});

describe('roleChoice (spec 4 "Role choice")', () => {
  it.each([
    // curator and subscriber skip it, whatever else
    [['R004', 'R001'], null, 'none'],
    [['R001'], null, 'none'],
    [['R004'], 'R000', 'none'],
    // more than one role: the modal, on every navigation, even with a stored role
    [['R008', 'R009'], null, 'modal'],
    [['R008', 'R009'], 'R008', 'modal'],
    // single role: missing or stale stored role is saved automatically
    [['R008'], null, 'autoSave'],
    [['R008'], undefined, 'autoSave'],
    [['R008'], 'R009', 'autoSave'],
    [['R008'], 'R008', 'none'],
    [[], null, 'none'],
  ] as [string[], string | null | undefined, string][])(
    'roles %j, stored %s → %s',
    (roles, stored, expected) => {
      expect(roleChoice(roles, stored)).toBe(expected);
    },
  );
});
