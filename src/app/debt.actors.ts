import { fromPromise } from 'xstate';
import { DEBT_PAGE_SIZE, type DebtListParams, documentDate } from '@/domain/debt.rules';
import { formatSum } from '@/domain/money.rules';
import { currentLang, i18n } from '@/i18n/i18n';
import {
  type DebtItem,
  type DebtNotice,
  type DebtNoticeInput,
  type DebtPageResult,
  debtMachine,
  type ExportDebtsInput,
  type FetchDebtsInput,
} from '@/machines/debt.machine';
import type { DebtAccountWire, DebtNoticeWire } from '@/services/contract/debt.contract';
import { saveBlob } from '@/services/export/blob-download.export';
import { debtTable } from '@/services/export/debt.export';
import { saveFile } from '@/services/export/download.export';
import { fetchAllPages } from '@/services/export/numbers.export';
import { exportFileName } from '@/services/export/table.export';
import { exportTableFile } from '@/services/export/table-file.export';
import type { ApiLoader, AppApi } from './api';

/**
 * Real actors of the debt-control chart on the app's one API client (E009 from any call reaches the session through
 * that client). `createAppLogic` (src/app/app-logic.ts) builds it once; tests provide fakes to the same machine.
 */

type Api = ApiLoader;
/** Rows per request of the export (the contract's largest page). */
const EXPORT_PAGE = 1000;

const toItem = (a: DebtAccountWire): DebtItem => ({
  ban: a.ban,
  company: a.company,
  debt: a.debt,
  dueDate: a.dueDate,
  daysOverdue: a.daysOverdue,
  lastPaymentDate: a.lastPaymentDate,
  lastPaymentAmount: a.lastPaymentAmount,
  sent: a.sent ? { at: a.sent.at, by: a.sent.by } : null,
});

const toNotice = (n: DebtNoticeWire): DebtNotice => ({
  account: toItem(n.account),
  number: n.number,
  date: n.date,
  payBy: n.payBy,
  text: { ru: n.text.ru, uz: n.text.uz },
  sent: n.sent ? { at: n.sent.at, by: n.sent.by } : null,
});

const listQuery = (p: DebtListParams) => ({
  ...(p.q === '' ? {} : { q: p.q }),
  minDays: p.minDays,
  notice: p.notice,
  sort: p.sort,
  dir: p.dir,
});

export function createDebtLogic(api: Api, save = { file: saveFile, blob: saveBlob }) {
  const fetchDebts = async ({ params }: FetchDebtsInput): Promise<DebtPageResult> => {
    const reply = await (await api()).call('debt.list', {
      query: { ...listQuery(params), page: params.page - 1, size: DEBT_PAGE_SIZE },
    });
    return {
      rows: reply.content.map(toItem),
      total: reply.totalElements,
      totalPages: reply.totalPages,
      totalDebt: reply.totalDebt,
    };
  };
  const exportDebts = async ({ params, format }: ExportDebtsInput): Promise<void> => {
    const client = await api();
    const rows = await fetchAllPages(
      async (page, size) => {
        const reply = await client.call('debt.list', { query: { ...listQuery(params), page, size } });
        return { rows: reply.content.map(toItem), totalPages: reply.totalPages };
      },
      { size: EXPORT_PAGE },
    );
    const t = i18n.t.bind(i18n);
    const table = debtTable(rows, {
      columns: [
        t('debt.columns.ban'),
        t('debt.columns.company'),
        t('debt.columns.debt'),
        t('debt.columns.daysOverdue'),
        t('debt.columns.dueDate'),
        t('debt.columns.lastPayment'),
        t('debt.columns.lastPaymentAmount'),
        t('debt.columns.notice'),
      ],
      money: (amount: number) => formatSum(amount, { lang: currentLang() }),
      date: documentDate,
      sent: (s) => (s ? t('debt.sentMark') : t('debt.pendingMark')),
    });
    const name = exportFileName(['debt', params.q, String(params.minDays), params.notice], format);
    await exportTableFile(table, { name, format, sheetName: t('debt.title') }, save.file);
  };
  return debtMachine.provide({
    actors: {
      fetchDebts: fromPromise<DebtPageResult, FetchDebtsInput>(({ input }) => fetchDebts(input)),
      fetchNotice: fromPromise<DebtNotice, DebtNoticeInput>(async ({ input }) =>
        toNotice(await (await api()).call('debt.notice', { query: { ban: input.ban } })),
      ),
      markNoticeSent: fromPromise<DebtNotice, DebtNoticeInput>(async ({ input }) =>
        toNotice(await (await api()).call('debt.markSent', { body: { ban: input.ban } })),
      ),
      downloadNotice: fromPromise<void, DebtNoticeInput>(async ({ input }) => {
        const blob = await (await api()).download('debt.pdf', { query: { ban: input.ban } });
        save.blob(blob, `notice-${input.ban}.pdf`);
      }),
      exportDebts: fromPromise<void, ExportDebtsInput>(({ input }) => exportDebts(input)),
    },
  });
}

/** The page workflows this area provides (its manifest ./debt.workflow.ts; composed in ./page-logic.generated.ts). */
export const pageLogic = (api: AppApi) => ({ debt: createDebtLogic(api.load) });
