import { type FormEvent, memo, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { NUMBER_TABS, type NumberTab } from '@/domain/constants';
import { formatPhone } from '@/domain/phone.rules';
import { formatErrorMessage } from '@/i18n/messages';
import { type NumberItem, type NumbersParams, sameParams } from '@/machines/numbers.machine';
import {
  selectExportError,
  selectExporting,
  selectIsCurrent,
  selectIsLoading,
  selectListError,
  selectNumbersState,
  selectShown,
} from '@/machines/numbers.selectors';
import { ErrorRetry } from '@/views/common/error-retry.view';
import { Pagination } from '@/views/common/pagination.view';
import { TabList, tabPanelProps } from '@/views/common/tabs.view';
import { useWorkflowLogic } from '@/views/common/workflow-logic.context';
import { statusLabelKey } from '@/views/widgets/status.labels';
import { NumbersContext } from './numbers.context';
import { filterDigits, numbersSearch, parseNumbersSearch } from './numbers.url';
import './numbers.css';

/** Tab, page and filter as the URL says them, plus a way to change them (pushes a history entry: Back works). */
function useNumbersUrl(): [NumbersParams, (next: NumbersParams) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = parseNumbersSearch(search);
  const go = (next: NumbersParams) => navigate(`${location}?${numbersSearch(next, search)}`);
  return [params, go];
}

/**
 * The numbers of a BAN by status (spec 2), paged on the server. The URL is the source of truth: this component
 * reads it, and tells the machine when it changes; clicks only change the URL.
 */
export function NumbersList({ ban }: { ban: string }) {
  const { numbers } = useWorkflowLogic();
  const [params] = useNumbersUrl();
  return (
    <NumbersContext.Provider key={ban} logic={numbers} input={{ ban, params }}>
      <NumbersSection />
    </NumbersContext.Provider>
  );
}

function NumbersSection() {
  const { t } = useTranslation();
  const actor = NumbersContext.useActorRef();
  const [params, go] = useNumbersUrl();
  const state = NumbersContext.useSelector(selectNumbersState);
  const shown = NumbersContext.useSelector(selectShown);
  const loading = NumbersContext.useSelector(selectIsLoading);
  const current = NumbersContext.useSelector(selectIsCurrent);
  const listError = NumbersContext.useSelector(selectListError);
  const exporting = NumbersContext.useSelector(selectExporting);
  const exportError = NumbersContext.useSelector(selectExportError);

  const { status, page, q } = params;
  // a fact from the router: the URL changed (click, reload, Back); the machine ignores what it already has
  useEffect(() => {
    actor.send({ type: 'params.changed', params: { status, page, q } });
  }, [actor, status, page, q]);
  // A click tells the machine at once as well, so the new rows and the new address are drawn in the same render
  // (one commit, one paint) instead of the address first and the rows after its effect; the effect above then
  // finds the machine already there.
  const change = (next: NumbersParams) => {
    actor.send({ type: 'params.changed', params: next });
    go(next);
  };

  const ready = current && shown !== null && sameParams(shown.params, params);

  return (
    <section
      className="numbers"
      id="numbers"
      aria-labelledby="numbers-title"
      data-testid="numbers-list"
      data-state={state}
      data-ready={ready ? 'true' : 'false'}
      data-status={shown?.params.status ?? ''}
    >
      <div className="numbers__head">
        <h2 id="numbers-title">{t('numbers.title')}</h2>
        <div className="numbers__actions">
          <button
            type="button"
            className="btn btn--secondary"
            data-testid="numbers-refresh"
            onClick={() => actor.send({ type: 'list.refresh' })}
          >
            {t('numbers.refresh')}
          </button>
          {(['csv', 'xlsx'] as const).map((format) => (
            <button
              key={format}
              type="button"
              className="btn btn--secondary"
              data-testid={`numbers-export-${format}`}
              disabled={exporting !== null}
              aria-busy={exporting === format}
              onClick={() => actor.send({ type: 'export.start', format })}
            >
              {t(`numbers.export.${format}`)}
            </button>
          ))}
        </div>
      </div>
      <p className="numbers__notice" role="status" aria-live="polite">
        {exporting ? t('numbers.exporting') : ''}
      </p>
      {exportError ? (
        <div className="numbers__error" role="alert" data-testid="numbers-export-error">
          <span>
            {t('numbers.exportFailed')} {formatErrorMessage(t, exportError)}
          </span>
          <button
            type="button"
            className="btn btn--link"
            onClick={() => actor.send({ type: 'export.dismiss' })}
          >
            {t('app.close')}
          </button>
        </div>
      ) : null}

      <StatusTabs selected={status} onSelect={(tab) => change({ status: tab, page: 1, q })} />

      <div className="numbers__panel" {...tabPanelProps(TABS_ID, status)} aria-busy={loading}>
        <FilterForm q={q} onFilter={(next) => change({ status, page: 1, q: next })} />
        {listError ? (
          <ErrorRetry
            code={listError}
            title={t('numbers.loadFailed')}
            onRetry={() => actor.send({ type: 'list.retry' })}
            testId="numbers-load-error"
          />
        ) : null}
        {shown ? (
          <>
            <p className="numbers__total" data-testid="numbers-total">
              {t('numbers.total', { count: shown.total })}
            </p>
            {shown.rows.length === 0 ? (
              <p className="numbers__empty" data-testid="numbers-empty">
                {t('numbers.empty')}
              </p>
            ) : (
              <NumbersTable rows={shown.rows} />
            )}
            <Pagination
              page={page}
              pages={shown.totalPages}
              onPage={(next) => change({ status, page: next, q })}
              testId="numbers"
              withGoTo
            />
          </>
        ) : null}
      </div>
    </section>
  );
}

/** Prefix of the status tabs' and their panel's ids (`numbers-tab-<status>`, `numbers-panel`). */
const TABS_ID = 'numbers';

/** The four status tabs (the shared WAI-ARIA tabs: arrow keys, Home and End move between them). */
function StatusTabs({ selected, onSelect }: { selected: NumberTab; onSelect: (tab: NumberTab) => void }) {
  const { t } = useTranslation();
  return (
    <TabList
      label={t('numbers.tabs.label')}
      items={NUMBER_TABS.map((tab) => ({ key: tab, label: t(`numbers.tabs.${tab}`) }))}
      selected={selected}
      onSelect={onSelect}
      idBase={TABS_ID}
      tabTestId="numbers-tab"
    />
  );
}

/** Digits filter; submitting puts it in the URL (page 1). The field follows the URL (Back restores it). */
function FilterForm({ q, onFilter }: { q: string; onFilter: (q: string) => void }) {
  const { t } = useTranslation();
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const value = new FormData(e.currentTarget).get('q');
    onFilter(filterDigits(typeof value === 'string' ? value : ''));
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: the <search> element is unknown to jsdom and older browsers; role=search is the same landmark everywhere
    <div role="search">
      <form className="numbers__filter" onSubmit={onSubmit} data-testid="numbers-filter">
        <label htmlFor="numbers-q">{t('numbers.filter')}</label>
        <input
          key={q}
          id="numbers-q"
          name="q"
          type="search"
          inputMode="numeric"
          autoComplete="off"
          maxLength={40}
          placeholder={t('numbers.filterPlaceholder')}
          defaultValue={q}
        />
        <button type="submit" className="btn">
          {t('numbers.applyFilter')}
        </button>
        {q !== '' ? (
          <button type="button" className="btn btn--link" onClick={() => onFilter('')}>
            {t('app.reset')}
          </button>
        ) : null}
      </form>
    </div>
  );
}

