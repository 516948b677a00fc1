/**
 * THE SEED RULE (docs/decisions.md OPS1). Two kinds of rows are seeded, and a new table's seed must say which it is:
 * - reference catalogues a real deployment needs (regions, branches, block prices, the internet-package catalogue):
 *   server/db/reference-seed.ts `seedReference`, run on every start in every mode; nothing there names a person, a
 *   company, a number or an account;
 * - demo data (everything else: demo accounts, generated companies, users and numbers, debt, the golden-number pool,
 *   documents, orders, pre-orders and the simulated tax service, AT 39, employees, services assignments, the
 *   companies' activity log, …): this
 *   file's `seedDatabase` and the seeds it calls, run ONLY in demo mode (server/start.ts `prepareDatabase`,
 *   `config.demoMode`). A production start never writes them.
 * A seed for a new table goes into one of the two (a demo one is called from `seedDatabase` below, or from the demo
 * branch of `prepareDatabase` when older demo databases must get it too). tests/server/production-seed.test.ts counts
 * the rows of every table of the schema after a production start and fails on a filled table that
 * REFERENCE_TABLES does not name.
 */
import { DEFAULT_COST, hashPasswordSync, type ScryptCost } from '../auth/passwords';
import { seedActivity } from './activity-seed';
import { seedAddons } from './addons-seed';
import { seedAt39 } from './at39-seed';
import type { Db } from './database';
import { seedDebt } from './debt-seed';
import { DEMO_ACCOUNTS, DEMO_COMPANIES, DEMO_LOCK_PRICES, DEMO_PASSWORD } from './demo-accounts';
import { seedDocuments } from './documents-seed';
import { seedEmployeeDetails } from './employees-seed';
import { seedGolden } from './golden-seed';
import { seedPreorders } from './preorder-seed';
import { createRng, type Rng } from './prng';
import { branchesOfRegion, seedReference } from './reference-seed';
import {
  COMPANY_CITIES,
  COMPANY_SUFFIXES,
  COMPANY_TRADES,
  FEMALE_NAMES,
  MALE_NAMES,
  POSITIONS,
  PRICE_PLANS,
  REGIONS,
  STAFF_ROLES,
  SURNAMES,
} from './seed-data';

/** Bumped when the generated data changes shape; stored in `meta.seed_version`. */
export const SEED_VERSION = '1';
const SEED = 20_260_115;
const DAY = 86_400_000;

export interface SeedOptions {
  /** creation time of the seeded rows (epoch ms); fixed by default so every seed is identical */
  now?: number;
  /** scrypt cost of the demo passwords (tests lower it to seed faster) */
  passwordCost?: ScryptCost;
  /** generated companies besides the demo ones */
  extraCompanies?: number;
  /** generated users besides the demo accounts */
  extraUsers?: number;
  /** the day the overdue accounts count back from (default `now`); `npm start` passes the real day */
  debtAsOf?: number;
}

export interface SeedSummary {
  companies: number;
  numbers: number;
  employees: number;
  users: number;
  ms: number;
}

export function isSeeded(db: Db): boolean {
  return db.prepare("SELECT 1 FROM meta WHERE key = 'seed_version'").get() !== undefined;
}

function personName(rng: Rng): string {
  const female = rng.chance(0.45);
  const surname = rng.pick(SURNAMES);
  return female ? `${surname}a ${rng.pick(FEMALE_NAMES)}` : `${surname} ${rng.pick(MALE_NAMES)}`;
}

