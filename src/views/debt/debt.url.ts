import { DEFAULT_DEBT_PARAMS, type DebtListParams, parseDebtParams } from '@/domain/debt.rules';
import { readListSearch, writeListSearch } from '@/views/common/list-url';

/**
 * The overdue list's filter, sort and page in the URL (`?q=paxta&minDays=90&notice=pending&sort=debt&dir=asc&page=2`)
 * so reload and Back keep them; defaults are left out, unrelated parameters kept.
 */
export const parseDebtSearch = (search: string): DebtListParams => readListSearch(search, parseDebtParams);

export function debtSearch(p: DebtListParams, current = ''): string {
  const d = DEFAULT_DEBT_PARAMS;
  return writeListSearch(
    [
      ['q', p.q, d.q],
      ['minDays', String(p.minDays), String(d.minDays)],
      ['notice', p.notice, d.notice],
      ['sort', p.sort, d.sort],
      ['dir', p.dir, d.dir],
      ['page', String(p.page), '1'],
    ],
    current,
  );
}
