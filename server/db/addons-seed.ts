import { PROMO_GROUP, ROAMING_SOC } from '../../src/domain/addons.rules';
import type { Db } from './database';
import { DEMO_COMPANIES } from './demo-accounts';
import { createRng } from './prng';
import { PRICE_PLANS } from './seed-data';

/** Its own stream of the PRNG, so the services data never changes the rest of the demo data. */
const SERVICES_SEED = 20_261_124;

/** A package of the demo catalogue (SV2: the spec gives names and socs only; groups, volumes, prices, periods are
 *  ours). `plans`: the price plans that may take it (null: every plan). */
export interface SeedPackage {
  readonly soc: string;
  readonly group: string;
  readonly name: string;
  /** MB; null = unlimited */
  readonly volumeMb: number | null;
  /** sums per period */
  readonly price: number;
  readonly periodDays: number;
  readonly plans: readonly string[] | null;
}

const GB = 1024;
const allBut = (...no: string[]) => PRICE_PLANS.filter((p) => !no.includes(p));

/** The catalogue (docs/decisions.md SV2). */
export const IP_CATALOGUE: readonly SeedPackage[] = [
  {
    soc: 'IP_M5',
    group: 'monthly',
    name: 'NET 5 GB',
    volumeMb: 5 * GB,
    price: 25_000,
    periodDays: 30,
    plans: allBut('Korporativ Cheksiz'),
  },
  {
    soc: 'IP_M20',
    group: 'monthly',
    name: 'NET 20 GB',
    volumeMb: 20 * GB,
    price: 45_000,
    periodDays: 30,
    plans: null,
  },
  {
    soc: 'IP_M50',
    group: 'monthly',
    name: 'NET 50 GB',
    volumeMb: 50 * GB,
    price: 79_000,
    periodDays: 30,
    plans: null,
  },
  {
    soc: 'IP_MU',
    group: 'monthly',
    name: 'NET Unlim',
    volumeMb: null,
    price: 120_000,
    periodDays: 30,
    plans: allBut('Biznes Start'),
  },
  {
    soc: 'IP_D1',
    group: 'daily',
    name: 'DAY 1 GB',
    volumeMb: 1 * GB,
    price: 3_000,
    periodDays: 1,
    plans: null,
  },
  {
    soc: 'IP_D3',
    group: 'daily',
    name: 'DAY 3 GB',
    volumeMb: 3 * GB,
    price: 7_000,
    periodDays: 1,
    plans: null,
  },
  {
    soc: 'IP_N10',
    group: 'night',
    name: 'NIGHT 10 GB',
    volumeMb: 10 * GB,
    price: 15_000,
    periodDays: 30,
    plans: null,
  },
  {
    soc: 'IP_NU',
    group: 'night',
    name: 'NIGHT Unlim',
    volumeMb: null,
    price: 25_000,
    periodDays: 30,
    plans: null,
  },
  {
    soc: 'IP_S5',
    group: 'social',
    name: 'SOCIAL 5 GB',
    volumeMb: 5 * GB,
    price: 12_000,
    periodDays: 30,
    plans: null,
  },
  {
    soc: 'IP_SU',
    group: 'social',
    name: 'SOCIAL Unlim',
    volumeMb: null,
    price: 20_000,
    periodDays: 30,
    plans: null,
  },
  {
    soc: 'IP_PROMO2',
    group: PROMO_GROUP,
    name: 'PROMO 2 GB',
    volumeMb: 2 * GB,
    price: 0,
    periodDays: 30,
    plans: null,
  },
];

/** The promotional free package every offered number may take once (SV5). */
export const PROMO_SOC = 'IP_PROMO2';

/** Services deposits of the demo companies in sums (SV7); the others pay on their invoice. */
export const DEMO_DEPOSITS: Readonly<Record<string, number>> = {
  main: 10_000_000,
  samarqand: 1_500_000,
  navoiy: 3_000_000,
  buxoro: 400_000,
};

/**
 * What the type-16 curator's company holds, by the place of a number in its active numbers sorted by sn (so tests and
 * the demo can name them without knowing the generated numbers): the third already has NET 20 GB (E124), the seventh
 * has three packages (the line limit: E123), the eighth has roaming on. The first six, but the third, have nothing.
 */
export const SAMARQAND_FIXTURE = {
  hasSalePackage: 2,
  atLineLimit: 6,
  roamingOn: 7,
  clean: [0, 1, 3, 4, 5],
} as const;

/** Whether the demo's services data (deposits, connections, roaming, offers) is there; the catalogue is reference
 *  data (seedAddonsCatalogue). */
