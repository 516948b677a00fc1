/**
 * Permission matrix: every demo account × every protected call of the reference backend. The expected outcome is
 * computed from the domain rules the SPA uses (userConfig, mustChangePassword), and a few rows are also written out
 * by hand from spec 6 so the matrix cannot agree with itself by construction.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/demo-accounts';
import {
  mustChangePassword,
  type UserConfig,
  type UserFacts,
  userConfig,
} from '../../src/domain/roles.rules';
import { mayEditUser } from '../../src/domain/user-edit.rules';
import { createHarness, type Harness } from './harness';

const MAIN_BAN = '100234561';

type Outcome = 'OKOK' | 'E005' | 'E009' | 'E014' | 'E134' | 'E139';

interface Probe {
  name: string;
  method: 'GET' | 'POST';
  path: (h: Harness) => string;
  body?: (h: Harness) => unknown;
  expect: (
    cfg: UserConfig,
    ctx: { facts: UserFacts; ownBan: string | null; hasProfile: boolean; h: Harness },
  ) => Outcome;
}

const ok = (allowed: boolean): Outcome => (allowed ? 'OKOK' : 'E005');
const rolesOf = (h: Harness, id: number) =>
  (
    h.db.prepare('SELECT role FROM user_roles WHERE user_id = ? ORDER BY position').all(id) as {
      role: string;
    }[]
  ).map((r) => r.role);
/** editUser for the call, and the per-target rule (src/domain/user-edit.rules.ts) for the account edited. */
const mayEdit = (c: UserConfig, x: { facts: UserFacts; h: Harness }, target: number) =>
  ok(
    c.editUser &&
      mayEditUser(
        { activeRole: x.facts.roles[0], editUser: c.editUser, createAdmin: c.createAdmin },
        rolesOf(x.h, target),
      ),
  );
const plainUser = (h: Harness, n: number) =>
  (
    h.db
      .prepare(
        "SELECT id FROM users WHERE password_hash IS NULL AND ban IS NULL AND status = 'active' ORDER BY id LIMIT 1 OFFSET ?",
      )
      .get(n) as { id: number }
  ).id;

/** In the order they are run: reads, then writes, then impersonation, then the session's own changes. */
const PROBES: Probe[] = [
  { name: 'session.user', method: 'GET', path: () => 'user/', expect: () => 'OKOK' },
  {
    name: 'session.profile',
    method: 'GET',
    path: () => 'profile',
    expect: (_c, x) => (x.hasProfile ? 'OKOK' : 'E014'),
  },
  { name: 'lookup.sn', method: 'GET', path: () => 'client/sn/8901234567', expect: (c) => ok(c.search) },
  { name: 'lookup.ban', method: 'GET', path: () => `client/ban/${MAIN_BAN}`, expect: (c) => ok(c.search) },
  {
    name: 'profile.numbers',
    method: 'GET',
    path: () => `client/numbers?ban=${MAIN_BAN}&status=active&page=0&size=20`,
    // own BAN profile, or staff (no profile) who may look any BAN up
    expect: (c, x) => ok(x.ownBan === MAIN_BAN || (!x.hasProfile && c.search)),
  },
  {
    name: 'admin.search',
    method: 'GET',
    path: () => 'user/search?q=ova&pageNo=0&pageSize=45',
    expect: (c) => ok(c.administration),
  },
  {
    name: 'admin.get',
    method: 'GET',
    path: (h) => `user/get/${plainUser(h, 0)}`,
    expect: (c) => ok(c.administration),
  },
  {
    name: 'admin.create (staff)',
    method: 'POST',
    path: () => 'user/create',
    body: () => ({ kind: 'admin', user_name: 'matrix.staff', roles: ['R003'], branch_id: 11 }),
    expect: (c) => ok(c.createAdmin),
  },
  {
    name: 'admin.create (client)',
    method: 'POST',
    path: () => 'user/create',
    body: () => ({ kind: 'subscriber', user_name: 'matrix.curator', roles: ['R004'], ban: '100388204' }),
    expect: (c) => ok(c.createSubscriber),
  },
  {
    name: 'admin.update',
    method: 'POST',
    path: (h) => `user/update/${plainUser(h, 1)}`,
    body: () => ({ full_name: 'Matritsa Test' }),
    expect: (c, x) => mayEdit(c, x, plainUser(x.h, 1)),
  },
  {
    name: 'admin.setBlocked',
    method: 'POST',
    path: (h) => `user/block/${plainUser(h, 2)}`,
    body: () => ({ blocked: true }),
    expect: (c, x) => mayEdit(c, x, plainUser(x.h, 2)),
  },
  {
    name: 'admin.impersonate',
    method: 'POST',
    path: () => 'user/impersonate',
    body: () => ({ ban: MAIN_BAN }),
    // impersonation shows client data: the search group, like the lookup it follows
    expect: (c) => ok(c.search),
  },
  { name: 'admin.backToHead', method: 'POST', path: () => 'user/back-to-head', expect: () => 'OKOK' },
  {
    name: 'session.saveChosenRole',
    method: 'POST',
    path: () => 'v1/adfs/save-chosen-role',
    body: () => ({ updatedValue: 'FIRST_ROLE' }),
    expect: () => 'OKOK',
  },
  {
    name: 'session.changePassword',
    method: 'POST',
    path: () => 'user/change-password',
    body: () => ({ current: DEMO_PASSWORD, password: 'Matrix-2026' }),
    expect: () => 'OKOK',
  },
  { name: 'session.logout', method: 'POST', path: () => 'user/logout', expect: () => 'OKOK' },
];

