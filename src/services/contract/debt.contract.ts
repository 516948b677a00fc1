import { z } from 'zod/mini';
import { defineEndpoint } from './endpoint';
import { amount, blobResult, digits, wireDate, wireInt, wirePage, wireSize } from './fields.contract';

/**
 * Debt-control calls. Spec 7 lists none for the section "Debt control (notice)"; these are ours (docs/decisions.md
 * "Debt control"): the overdue accounts with filter, sort and paging, the notice of one account, marking it as sent
 * and downloading the dated notice as a PDF.
 */

/** GET debt/accounts query. `page` counts from 0; `minDays` one of 0, 30, 60, 90. */
export const debtListQuery = z.object({
  q: z.optional(z.string().check(z.maxLength(60))),
  minDays: z.optional(z.pipe(wireInt, z.union([z.literal(0), z.literal(30), z.literal(60), z.literal(90)]))),
  notice: z.optional(z.enum(['all', 'pending', 'sent'])),
  sort: z.optional(z.enum(['ban', 'company', 'debt', 'daysOverdue', 'lastPayment'])),
  dir: z.optional(z.enum(['asc', 'desc'])),
  page: wirePage,
  size: wireSize,
});
export type DebtListQuery = z.input<typeof debtListQuery>;

/** Who marked a notice as sent, and when (epoch ms). */
export const noticeSentSchema = z.looseObject({
  at: z.number(),
  by: z.string(),
});

/** One overdue account. Dates are ISO `YYYY-MM-DD`; amounts in sums. */
export const debtAccountSchema = z.looseObject({
  ban: z.string(),
  company: z.string(),
  debt: amount,
  dueDate: wireDate,
  daysOverdue: z.int().check(z.nonnegative()),
  lastPaymentDate: z.nullable(wireDate),
  lastPaymentAmount: z.nullable(amount),
  sent: z.nullable(noticeSentSchema),
});
export type DebtAccountWire = z.output<typeof debtAccountSchema>;

/** A page of overdue accounts; `totalDebt` sums the whole filtered list, not only this page. */
export const debtPageSchema = z.looseObject({
  content: z.array(debtAccountSchema),
  totalElements: z.int().check(z.nonnegative()),
  totalPages: z.int().check(z.nonnegative()),
  totalDebt: amount,
  page: z.int().check(z.nonnegative()),
  size: z.int().check(z.positive()),
});

/** `?ban=` of the notice calls. */
export const debtBanQuery = z.object({ ban: digits });

/** POST debt/notice/sent body. */
export const debtBanBody = z.object({ ban: digits });

/**
 * The notice of an account: the account, the notice as issued (number, date, pay-by day) with its text in Russian
 * and Uzbek (paragraphs of plain text, shown as text, never as HTML), and who marked it as sent. Until it is sent
 * the notice is a draft dated today; marking it as sent fixes its date.
 */
export const debtNoticeSchema = z.looseObject({
  account: debtAccountSchema,
  number: z.string(),
  date: wireDate,
  payBy: wireDate,
  text: z.looseObject({
    ru: z.array(z.string()),
    uz: z.array(z.string()),
  }),
  sent: z.nullable(noticeSentSchema),
});
export type DebtNoticeWire = z.output<typeof debtNoticeSchema>;

/** The debt-control calls, spread into the endpoint table (src/services/contract/endpoints.ts). */
export const debtEndpoints = {
  'debt.list': defineEndpoint({
    method: 'GET',
    path: 'debt/accounts',
    query: debtListQuery,
    result: debtPageSchema,
    auth: 'session',
    summary:
      'overdue accounts, filtered (company/BAN, days overdue, notice state), sorted and paged (from 0)',
  }),
  'debt.notice': defineEndpoint({
    method: 'GET',
    path: 'debt/notice',
    query: debtBanQuery,
    result: debtNoticeSchema,
    auth: 'session',
    summary: 'the notice of one overdue account in Russian and Uzbek (E052 not an overdue account)',
  }),
  'debt.markSent': defineEndpoint({
    method: 'POST',
    path: 'debt/notice/sent',
    body: debtBanBody,
    result: debtNoticeSchema,
    auth: 'session',
    summary: 'mark the notice as sent: records who and when and fixes the dated notice (E052)',
  }),
  'debt.pdf': defineEndpoint({
    method: 'GET',
    path: 'debt/notice/pdf',
    query: debtBanQuery,
    result: blobResult,
    reply: 'blob',
    auth: 'session',
    summary: 'the sent notice as a PDF, Russian and Uzbek (E052; E013 while not sent)',
  }),
} as const;