/**
 * The rows of the page on screen. Memoised on the rows array (it changes only when a new page is shown), so the
 * renders of a tab switch that only mark the tab or the busy state do not rebuild 100 rows.
 */
const NumbersTable = memo(function NumbersTable({ rows }: { rows: readonly NumberItem[] }) {
  const { t } = useTranslation();
  // a page holds a handful of distinct statuses: translate each once, not once per row
  const labels = new Map<string, string>();
  const statusLabel = (code: NumberItem['status']) => {
    let label = labels.get(code);
    if (label === undefined) {
      label = t(statusLabelKey(code));
      labels.set(code, label);
    }
    return label;
  };
  return (
    <table className="numbers__table" data-testid="numbers-table">
      <thead>
        <tr>
          <th scope="col">{t('numbers.columns.number')}</th>
          <th scope="col">{t('numbers.columns.status')}</th>
          <th scope="col">{t('numbers.columns.tariff')}</th>
          <th scope="col">{t('numbers.columns.employee')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          // Keyed by position: a row holds nothing but text, so a new page reuses the table's 100 rows and only
          // their texts change, instead of removing and creating 100 rows on every tab or page switch.
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are stateless text; reusing them by position is the point
          <tr key={i} data-testid="numbers-row" data-sn={row.sn} data-status-code={row.status}>
            <td>{formatPhone(row.sn)}</td>
            <td>{statusLabel(row.status)}</td>
            <td>{row.pricePlan ?? ''}</td>
            <td>{row.name ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
});
