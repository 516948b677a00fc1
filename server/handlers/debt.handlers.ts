import { tashkentDay } from '../../src/domain/dates.rules';
import {
  DEBT_PAGE_SIZE,
  DEFAULT_DEBT_PARAMS,
  daysOverdue,
  type NoticeFields,
  noticeFields,
  pageDebts,
} from '../../src/domain/debt.rules';
import type { DebtAccountWire } from '../../src/services/contract/debt.contract';
import { noticeText } from '../debt/notice-text';
import { ensure, type Handlers, type Services } from '../handler';
import { buildTextPdf } from '../pdf/pdf';
import type { DebtRow } from '../store/debt.store';

/**
 * Debt control (docs/decisions.md "Debt control"). Who may call: the `debt` config group (R010, R031) only, by the
 * access table (server/permissions.ts); the administrator's own navigation list excludes debt control, and that
 * reading is kept here.
 */

/** Today in Tashkent (TZ1): days overdue and a notice's date count from it, whatever the server's zone. */
const todayOf = (svc: Services) => tashkentDay(svc.clock.now());

function toWire(r: DebtRow, today: string): DebtAccountWire {
  return {
    ban: r.ban,
    company: r.company,
    debt: r.debt,
    dueDate: r.dueDate,
    daysOverdue: daysOverdue(r.dueDate, today),
    lastPaymentDate: r.lastPaymentDate,
    lastPaymentAmount: r.lastPaymentAmount,
    sent: r.noticeSentAt !== null && r.sentBy !== null ? { at: r.noticeSentAt, by: r.sentBy } : null,
  };
}

/** The notice as sent (its fixed day, amount and days) or, while not sent, the draft dated today. */
function fieldsOf(r: DebtRow, today: string): NoticeFields {
  const base = noticeFields(r, r.sentNotice?.issuedOn ?? today);
  return r.sentNotice
    ? { ...base, number: r.sentNotice.number, debt: r.sentNotice.debt, daysOverdue: r.sentNotice.daysOverdue }
    : base;
}

function noticeReply(r: DebtRow, today: string) {
  const f = fieldsOf(r, today);
  const text = noticeText(f);
  return {
    account: toWire(r, today),
    number: f.number,
    date: f.date,
    payBy: f.payBy,
    text: { ru: text.ru, uz: text.uz },
    sent: r.noticeSentAt !== null && r.sentBy !== null ? { at: r.noticeSentAt, by: r.sentBy } : null,
  };
}

/** An overdue account (E052 otherwise: not a BAN of the debt list, or no longer overdue). */
function overdueAccount(svc: Services, ban: string): DebtRow {
  const r = svc.debts.get(ban);
  ensure(r && daysOverdue(r.dueDate, todayOf(svc)) > 0, 'E052');
  return r;
}

export const debtHandlers: Handlers = {
  'debt.list': ({ input, svc }) => {
    const q = input.query;
    const today = todayOf(svc);
    const params = {
      q: q.q ?? DEFAULT_DEBT_PARAMS.q,
      minDays: q.minDays ?? DEFAULT_DEBT_PARAMS.minDays,
      notice: q.notice ?? DEFAULT_DEBT_PARAMS.notice,
      sort: q.sort ?? DEFAULT_DEBT_PARAMS.sort,
      dir: q.dir ?? DEFAULT_DEBT_PARAMS.dir,
      page: q.page + 1,
    };
    const size = q.size ?? DEBT_PAGE_SIZE;
    const page = pageDebts(svc.debts.all(), params, today, size);
    return {
      content: page.content.map((r) => toWire(r, today)),
      totalElements: page.total,
      totalPages: page.totalPages,
      totalDebt: page.totalDebt,
      page: q.page,
      size,
    };
  },
  'debt.notice': ({ input, svc }) => noticeReply(overdueAccount(svc, input.query.ban), todayOf(svc)),
  'debt.markSent': ({ input, session, svc }) => {
    const today = todayOf(svc);
    const r = overdueAccount(svc, input.body.ban);
    const f = fieldsOf(r, today);
    const fresh = svc.debts.markSent({
      ban: r.ban,
      number: f.number,
      issuedOn: f.date,
      debt: f.debt,
      daysOverdue: f.daysOverdue,
      at: svc.clock.now(),
      userId: session.user.id,
      login: session.user.login,
    });
    // who sent which account's notice is an audit fact; the company and amounts stay out of the log
    if (fresh) svc.logger.info('debt.noticeSent', { ban: r.ban, userId: session.user.id });
    return noticeReply(overdueAccount(svc, r.ban), today);
  },
  'debt.pdf': async ({ input, svc }) => {
    const r = overdueAccount(svc, input.query.ban);
    ensure(r.sentNotice !== null, 'E013', 'the notice is not sent yet');
    const f = fieldsOf(r, todayOf(svc));
    const text = noticeText(f);
    const [ruTitle = f.number, ...ruBody] = text.ru;
    const [uzTitle = f.number, ...uzBody] = text.uz;
    const bytes = await buildTextPdf({
      title: ruTitle,
      lang: 'ru',
      blocks: [
        { kind: 'heading', text: ruTitle },
        ...ruBody.map((t) => ({ kind: 'paragraph' as const, text: t })),
        { kind: 'heading', text: uzTitle },
        ...uzBody.map((t) => ({ kind: 'paragraph' as const, text: t })),
        { kind: 'small', text: f.number },
      ],
    });
    return new File([bytes as BlobPart], `notice-${f.number}.pdf`, { type: 'application/pdf' });
  },
};