/** Calls still open while a curator or subscriber must change the password (only Settings is shown). */
const OPEN_WHILE_FORCED = new Set([
  'session.user',
  'session.profile',
  'session.logout',
  'session.changePassword',
  'session.saveChosenRole',
]);

function factsOf(user: {
  roles: string[];
  force_change_password?: boolean | null;
  profile?: {
    at: number;
    sn?: string | null;
    can_buy_number?: boolean | null;
    employee_data?: unknown;
    fin_data?: { budget?: number | null } | null;
    status?: string | null;
  } | null;
}): UserFacts {
  const p = user.profile;
  return {
    roles: user.roles,
    forceChangePassword: user.force_change_password === true,
    profile: p
      ? {
          at: p.at,
          canBuyNumber: p.can_buy_number === true,
          hasEmployeeData: p.employee_data != null,
          budget: p.fin_data?.budget ?? null,
          status: p.status ?? null,
        }
      : null,
    banSelected: false,
  };
}

/** Runs every probe for one account; returns name → status. */
async function runMatrix(
  login: string,
): Promise<{ got: Record<string, string>; want: Record<string, Outcome> }> {
  const h = createHarness();
  const a = h.agent();
  const got: Record<string, string> = {};
  const want: Record<string, Outcome> = {};
  const logged = await a.login(login);
  if (logged.status !== 'OKOK') {
    // cannot log in (single sign-on only): every protected call is E009
    for (const p of PROBES) {
      want[p.name] = 'E009';
      got[p.name] = (await a.call(p.method, p.path(h), p.body?.(h))).status;
    }
    return { got, want };
  }
  const user = logged.result as Parameters<typeof factsOf>[0] & { headBan?: string | null };
  const facts = factsOf(user);
  const cfg = userConfig(facts);
  const ctx = {
    facts,
    ownBan: user.profile?.sn == null ? (user.headBan ?? null) : null,
    hasProfile: user.profile != null,
    h,
  };
  const multiRole = user.roles.length > 1;
  if (multiRole) {
    // nothing but the session, the choice and logout before a role is chosen (E139); then the matrix runs as usual
    want['before role choice'] = 'E139';
    got['before role choice'] = (await a.call('GET', 'user/search?q=ova&pageNo=0&pageSize=45')).status;
    await a.call('POST', 'v1/adfs/save-chosen-role', { updatedValue: user.roles[0] });
  }
  for (const p of PROBES) {
    let body = p.body?.(h);
    // a multi-role user has chosen roles[0] above: another of its roles is a second choice (E134)
    if (p.name === 'session.saveChosenRole') body = { updatedValue: user.roles[multiRole ? 1 : 0] };
    want[p.name] = mustChangePassword(facts) && !OPEN_WHILE_FORCED.has(p.name) ? 'E005' : p.expect(cfg, ctx);
    if (multiRole && p.name === 'session.saveChosenRole') want[p.name] = 'E134';
    got[p.name] = (await a.call(p.method, p.path(h), body)).status;
  }
  return { got, want };
}

