import { tashkentDay } from '../../src/domain/dates.rules';
import { addDays } from '../../src/domain/debt.rules';
import type { Db } from './database';
import { createRng } from './prng';
import { COMPANY_CITIES, COMPANY_SUFFIXES, COMPANY_TRADES } from './seed-data';

/** Its own stream of the PRNG, so adding debtors never changes the rest of the demo data. */
const DEBT_SEED = 20_261_120;
/** Overdue accounts the demo has. */
export const DEBT_ACCOUNTS = 320;

/** Some debtors carry a Russian (Cyrillic) company name, as many registered companies do. */
const RU_CITIES = ['Ташкент', 'Самарканд', 'Бухара', 'Андижан', 'Наманган', 'Фергана', 'Навои', 'Карши'];
const RU_TRADES = ['Строй', 'Торг', 'Агро', 'Текстиль', 'Логистик', 'Энерго', 'Фарм', 'Сервис', 'Транс'];

/** The first debtors are fixed, so tests and the demo can name them. */
export const FIXED_DEBTORS = [
  { ban: '200100001', company: 'Fargʻona Paxta Savdo MChJ', debt: 18_450_000, overdue: 127, lastPaid: 150 },
  { ban: '200100002', company: 'ООО «Ташкент Строй Сервис»', debt: 7_230_500, overdue: 64, lastPaid: 80 },
  { ban: '200100003', company: 'Qoʻqon Meva-Sabzavot XK', debt: 912_000, overdue: 12, lastPaid: null },
] as const;

export function isDebtSeeded(db: Db): boolean {
  return db.prepare('SELECT 1 FROM debt_accounts LIMIT 1').get() !== undefined;
}

/**
 * Seeds the overdue accounts (only when there are none): amounts, due dates and payments are the same on every
 * machine; the dates are counted back from `asOf` (the seeding day), so "days overdue" reads the same on the day the
 * demo is seeded (the tests pass a fixed day). Returns how many accounts were added.
 */
export function seedDebt(db: Db, asOf: number): number {
  if (isDebtSeeded(db)) return 0;
  const rng = createRng(DEBT_SEED);
  const today = tashkentDay(asOf);
  const ins = db.prepare(`INSERT INTO debt_accounts
    (ban, company, debt, due_date, last_payment_date, last_payment_amount) VALUES (?, ?, ?, ?, ?, ?)`);
  const used = new Set<string>();
  db.transaction(() => {
    for (const f of FIXED_DEBTORS) {
      used.add(f.ban);
      ins.run(
        f.ban,
        f.company,
        f.debt,
        addDays(today, -f.overdue),
        f.lastPaid === null ? null : addDays(today, -f.lastPaid),
        f.lastPaid === null ? null : 1_250_000,
      );
    }
    for (let i = FIXED_DEBTORS.length; i < DEBT_ACCOUNTS; i++) {
      let ban: string;
      do ban = String(rng.int(200_200_000, 299_999_999));
      while (used.has(ban));
      used.add(ban);
      const company = rng.chance(0.2)
        ? `ООО «${rng.pick(RU_CITIES)} ${rng.pick(RU_TRADES)}»`
        : `${rng.pick(COMPANY_CITIES)} ${rng.pick(COMPANY_TRADES)} ${rng.pick(COMPANY_SUFFIXES)}`;
      // most debts are recent and small; a long tail is old and large
      const overdue = rng.chance(0.6) ? rng.int(1, 45) : rng.int(46, 400);
      const debt = rng.int(1, 2_000) * (rng.chance(0.8) ? 5_000 : 50_000);
      const paid = rng.chance(0.85);
      const lastPaidAgo = overdue + rng.int(1, 120);
      ins.run(
        ban,
        company,
        debt,
        addDays(today, -overdue),
        paid ? addDays(today, -lastPaidAgo) : null,
        paid ? rng.int(1, 400) * 10_000 : null,
      );
    }
  })();
  return DEBT_ACCOUNTS;
}
