import { DEFAULT_DEBT_PARAMS, type DebtListParams, parseDebtParams } from '@/domain/debt.rules';

/**
 * The overdue list's filter, sort and page in the URL (`?q=paxta&minDays=90&notice=pending&sort=debt&dir=asc&page=2`)
 * so reload and Back keep them; defaults are left out, unrelated parameters kept.
 */
export function parseDebtSearch(search: string): DebtListParams {
  const sp = new URLSearchParams(search);
  return parseDebtParams((name) => sp.get(name));
}

export function debtSearch(p: DebtListParams, current = ''): string {
  const sp = new URLSearchParams(current);
  const set = (name: keyof DebtListParams, value: string, dflt: string) => {
    if (value === dflt) sp.delete(name);
    else sp.set(name, value);
  };
  set('q', p.q, DEFAULT_DEBT_PARAMS.q);
  set('minDays', String(p.minDays), String(DEFAULT_DEBT_PARAMS.minDays));
  set('notice', p.notice, DEFAULT_DEBT_PARAMS.notice);
  set('sort', p.sort, DEFAULT_DEBT_PARAMS.sort);
  set('dir', p.dir, DEFAULT_DEBT_PARAMS.dir);
  set('page', String(p.page), '1');
  return sp.toString();
}