/** 'Yoʻldosheva Nilufar' → 'n.yoldosheva' */
function loginOf(fullName: string): string {
  const [surname = 'user', first = 'x'] = fullName
    .toLowerCase()
    .replace(/[ʻʼ'`]/g, '')
    .split(' ');
  return `${first[0]}.${surname}`;
}

/**
 * Fills an empty (migrated) database with the deterministic demo data in one transaction, after the reference
 * catalogues (seedReference, when not there yet): the demo companies of demo-accounts.ts plus generated ones (account types 5, 15, 16, 20, 40), their numbers in every
 * status (A, O, S, N, T), employees, the demo accounts (password DEMO_PASSWORD) and generated users in every
 * status. Generated users have no password (they cannot log in) so the seed stays fast.
 */
export function seedDatabase(db: Db, opts: SeedOptions = {}): SeedSummary {
  const started = performance.now();
  const now = opts.now ?? Date.UTC(2026, 0, 15, 9, 0, 0);
  const cost = opts.passwordCost ?? DEFAULT_COST;
  const rng = createRng(SEED);
  const counts = { companies: 0, numbers: 0, employees: 0, users: 0 };

  // Hash outside the transaction: scrypt is the slow part and needs no lock.
  const demoHashes = new Map(
    DEMO_ACCOUNTS.map((a) => [a.login, a.ssoOnly ? null : hashPasswordSync(DEMO_PASSWORD, cost)]),
  );

  const insCompany = db.prepare(`INSERT INTO companies
    (ban, name, tin, at, status, can_buy_number, balance, budget, unbilled_amnt, branch_id, region_id,
     phone_number, email_address, feedback_type)
    VALUES (@ban, @name, @tin, @at, @status, @can_buy, @balance, @budget, @unbilled, @branch_id, @region_id,
     @phone, @email, @feedback)`);
  const insNumber =
    db.prepare(`INSERT INTO numbers (sn, ban, status, price_plan, balance, budget, activated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const insEmployee = db.prepare('INSERT INTO employees (ban, sn, full_name, position) VALUES (?, ?, ?, ?)');
  const insUser = db.prepare(`INSERT INTO users
    (login, full_name, password_hash, status, force_change_password, sso_only, self_registered, ban, sn, email, phone,
     branch_id, created_at, updated_at)
    VALUES (@login, @full_name, @hash, @status, @force, @sso, @self, @ban, @sn, @email, @phone, @branch_id, @at, @at)`);
  const insRole = db.prepare('INSERT INTO user_roles (user_id, position, role) VALUES (?, ?, ?)');
  const insUserRegion = db.prepare('INSERT INTO user_regions (user_id, region_id) VALUES (?, ?)');
  const setLockFlags = db.prepare('UPDATE companies SET lock_privileged = ?, lop_ban = ? WHERE ban = ?');
  const setLockPrice = db.prepare('INSERT OR REPLACE INTO lock_prices (scope, price) VALUES (?, ?)');
  const setMeta = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');

  const branchesOf = new Map<number, number[]>();
  const usedSn = new Set<string>(DEMO_ACCOUNTS.flatMap((a) => (a.sn ? [a.sn] : [])));
  const usedBan = new Set<string>(DEMO_COMPANIES.map((c) => c.ban));
  const usedLogin = new Set<string>(DEMO_ACCOUNTS.map((a) => a.login));
  const numbersOf = new Map<string, string[]>();

  const newSn = (): string => {
    for (;;) {
      const sn = `${rng.pick(['90', '91'])}${String(rng.int(0, 9_999_999)).padStart(7, '0')}`;
      if (!usedSn.has(sn)) {
        usedSn.add(sn);
        return sn;
      }
    }
  };
  const uniqueLogin = (base: string): string => {
    let login = base;
    for (let i = 2; usedLogin.has(login); i++) login = `${base}${i}`;
    usedLogin.add(login);
    return login;
  };

  const addNumbers = (
    ban: string,
    count: number,
    fixed: readonly { sn: string; budget: number | null }[],
  ) => {
    const list: string[] = [];
    for (const f of fixed) {
      insNumber.run(
        f.sn,
        ban,
        'A',
        rng.pick(PRICE_PLANS),
        rng.int(0, 200) * 500,
        f.budget,
        now - rng.int(30, 1800) * DAY,
      );
      list.push(f.sn);
    }
    const order = ['A', 'O', 'S', 'N', 'T'] as const;
    for (let i = list.length; i < count; i++) {
      const sn = newSn();
      // the first five lines cover every status; the rest are mostly active
      const roll = rng.next();
      const status =
        i < fixed.length + order.length
          ? order[i - fixed.length]
          : roll < 0.72
            ? 'A'
            : roll < 0.8
              ? 'O'
              : roll < 0.9
                ? 'S'
                : roll < 0.95
                  ? 'N'
                  : 'T';
      const budget = rng.chance(0.3) ? rng.int(1, 20) * 25_000 : null;
      insNumber.run(
        sn,
        ban,
        status,
        rng.pick(PRICE_PLANS),
        rng.int(-20, 400) * 500,
        budget,
        now - rng.int(1, 1800) * DAY,
      );
      list.push(sn);
    }
    counts.numbers += list.length;
    numbersOf.set(ban, list);
    return list;
  };

  const addEmployees = (ban: string, numbers: readonly string[], share: number) => {
    for (const sn of numbers) {
      if (!rng.chance(share)) continue;
      insEmployee.run(ban, sn, personName(rng), rng.pick(POSITIONS));
      counts.employees++;
    }
  };

  const addUser = (u: {
    login: string;
    fullName: string;
    hash: string | null;
    status: 'active' | 'blocked' | 'pending';
    roles: readonly string[];
    force?: boolean;
    sso?: boolean;
    selfRegistered?: boolean;
    ban?: string | null;
    sn?: string | null;
    branchId?: number | null;
    regionIds?: readonly number[];
    createdAt: number;
  }) => {
    const id = Number(
      insUser.run({
        login: u.login,
        full_name: u.fullName,
        hash: u.hash,
        status: u.status,
        force: u.force ? 1 : 0,
        sso: u.sso ? 1 : 0,
        self: u.selfRegistered ? 1 : 0,
        ban: u.ban ?? null,
        sn: u.sn ?? null,
        email: `${u.login.replace(/[^a-z0-9.]/gi, '')}@example.uz`,
        phone: u.sn ? `998${u.sn}` : null,
        branch_id: u.branchId ?? null,
        at: u.createdAt,
      }).lastInsertRowid,
    );
    for (const [i, r] of u.roles.entries()) insRole.run(id, i, r);
    for (const r of u.regionIds ?? []) insUserRegion.run(id, r);
    counts.users++;
  };

  seedReference(db);
  db.transaction(() => {
    for (const r of REGIONS)
      branchesOf.set(
        r.id,
        branchesOfRegion(r.id).map((b) => b.id),
      );
    const branchIn = (regionId: number) => rng.pick(branchesOf.get(regionId) ?? [11]);

    setLockPrice.run('number', DEMO_LOCK_PRICES.number);
    setLockPrice.run('account', DEMO_LOCK_PRICES.account);
    // Demo companies, with the demo subscribers' own numbers first.
    for (const c of DEMO_COMPANIES) {
      insCompany.run({
        ban: c.ban,
        name: c.name,
        tin: c.tin,
        at: c.at,
        status: 'A',
        can_buy: c.canBuyNumber ? 1 : 0,
        balance: c.balance,
        budget: c.budget,
        unbilled: c.unbilled,
        branch_id: branchIn(c.regionId),
        region_id: c.regionId,
        phone: `99871${rng.int(2_000_000, 2_999_999)}`,
        email: `info@${c.name.split(' ')[0]?.toLowerCase().replace(/ʻ/g, '')}.uz`,
        feedback: rng.pick(['email', 'sms']),
      });
      setLockFlags.run(c.lockPrivileged ? 1 : 0, c.lopBan ? 1 : 0, c.ban);
      counts.companies++;
      const fixed = DEMO_ACCOUNTS.filter((a) => a.company === c.key && a.sn).map((a) => ({
        sn: a.sn as string,
        budget: a.snBudget ?? null,
      }));
      const numbers = addNumbers(c.ban, c.numbers, fixed);
      // buxoro and xorazm have no employees (no dispatcher); the others do
      if (c.key !== 'buxoro' && c.key !== 'xorazm') addEmployees(c.ban, numbers, 0.6);
    }

    // Generated companies.
    const extra = opts.extraCompanies ?? 28;
    const types = [5, 15, 16, 20, 40] as const;
    for (let i = 0; i < extra; i++) {
      let ban: string;
      do ban = String(rng.int(110_000_000, 189_999_999));
      while (usedBan.has(ban));
      usedBan.add(ban);
      const at = types[i % types.length] as number;
      const regionId = rng.int(1, REGIONS.length);
      const roll = rng.next();
      insCompany.run({
        ban,
        name: `${rng.pick(COMPANY_CITIES)} ${rng.pick(COMPANY_TRADES)} ${rng.pick(COMPANY_SUFFIXES)}`,
        tin: `${rng.pick(['2', '3'])}${String(rng.int(0, 99_999_999)).padStart(8, '0')}`,
        at,
        status: roll < 0.85 ? 'A' : roll < 0.95 ? 'S' : 'N',
        can_buy: [5, 15, 40].includes(at) && rng.chance(0.5) ? 1 : 0,
        balance: rng.int(-400, 40_000) * 1_000,
        budget: [5, 15, 40].includes(at) ? rng.int(1, 40) * 250_000 : null,
        unbilled: at === 16 ? rng.int(1, 9_000) * 500 : null,
        branch_id: branchIn(regionId),
        region_id: regionId,
        phone: `998${rng.pick(['71', '66', '65', '74', '73'])}${rng.int(2_000_000, 2_999_999)}`,
        email: null,
        feedback: rng.pick(['email', 'sms']),
      });
      counts.companies++;
      const numbers = addNumbers(ban, rng.int(6, 260), []);
      if (rng.chance(0.6)) addEmployees(ban, numbers, 0.5);
    }

    // Demo accounts.
    for (const a of DEMO_ACCOUNTS) {
      const company = DEMO_COMPANIES.find((c) => c.key === a.company);
      addUser({
        login: a.login,
        fullName: a.fullName,
        hash: demoHashes.get(a.login) ?? null,
        status: 'active',
        roles: a.roles,
        force: a.forceChangePassword,
        sso: a.ssoOnly,
        selfRegistered: a.roles[0] === 'R001' && company?.key === 'buxoro',
        ban: company?.ban ?? null,
        sn: a.sn ?? null,
        branchId: company ? null : a.regionIds?.[0] ? a.regionIds[0] * 10 + 1 : 11,
        regionIds: a.regionIds,
        createdAt: now - 400 * DAY,
      });
    }

    // Four more self-registered subscribers of the type-20 company: with subscriber20 it has five, so registering
    // one more of its numbers through the SMS flow answers E025.
    const buxoro = DEMO_COMPANIES.find((c) => c.key === 'buxoro');
    if (buxoro) {
      const free = (numbersOf.get(buxoro.ban) ?? []).filter((sn) => !DEMO_ACCOUNTS.some((a) => a.sn === sn));
      for (const sn of free.slice(1, 5)) {
        addUser({
          login: sn,
          fullName: personName(rng),
          hash: null,
          status: 'active',
          roles: ['R001'],
          selfRegistered: true,
          ban: buxoro.ban,
          sn,
          createdAt: now - rng.int(10, 300) * DAY,
        });
      }
    }

    // Generated users in every status; none of them can log in (no password).
    const bans = [...numbersOf.keys()].filter((b) => b !== buxoro?.ban);
    const takenSn = new Set(DEMO_ACCOUNTS.flatMap((a) => (a.sn ? [a.sn] : [])));
    const extraUsers = opts.extraUsers ?? 420;
    for (let i = 0; i < extraUsers; i++) {
      const fullName = personName(rng);
      const roll = rng.next();
      const status = roll < 0.7 ? 'active' : roll < 0.85 ? 'blocked' : 'pending';
      const createdAt = now - rng.int(1, 900) * DAY;
      const kind = rng.next();
      if (kind < 0.4) {
        const role = rng.pick(STAFF_ROLES);
        const regional = /^R01[1-7]$/.test(role);
        const regionId = rng.int(1, REGIONS.length);
        addUser({
          login: uniqueLogin(loginOf(fullName)),
          fullName,
          hash: null,
          status,
          roles: [role],
          branchId: branchIn(regionId),
          regionIds: regional ? [regionId] : [],
          createdAt,
        });
      } else {
        const ban = rng.pick(bans);
        if (kind < 0.75) {
          const sn = rng.pick(numbersOf.get(ban) ?? []);
          if (takenSn.has(sn)) continue;
          takenSn.add(sn);
          addUser({
            login: uniqueLogin(sn),
            fullName,
            hash: null,
            status,
            roles: ['R001'],
            ban,
            sn,
            createdAt,
          });
        } else {
          const role = kind < 0.92 ? 'R004' : 'R007';
          addUser({
            login: uniqueLogin(loginOf(fullName)),
            fullName,
            hash: null,
            status,
            roles: [role],
            ban,
            createdAt,
          });
        }
      }
    }

    seedDebt(db, opts.debtAsOf ?? now);
    seedAt39(db, opts.debtAsOf ?? now);
    seedDocuments(db, opts.debtAsOf ?? now);
    seedAddons(db, now);
    seedPreorders(db);
    seedGolden(db);
    seedEmployeeDetails(db);
    // last: the log names the numbers, users, services, orders and documents seeded above (AL7)
    seedActivity(db, opts.debtAsOf ?? now);
    setMeta.run('seed_version', SEED_VERSION);
    setMeta.run('seeded_at', String(now));
  })();

  return { ...counts, ms: Math.round(performance.now() - started) };
}
