import type { TFunction } from 'i18next';
import { BAN_TYPE_ACCOUNTS, DIRECT_BLOCK_ACCOUNT_TYPE, UNBILLED_ACCOUNT_TYPE } from '@/domain/constants';

/**
 * An account type as people read it: named by what the spec ties to it, with the code in brackets for staff who
 * know the codes ('Корпоративный с бюджетом (тип 5)'). 5/15/40 are the ban-type budget accounts (spec 6), 16 shows
 * unbilled charges (spec 2 widgets), 20 blocks without an e-signature (spec 4); another code reads 'Тип N'.
 */
export function accountTypeLabel(t: TFunction, at: number | null | undefined): string {
  if (at === null || at === undefined) return '—';
  const name = (BAN_TYPE_ACCOUNTS as readonly number[]).includes(at)
    ? t('profile.accountTypes.budget')
    : at === UNBILLED_ACCOUNT_TYPE
      ? t('profile.accountTypes.unbilled')
      : at === DIRECT_BLOCK_ACCOUNT_TYPE
        ? t('profile.accountTypes.direct')
        : null;
  return name === null
    ? t('profile.accountTypes.other', { at })
    : t('profile.accountTypes.withCode', { name, at });
}
