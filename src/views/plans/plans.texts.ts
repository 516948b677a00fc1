import type { TFunction } from 'i18next';
import type { Lang } from '@/domain/constants';
import { formatDateTime } from '@/domain/dates.rules';
import { formatMonthlyPrice } from '@/domain/money.rules';
import { phoneWord } from '@/domain/phone.rules';
import { planFailureOf } from '@/domain/plans.rules';
import { formatErrorMessage } from '@/i18n/messages';
import type { PlanRow } from '@/machines/plans-list.machine';
import { actorText } from '@/views/activity/activity.texts';

/** What a plan acts on: its numbers as the portal writes them, or the whole account with its number count. */
export function planTargetText(t: TFunction, row: PlanRow): string {
  return row.sns === null
    ? t('plansList.account', { ban: row.ban, count: row.numbers })
    : row.sns.map((sn) => phoneWord(sn)).join(', ');
}

/** Why a failed plan failed (SP6), in words; a catalogue code in the catalogue's words. */
function reasonText(t: TFunction, row: PlanRow): string | null {
  const failure = planFailureOf(row.reason);
  if (failure === null) return null;
  if (failure.kind === 'code') return formatErrorMessage(t, failure.code);
  if (failure.kind === 'other') return failure.text;
  if (failure.name === 'numbersFailed' && row.failed.length > 0)
    return t('plansList.numbersFailed', { list: row.failed.map((sn) => phoneWord(sn)).join(', ') });
  return t(`plansList.reasons.${failure.name}`);
}

/** A plan's status in words: a partly done one names the failed numbers, a failed one its reason (SP1, SP6). */
export function planStatusText(t: TFunction, row: PlanRow): string {
  if (row.status === 'partial')
    return t('plansList.partial', { list: row.failed.map((sn) => phoneWord(sn)).join(', ') });
  if (row.status === 'failed') {
    const why = reasonText(t, row);
    return why === null ? t('plansList.statuses.failed') : t('plansList.failedWhy', { reason: why });
  }
  return t(`plansList.statuses.${row.status}`);
}

/** A plan's cells as the table shows them (SP9). */
export function planCells(t: TFunction, row: PlanRow, lang: Lang) {
  return {
    what: t(`plansList.actions.${row.action}`),
    target: planTargetText(t, row),
    when: formatDateTime(row.runAt),
    status: planStatusText(t, row),
    who: actorText(t, row.createdBy, false),
    key: row.keySerial ?? t('plansList.noKey'),
    price:
      row.price === null
        ? t('plansList.noPrice')
        : t('plansList.price', { price: formatMonthlyPrice(row.price, lang) }),
  } as const;
}

/** The columns, in the table's order (the Cancel button's column last). */
export const PLAN_COLUMNS = ['what', 'target', 'when', 'status', 'who', 'key', 'price'] as const;
