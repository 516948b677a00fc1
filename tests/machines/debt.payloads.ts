import type { AnyEventObject } from 'xstate';
import { DEFAULT_DEBT_PARAMS, type DebtListParams } from '@/domain/debt.rules';
import type { DebtInput, DebtItem, DebtNotice, DebtPageResult } from '@/machines/debt.machine';
import { ApiFailure } from '@/services/api/api-error';
import type { EventPayloads } from '../support/model-universe';

/**
 * Realistic events and actor results of the debt-control chart (model paths, oracle, view walk, unit tests). Guards
 * see both outcomes: the URL asking again for what is shown and for something new; a notice not yet sent and one
 * already sent.
 */

export const debtInput: DebtInput = { params: DEFAULT_DEBT_PARAMS };
export const filteredParams: DebtListParams = { ...DEFAULT_DEBT_PARAMS, q: 'paxta', minDays: 90 };

export const paxtaRow: DebtItem = {
  ban: '200100001',
  company: 'Fargʻona Paxta Savdo MChJ',
  debt: 18_450_000,
  dueDate: '2025-09-10',
  daysOverdue: 127,
  lastPaymentDate: '2025-08-18',
  lastPaymentAmount: 1_250_000,
  sent: null,
};
export const sentBy = { at: Date.UTC(2026, 0, 15, 9, 30), by: 'okk' };

export const debtPage: DebtPageResult = { rows: [paxtaRow], total: 1, totalPages: 1, totalDebt: 18_450_000 };

const text = {
  ru: [
    'Уведомление о задолженности № DN-200100001-20260115 от 15.01.2026',
    'Кому: Fargʻona Paxta Savdo MChJ.',
  ],
  uz: ['15.01.2026 sanadagi DN-200100001-20260115-son qarzdorlik toʻgʻrisida bildirishnoma'],
};
export const unsentNotice: DebtNotice = {
  account: paxtaRow,
  number: 'DN-200100001-20260115',
  date: '2026-01-15',
  payBy: '2026-01-25',
  text,
  sent: null,
};
export const sentNotice: DebtNotice = {
  ...unsentNotice,
  account: { ...paxtaRow, sent: sentBy },
  sent: sentBy,
};

export const offline = new ApiFailure({ kind: 'network' });
export const noSession = new ApiFailure({ kind: 'server', code: 'E009' });
export const notOverdue = new ApiFailure({ kind: 'server', code: 'E052' });

const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, error: unknown): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error });

export const debtPayloads: EventPayloads = {
  'params.changed': [
    { type: 'params.changed', params: debtInput.params },
    { type: 'params.changed', params: filteredParams },
  ],
  'notice.open': [{ type: 'notice.open', ban: paxtaRow.ban }],
  // the format is only passed through (no guard reads it): one is enough, and keeps the graph small
  'export.start': [{ type: 'export.start', format: 'xlsx' }],
  'xstate.done.actor.fetchDebts': [done('fetchDebts', debtPage)],
  'xstate.error.actor.fetchDebts': [fail('fetchDebts', offline)],
  'xstate.done.actor.fetchNotice': [done('fetchNotice', unsentNotice), done('fetchNotice', sentNotice)],
  'xstate.error.actor.fetchNotice': [fail('fetchNotice', notOverdue)],
  'xstate.done.actor.markNoticeSent': [done('markNoticeSent', sentNotice)],
  'xstate.error.actor.markNoticeSent': [fail('markNoticeSent', offline)],
  'xstate.done.actor.downloadNotice': [done('downloadNotice', undefined)],
  'xstate.error.actor.downloadNotice': [fail('downloadNotice', noSession)],
  'xstate.done.actor.exportDebts': [done('exportDebts', undefined)],
  'xstate.error.actor.exportDebts': [fail('exportDebts', offline)],
};

/** The model-test entry of the debt chart (tests/support/model-registry.ts). */
export const debtModelEntry = { id: 'debt', input: debtInput, payloads: debtPayloads } as const;
