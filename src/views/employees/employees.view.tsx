import { type FormEvent, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import {
  clampEmployeesPage,
  EMPLOYEE_QUERY_MAX,
  type EmployeesParams,
  parseEmployeesParams,
} from '@/domain/employees.rules';
import { phoneWord } from '@/domain/phone.rules';
import { connectEmployeesList } from '@/machines/employees-list.selectors';
import { ColumnHeads } from '@/views/common/column-heads.view';
import { ErrorRetry } from '@/views/common/error-retry.view';
import { TextField } from '@/views/common/form-field.view';
import { readListSearch, writeListSearch } from '@/views/common/list-url';
import { PageFrame } from '@/views/common/page-frame.view';
import { Pagination } from '@/views/common/pagination.view';
import { ScrollRegion } from '@/views/common/scroll-region.view';
import { useWorkflow } from '@/views/common/use-workflow';
import { EmployeesListContext } from './employees.context';
import '@/views/common/common.css';
import './employees.css';
import { chartPage } from '@/views/common/chart-page.view';

/** The table's columns, in the order of its header row. */
const EMPLOYEE_COLUMNS = ['name', 'number', 'position'] as const;

const { useActorRef } = EmployeesListContext;

/** `/{lang}/profile/employees`: the company's employees, opened from the profile's employees widget (EM2). */
export const EmployeesListPage = chartPage(EmployeesListContext, (l) => l.employeesList, EmployeesListView);

/** The URL's search text and page, and a way to change them (a history entry each, so Back works; EM3). */
function useEmployeesUrl(): [EmployeesParams, (next: EmployeesParams, replace?: boolean) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = readListSearch(search, parseEmployeesParams);
  const go = (next: EmployeesParams, replace = false) => {
    const query = writeListSearch(
      [
        ['q', next.q, ''],
        ['page', String(next.page), '1'],
      ],
      search,
    );
    navigate(query === '' ? location : `${location}?${query}`, { replace });
  };
  return [params, go];
}

/** A refused search text (EM3) is said with spec 5's generic 'Поля заполнены неверно'; the hint says what is accepted. */
const REFUSED = 'validation.fields';

export function EmployeesListView() {
  const { t } = useTranslation();
  const actor = useActorRef();
  const { phase, rows, total, pages, shownParams, problem, error } = useWorkflow(actor, connectEmployeesList);
  const [params, go] = useEmployeesUrl();
  const { q, page } = params;

  // a fact from the router: the URL changed (arrival, search, paging, Back)
  useEffect(() => {
    actor.send({ type: 'params.changed', params: { q, page } });
  }, [actor, q, page]);

  // EM3: a page past the last one (an old or typed address) goes to the last, replacing the entry
  const settled =
    (phase === 'ready' || phase === 'empty') && shownParams.q === q && shownParams.page === page;
  useEffect(() => {
    if (settled && pages >= 1 && page !== clampEmployeesPage(page, pages))
      go({ q, page: clampEmployeesPage(page, pages) }, true);
  });

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const text = new FormData(e.currentTarget).get('q');
    go({ q: typeof text === 'string' ? text : '', page: 1 });
  };

  return (
    <PageFrame block="employees" texts="employeesList" testId="page-employeesList" state={phase}>
      <form className="employees__search" onSubmit={submit} data-testid="employees-search">
        <TextField
          key={q}
          name="q"
          type="search"
          label={t('employeesList.search.label')}
          hint={t('employeesList.search.hint')}
          defaultValue={q}
          maxLength={EMPLOYEE_QUERY_MAX}
          error={problem === null ? null : REFUSED}
          autoComplete="off"
        />
        <div className="employees__search-actions">
          <button type="submit" className="btn" data-testid="employees-search-submit">
            {t('employeesList.search.submit')}
          </button>
          {q !== '' ? (
            <button
              type="button"
              className="btn btn--secondary"
              data-testid="employees-search-clear"
              onClick={() => go({ q: '', page: 1 })}
            >
              {t('employeesList.search.clear')}
            </button>
          ) : null}
        </div>
      </form>
      {phase === 'loading' || phase === 'idle' ? (
        <p role="status" aria-busy="true" data-testid={`employees-${phase}`}>
          {t('employeesList.loading')}
        </p>
      ) : null}
      {phase === 'failed' ? (
        <ErrorRetry
          code={error ?? 'unknown'}
          title={t('employeesList.failed')}
          onRetry={() => actor.send({ type: 'retry' })}
          testId="employees-failed"
        />
      ) : null}
      {phase === 'empty' ? (
        <p role="status" data-testid="employees-empty">
          {t('employeesList.empty')}
        </p>
      ) : null}
      {phase === 'ready' ? (
        <>
          <p role="status" data-testid="employees-count">
            {t('employeesList.count', { count: total })}
          </p>
          <ScrollRegion className="employees__scroll" labelledBy="employees-title">
            <table className="employees__table table-cards" data-testid="employees-table">
              <ColumnHeads columns={EMPLOYEE_COLUMNS} label={(c) => t(`employeesList.columns.${c}`)} />
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id} data-testid={`employee-${r.id}`}>
                    <td data-label={t('employeesList.columns.name')}>{r.fullName}</td>
                    <td
                      className="employees__number"
                      data-label={t('employeesList.columns.number')}
                      data-testid={`employee-${r.id}-number`}
                    >
                      {r.sn ? phoneWord(r.sn) : t('employeesList.noNumber')}
                    </td>
                    <td data-label={t('employeesList.columns.position')}>{r.position ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </>
      ) : null}
      <div className="employees__foot">
        <Link href="/profile" className="btn btn--secondary" data-testid="employees-back">
          {t('employeesList.back')}
        </Link>
        {phase === 'ready' ? (
          <Pagination
            page={page}
            pages={pages}
            onPage={(p) => go({ q, page: p })}
            testId="employees"
            label={t('common.pagination.label')}
          />
        ) : null}
      </div>
    </PageFrame>
  );
}
