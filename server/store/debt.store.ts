import type { DebtFacts } from '../../src/domain/debt.rules';
import type { Db } from '../db/database';

/** An overdue account with its sent notice, as stored. */
export type DebtRow = DebtFacts & {
  sentBy: string | null;
  /** the notice as it was sent (null while not sent) */
  sentNotice: { number: string; issuedOn: string; debt: number; daysOverdue: number } | null;
};

interface Raw {
  ban: string;
  company: string;
  debt: number;
  due_date: string;
  last_payment_date: string | null;
  last_payment_amount: number | null;
  number: string | null;
  issued_on: string | null;
  n_debt: number | null;
  n_days: number | null;
  sent_at: number | null;
  sent_by_login: string | null;
}

const SELECT = `SELECT a.ban, a.company, a.debt, a.due_date, a.last_payment_date, a.last_payment_amount,
  n.number, n.issued_on, n.debt AS n_debt, n.days_overdue AS n_days, n.sent_at, n.sent_by_login
  FROM debt_accounts a LEFT JOIN debt_notices n ON n.ban = a.ban`;

function toRow(r: Raw): DebtRow {
  return {
    ban: r.ban,
    company: r.company,
    debt: r.debt,
    dueDate: r.due_date,
    lastPaymentDate: r.last_payment_date,
    lastPaymentAmount: r.last_payment_amount,
    noticeSentAt: r.sent_at,
    sentBy: r.sent_by_login,
    sentNotice:
      r.number !== null && r.issued_on !== null
        ? { number: r.number, issuedOn: r.issued_on, debt: r.n_debt ?? r.debt, daysOverdue: r.n_days ?? 0 }
        : null,
  };
}

/**
 * Overdue accounts and their sent notices. The whole list is a few hundred rows: it is read at once and the domain
 * rules filter, sort and page it (the same rules the SPA's URL parameters use).
 */
export function createDebtStore(db: Db) {
  const all = db.prepare(SELECT);
  const one = db.prepare(`${SELECT} WHERE a.ban = ?`);
  const insNotice = db.prepare(`INSERT INTO debt_notices
    (ban, number, issued_on, debt, days_overdue, sent_at, sent_by_user, sent_by_login)
    VALUES (@ban, @number, @issuedOn, @debt, @daysOverdue, @at, @userId, @login)
    ON CONFLICT(ban) DO NOTHING`);
  return {
    all: (): DebtRow[] => (all.all() as Raw[]).map(toRow),
    get: (ban: string): DebtRow | undefined => {
      const r = one.get(ban) as Raw | undefined;
      return r ? toRow(r) : undefined;
    },
    /** Records the notice as sent; a notice already sent stays as it was (first sender and date win). */
    markSent(n: {
      ban: string;
      number: string;
      issuedOn: string;
      debt: number;
      daysOverdue: number;
      at: number;
      userId: number;
      login: string;
    }): boolean {
      return insNotice.run(n).changes > 0;
    },
  };
}

export type DebtStore = ReturnType<typeof createDebtStore>;