describe('permission matrix (domain rules)', () => {
  it.each(DEMO_ACCOUNTS.map((a) => [a.login]))('%s', async (login) => {
    const { got, want } = await runMatrix(login);
    expect(got).toEqual(want);
  });

  it('without a session every protected call is E009', async () => {
    const h = createHarness();
    const a = h.agent();
    for (const p of PROBES)
      expect([p.name, (await a.call(p.method, p.path(h), p.body?.(h))).status]).toEqual([p.name, 'E009']);
  });
});

describe('permission spot rows (spec 6, written out)', () => {
  const rows: [string, Record<string, Outcome>][] = [
    [
      'helpdesk', // administration, editUser, createAdmin; "search: … (not R002)": no search box, but EditUser searches users
      {
        'admin.search': 'OKOK',
        'lookup.ban': 'E005',
        'admin.get': 'OKOK',
        'admin.create (staff)': 'OKOK',
        'admin.create (client)': 'E005',
        'admin.update': 'OKOK',
        'admin.impersonate': 'E005',
        'session.profile': 'E014',
      },
    ],
    [
      'seller', // R005: administration and search, no editUser, no create flags
      {
        'admin.search': 'OKOK',
        'lookup.sn': 'OKOK',
        'admin.get': 'OKOK',
        'admin.update': 'E005',
        'admin.setBlocked': 'E005',
        'admin.create (staff)': 'E005',
        'admin.create (client)': 'E005',
        'admin.impersonate': 'OKOK',
      },
    ],
    [
      'callcenter', // R003: createSubscriber but not createAdmin, so it edits no staff account
      { 'admin.create (staff)': 'E005', 'admin.create (client)': 'OKOK', 'admin.update': 'E005' },
    ],
    [
      'curator',
      {
        'admin.search': 'E005',
        'lookup.ban': 'E005',
        'profile.numbers': 'OKOK',
        'admin.impersonate': 'E005',
        'session.profile': 'OKOK',
      },
    ],
    ['keyowner', { 'profile.numbers': 'E005', 'admin.get': 'E005', 'session.profile': 'OKOK' }],
    [
      'okk',
      { 'admin.search': 'E005', 'admin.get': 'E005', 'admin.impersonate': 'E005', 'session.profile': 'E014' },
    ],
    ['newcurator', { 'session.user': 'OKOK', 'profile.numbers': 'E005', 'session.changePassword': 'OKOK' }],
    [
      'admin',
      {
        'admin.search': 'OKOK',
        'admin.create (staff)': 'OKOK',
        'admin.create (client)': 'OKOK',
        'admin.setBlocked': 'OKOK',
        'profile.numbers': 'OKOK',
      },
    ],
    ['staff-sso', { 'session.user': 'E009', 'admin.search': 'E009' }],
  ];
  it.each(rows)('%s', async (login, expected) => {
    const { got } = await runMatrix(login);
    for (const [call, outcome] of Object.entries(expected))
      expect([call, got[call]]).toEqual([call, outcome]);
  });
});
