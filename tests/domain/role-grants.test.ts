import { describe, expect, it } from 'vitest';
import {
  ALL_ROLES,
  CLIENT_ROLES,
  grantableRoles,
  mayGrantRole,
  STAFF_ROLES,
  userConfig,
} from '@/domain/roles.rules';
import { mayEditUser } from '@/domain/user-edit.rules';

/**
 * The grant table (docs/decisions.md PRG1-PRG2, docs/security.md finding 20): who may grant which roles. The
 * expected table is written out here again, from the rule and spec 6, never read from the code under test:
 * - R000/R030 (admin: createSubscriber and createAdmin) grant every titled role;
 * - R002/R033 (helpdesk: createAdmin only) grant the staff roles, their own included, except R000/R030;
 * - the other createSubscriber roles (R003, R034, R008, R009, R011-R023, R032) grant the client roles R001, R004, R007;
 * - everybody else grants nothing; nobody grants R006 (no group).
 */
const EVERY_TITLED = (
  'R000 R001 R002 R003 R004 R005 R007 R008 R009 R010 R011 R012 R013 R014 R015 R016 R017 R018 R019 R020 R021 ' +
  'R022 R023 R024 R025 R026 R027 R028 R029 R030 R031 R032 R033 R034'
).split(' ');
const STAFF_BUT_ADMIN = (
  'R002 R003 R005 R008 R009 R010 R011 R012 R013 R014 R015 R016 R017 R018 R019 R020 R021 R022 R023 R024 R025 ' +
  'R026 R027 R028 R029 R031 R032 R033 R034'
).split(' ');
const CLIENT = ['R001', 'R004', 'R007'];
const NOTHING: string[] = [];

/** One row per role R000..R034: what it grants. */
const EXPECTED: Record<string, readonly string[]> = {
  R000: EVERY_TITLED,
  R001: NOTHING, // subscriber
  R002: STAFF_BUT_ADMIN, // helpdesk
  R003: CLIENT, // call centre
  R004: NOTHING, // curator
  R005: NOTHING, // B2B seller
  R006: NOTHING, // no group
  R007: NOTHING, // key owner
  R008: CLIENT, // B2B operator
  R009: CLIENT, // B2B service desk
  R010: NOTHING, // OKK
  R011: CLIENT, // regional heads R011-R017
  R012: CLIENT,
  R013: CLIENT,
  R014: CLIENT,
  R015: CLIENT,
  R016: CLIENT,
  R017: CLIENT,
  R018: CLIENT, // B2B operators R018-R023
  R019: CLIENT,
  R020: CLIENT,
  R021: CLIENT,
  R022: CLIENT,
  R023: CLIENT,
  R024: NOTHING, // B2B sellers R024-R029
  R025: NOTHING,
  R026: NOTHING,
  R027: NOTHING,
  R028: NOTHING,
  R029: NOTHING,
  R030: EVERY_TITLED, // admin
  R031: NOTHING, // OKK
  R032: CLIENT, // B2B service desk
  R033: STAFF_BUT_ADMIN, // helpdesk
  R034: CLIENT, // call centre
};

const configOf = (role: string) =>
  userConfig({ roles: [role], forceChangePassword: false, profile: null, banSelected: false });

describe('the grant table, role × role (35 × 35)', () => {
  it('has one expected row per role R000..R034', () => {
    expect(Object.keys(EXPECTED)).toEqual([...ALL_ROLES]);
  });

  it.each(ALL_ROLES.map((g) => [g, EXPECTED[g] ?? []] as const))('%s grants %j', (grantor, expected) => {
    expect(ALL_ROLES.filter((role) => mayGrantRole(grantor, role))).toEqual(expected);
    expect(grantableRoles(grantor)).toEqual(expected);
  });

  it('grants nothing without an active role or with an unknown one, and nobody grants an unknown role', () => {
    for (const grantor of [undefined, null, '', 'R035', 'r000', 'R0000', 'admin']) {
      expect(grantableRoles(grantor)).toEqual([]);
      expect(mayGrantRole(grantor, 'R001')).toBe(false);
    }
    for (const role of ['R006', 'R035', 'r001', '', 'R001 ', 'R000,R001'])
      expect(mayGrantRole('R000', role)).toBe(false);
  });
});

describe('the grant table agrees with spec 6 and the per-target edit rule', () => {
  it.each([...ALL_ROLES])('%s: client roles iff createSubscriber, staff roles iff createAdmin', (grantor) => {
    const config = configOf(grantor);
    const granted = grantableRoles(grantor);
    // all or none of each kind, following the flag of that kind
    expect(CLIENT_ROLES.filter((r) => granted.includes(r))).toEqual(
      config.createSubscriber ? CLIENT_ROLES : [],
    );
    const staff = STAFF_ROLES.filter((r) => granted.includes(r));
    if (config.createAdmin) expect(staff.length).toBeGreaterThan(0);
    else expect(staff).toEqual([]);
    // a role with neither flag grants nothing
    if (!config.createSubscriber && !config.createAdmin) expect(granted).toEqual([]);
  });

  it('only R000 and R030 grant R000 and R030', () => {
    for (const admin of ['R000', 'R030'])
      expect(ALL_ROLES.filter((g) => mayGrantRole(g, admin))).toEqual(['R000', 'R030']);
  });

  it('nobody grants a role of the admin group without being in it, even with createAdmin (helpdesk)', () => {
    expect(configOf('R002').createAdmin).toBe(true);
    expect(mayGrantRole('R002', 'R000')).toBe(false);
    expect(mayGrantRole('R033', 'R030')).toBe(false);
    // the own group is not above it (PRG2)
    expect(mayGrantRole('R002', 'R033')).toBe(true);
    expect(mayGrantRole('R033', 'R002')).toBe(true);
  });

  it('whatever a role grants, it may also edit an account holding that role', () => {
    for (const grantor of ALL_ROLES) {
      const config = configOf(grantor);
      const editor = { activeRole: grantor, editUser: config.editUser, createAdmin: config.createAdmin };
      for (const role of grantableRoles(grantor))
        expect([grantor, role, mayEditUser(editor, [role])]).toEqual([grantor, role, true]);
    }
  });
});