export function isAddonsSeeded(db: Db): boolean {
  return db.prepare('SELECT 1 FROM ip_deposits LIMIT 1').get() !== undefined;
}

/**
 * The catalogue of packages with the price plans that may take each (docs/decisions.md SV2): reference data a real
 * deployment needs (OPS1), seeded by server/db/reference-seed.ts in every mode. Adds only the missing rows; returns how
 * many.
 */
export function seedAddonsCatalogue(db: Db): number {
  const insPackage = db.prepare(`INSERT OR IGNORE INTO ip_packages
    (soc, ip_group, name, volume_mb, price, period_days, is_free, sort) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  const insPlan = db.prepare('INSERT OR IGNORE INTO ip_package_plans (soc, price_plan) VALUES (?, ?)');
  let added = 0;
  for (const [i, p] of IP_CATALOGUE.entries()) {
    added += insPackage.run(
      p.soc,
      p.group,
      p.name,
      p.volumeMb,
      p.price,
      p.periodDays,
      p.price === 0 ? 1 : 0,
      i,
    ).changes;
    for (const plan of p.plans ?? PRICE_PLANS) added += insPlan.run(p.soc, plan).changes;
  }
  return added;
}

/** The active (A, O) numbers of a BAN sorted by sn: the services lists show these. */
export function activeNumbersOf(db: Db, ban: string): { sn: string; pricePlan: string }[] {
  return db
    .prepare(
      "SELECT sn, price_plan AS pricePlan FROM numbers WHERE ban = ? AND status IN ('A', 'O') ORDER BY sn",
    )
    .all(ban) as { sn: string; pricePlan: string }[];
}

/**
 * Seeds the demo's deposits, connected packages, roaming and promotion offers (only once), after the catalogue (which
 * is reference data, added here too when missing). Deterministic: the same rows on every machine.
 */
export function seedAddons(db: Db, now: number): void {
  if (isAddonsSeeded(db)) return;
  const rng = createRng(SERVICES_SEED);
  const insConn = db.prepare(
    'INSERT OR IGNORE INTO ip_connections (sn, soc, connected_at, connected_by) VALUES (?, ?, ?, NULL)',
  );
  const insRoaming = db.prepare('INSERT OR IGNORE INTO ip_roaming (sn, since, by_user) VALUES (?, ?, NULL)');
  const insDeposit = db.prepare('INSERT INTO ip_deposits (ban, balance) VALUES (?, ?)');
  const insPromo = db.prepare('INSERT INTO ip_promotions (sn, soc, taken_at) VALUES (?, ?, ?)');
  const bans = (db.prepare('SELECT ban FROM companies ORDER BY ban').all() as { ban: string }[]).map(
    (r) => r.ban,
  );
  const paid = IP_CATALOGUE.filter((p) => p.price > 0 && p.soc !== ROAMING_SOC);
  const samarqand = DEMO_COMPANIES.find((c) => c.key === 'samarqand')?.ban;

  db.transaction(() => {
    seedAddonsCatalogue(db);
    for (const c of DEMO_COMPANIES) {
      const amount = DEMO_DEPOSITS[c.key];
      if (amount !== undefined) insDeposit.run(c.ban, amount);
    }
    const demoBans = new Set<string>(DEMO_COMPANIES.map((c) => c.ban));
    for (const ban of bans) {
      if (!demoBans.has(ban) && rng.chance(0.5)) insDeposit.run(ban, rng.int(1, 400) * 10_000);
      const numbers = activeNumbersOf(db, ban);
      const fixed = ban === samarqand;
      for (const [i, n] of numbers.entries()) {
        const day = now - rng.int(1, 300) * 86_400_000;
        if (fixed && i < 10) {
          if (i === SAMARQAND_FIXTURE.hasSalePackage) insConn.run(n.sn, 'IP_M20', day);
          if (i === SAMARQAND_FIXTURE.atLineLimit)
            for (const soc of ['IP_M5', 'IP_D1', 'IP_N10']) insConn.run(n.sn, soc, day);
          if (i === SAMARQAND_FIXTURE.roamingOn) insRoaming.run(n.sn, day);
          continue;
        }
        if (rng.chance(0.3)) insConn.run(n.sn, rng.pick(paid).soc, day);
        if (rng.chance(0.08)) insRoaming.run(n.sn, day);
        if (i % 5 === 1) {
          const taken = rng.chance(0.3);
          insPromo.run(n.sn, PROMO_SOC, taken ? day : null);
          if (taken) insConn.run(n.sn, PROMO_SOC, day);
        }
      }
    }
  })();
}
