import { type FormEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { formatDateTime } from '@/domain/dates.rules';
import {
  type DebtListParams,
  type DebtSortKey,
  documentDate,
  NOTICE_FILTERS,
  nextSort,
  OVERDUE_THRESHOLDS,
  type OverdueThreshold,
  sameDebtParams,
} from '@/domain/debt.rules';
import { formatSum } from '@/domain/money.rules';
import { usePageLang } from '@/i18n/page-lang';
import type { DebtItem } from '@/machines/debt.machine';
import { connectDebtList, connectNotice } from '@/machines/debt.selectors';
import { ErrorRetry } from '@/views/common/error-retry.view';
import { ExportStatus, RefreshExportActions } from '@/views/common/export-status.view';
import { FormField, TextField } from '@/views/common/form-field.view';
import { PageFrame } from '@/views/common/page-frame.view';
import { Pagination } from '@/views/common/pagination.view';
import { useWorkflow } from '@/views/common/use-workflow';
import { DebtContext } from './debt.context';
import { debtSearch, parseDebtSearch } from './debt.url';
import '@/views/common/common.css';
import './debt.css';
import { chartPage } from '@/views/common/chart-page.view';
import { SendButton } from '@/views/common/send-button.view';

/** Filter, sort and page as the URL says them, and a way to change them (a history entry: Back works). */
function useDebtUrl(): [DebtListParams, (next: DebtListParams) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = parseDebtSearch(search);
  return [params, (next) => navigate(`${location}?${debtSearch(next, search)}`)];
}

/** `/{lang}/debt-control`: the notice view of an OKK operator (docs/decisions.md "Debt control"). */
export const DebtControlPage = chartPage(
  DebtContext,
  (l) => l.debt,
  DebtControlView,
  () => ({ params: useDebtUrl()[0] }),
);

function DebtControlView() {
  const { t } = useTranslation();
  const lang = usePageLang();
  const actor = DebtContext.useActorRef();
  const [params, go] = useDebtUrl();
  const {
    state,
    shown,
    loading,
    current,
    listError,
    listRetry,
    exporting,
    exportError,
    openBan,
    noticeHeld,
  } = useWorkflow(actor, connectDebtList);

  const { q, minDays, notice, sort, dir, page } = params;
  // a fact from the router: the URL changed (click, reload, Back); the machine ignores what it already has
  useEffect(() => {
    actor.send({ type: 'params.changed', params: { q, minDays, notice, sort, dir, page } });
  }, [actor, q, minDays, notice, sort, dir, page]);

  const ready = current && shown !== null && sameDebtParams(shown.params, params);

  return (
    <PageFrame
      block="debt"
      texts="debt"
      testId="debt-page"
      state={state}
      ready={ready}
      actions={
        <RefreshExportActions
          className="debt__actions"
          testIdBase="debt"
          labels={{ refresh: t('debt.refresh'), csv: t('debt.export.csv'), xlsx: t('debt.export.xlsx') }}
          exporting={exporting}
          onRefresh={() => actor.send({ type: 'list.refresh' })}
          onExport={(format) => actor.send({ type: 'export.start', format })}
        />
      }
    >
      <ExportStatus
        busy={exporting !== null}
        busyText={t('debt.exporting')}
        error={exportError}
        failedText={t('debt.exportFailed')}
        onDismiss={() => actor.send({ type: 'export.dismiss' })}
        testId="debt-export-error"
      />

      <FilterForm params={params} onChange={go} />

      {listError ? (
        <ErrorRetry
          code={listError}
          title={t('debt.loadFailed')}
          onRetry={listRetry ? () => actor.send({ type: 'list.retry' }) : undefined}
          testId="debt-load-error"
        />
      ) : null}

      <div className={openBan ? 'debt__body debt__body--with-notice' : 'debt__body'}>
        <div className="debt__list">
          {shown ? (
            <>
              <p className="debt__total" data-testid="debt-total">
                {t('debt.total', {
                  count: shown.total,
                  sum: formatSum(shown.totalDebt, { lang }),
                })}
              </p>
              {shown.rows.length === 0 ? (
                <p data-testid="debt-empty">{t('debt.empty')}</p>
              ) : (
                <DebtTable
                  rows={shown.rows}
                  params={params}
                  busy={loading}
                  openBan={openBan}
                  openDisabled={noticeHeld}
                  onSort={(key) => go(nextSort(params, key))}
                  onOpen={(ban) => actor.send({ type: 'notice.open', ban })}
                />
              )}
              <Pagination
                page={page}
                pages={shown.totalPages}
                onPage={(p) => go({ ...params, page: p })}
                testId="debt-list"
              />
            </>
          ) : (
            <p className="debt__loading" aria-busy="true" data-testid="debt-table">
              {t('app.loading')}
            </p>
          )}
        </div>
        <NoticePanel />
      </div>
    </PageFrame>
  );
}

/** Company/BAN text filter (applied on submit), overdue threshold and notice state (applied on change). */
function FilterForm({ params, onChange }: { params: DebtListParams; onChange: (p: DebtListParams) => void }) {
  const { t } = useTranslation();
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const value = new FormData(e.currentTarget).get('q');
    onChange({ ...params, q: typeof value === 'string' ? value.trim().slice(0, 60) : '', page: 1 });
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: the <search> element is unknown to jsdom and older browsers; role=search is the same landmark everywhere
    <div role="search" aria-label={t('debt.filters')}>
      <form className="debt__filter" onSubmit={onSubmit} data-testid="debt-filter">
        <TextField
          key={params.q}
          fieldClassName="debt__field"
          name="q"
          label={t('debt.q')}
          type="search"
          autoComplete="off"
          maxLength={60}
          placeholder={t('debt.qPlaceholder')}
          defaultValue={params.q}
          data-testid="debt-q"
        />
        <FormField className="debt__field" name="minDays" label={t('debt.minDays')}>
          {(control) => (
            <select
              {...control}
              value={String(params.minDays)}
              onChange={(e) =>
                onChange({ ...params, minDays: Number(e.currentTarget.value) as OverdueThreshold, page: 1 })
              }
              data-testid="debt-min-days"
            >
              {OVERDUE_THRESHOLDS.map((d) => (
                <option key={d} value={String(d)}>
                  {t(`debt.minDaysOption.${d}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField className="debt__field" name="notice" label={t('debt.noticeFilter')}>
          {(control) => (
            <select
              {...control}
              value={params.notice}
              onChange={(e) => {
                const v = NOTICE_FILTERS.find((n) => n === e.currentTarget.value) ?? 'all';
                onChange({ ...params, notice: v, page: 1 });
              }}
              data-testid="debt-notice-filter"
            >
              {NOTICE_FILTERS.map((n) => (
                <option key={n} value={n}>
                  {t(`debt.noticeOption.${n}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <button type="submit" className="btn">
          {t('debt.apply')}
        </button>
      </form>
    </div>
  );
}

const COLUMNS: readonly DebtSortKey[] = ['ban', 'company', 'debt', 'daysOverdue', 'lastPayment'];

function DebtTable(props: {
  rows: readonly DebtItem[];
  params: DebtListParams;
  busy: boolean;
  openBan: string | null;
  /** the open notice is being marked or downloaded: no other can be opened meanwhile */
  openDisabled: boolean;
  onSort: (key: DebtSortKey) => void;
  onOpen: (ban: string) => void;
}) {
  const { t } = useTranslation();
  const lang = usePageLang();
  const { rows, params, busy, openBan, openDisabled, onSort, onOpen } = props;
  const ariaSort = (key: DebtSortKey) =>
    params.sort === key ? (params.dir === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <div className="debt__table-wrap table-frame">
      <table className="debt__table table-cards table-cards--head" aria-busy={busy} data-testid="debt-table">
        <caption className="visually-hidden">{t('debt.tableCaption')}</caption>
        <thead>
          <tr>
            {COLUMNS.map((key) => (
              <th key={key} scope="col" aria-sort={ariaSort(key)}>
                <button
                  type="button"
                  className="debt__sort"
                  data-testid={`debt-sort-${key}`}
                  onClick={() => onSort(key)}
                >
                  {t(`debt.columns.${key}`)}
                  <span aria-hidden="true" className="debt__sort-mark">
                    {params.sort === key ? (params.dir === 'asc' ? '▲' : '▼') : ''}
                  </span>
                </button>
              </th>
            ))}
            <th scope="col">{t('debt.columns.notice')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr
              key={r.ban}
              data-testid={`debt-row-${r.ban}`}
              aria-current={r.ban === openBan ? 'true' : undefined}
            >
              <td className="debt__ban" data-label={t('debt.columns.ban')}>
                {r.ban}
              </td>
              <td data-label={t('debt.columns.company')}>
                <button
                  type="button"
                  className="debt__open"
                  aria-label={t('debt.open', { company: r.company })}
                  data-testid={`debt-open-${r.ban}`}
                  disabled={openDisabled}
                  onClick={() => onOpen(r.ban)}
                >
                  {r.company}
                </button>
              </td>
              <td className="debt__num" data-label={t('debt.columns.debt')}>
                {formatSum(r.debt, { lang })}
              </td>
              <td className="debt__num" data-label={t('debt.columns.daysOverdue')}>
                {r.daysOverdue}
              </td>
              <td data-label={t('debt.columns.lastPayment')}>
                {r.lastPaymentDate
                  ? `${documentDate(r.lastPaymentDate)} · ${formatSum(r.lastPaymentAmount ?? 0, { lang })}`
                  : t('debt.never')}
              </td>
              <td data-label={t('debt.columns.notice')}>
                <span className={r.sent ? 'debt__badge debt__badge--sent' : 'debt__badge'}>
                  {r.sent ? t('debt.sentMark') : t('debt.pendingMark')}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The notice of the open account: both texts, who sent it, mark as sent, download, and the errors with retry. */
function NoticePanel() {
  const { t } = useTranslation();
  const lang = usePageLang();
  const actor = DebtContext.useActorRef();
  const { phase, notice, error, retry, downloading, ban } = useWorkflow(actor, connectNotice);
  const heading = useRef<HTMLHeadingElement>(null);
  // the panel opens away from the clicked row (beside the table, or above it on a phone): move focus, and with it
  // the view, to its heading so keyboard and screen-reader users land on the notice they asked for
  useEffect(() => {
    if (ban !== null) heading.current?.focus();
  }, [ban]);
  if (phase === 'closed') return null;
  const close = (
    <SendButton
      actor={actor}
      event="notice.close"
      className="btn btn--link"
      testId="debt-notice-close"
      disabled={phase === 'marking' || downloading}
    >
      {t('debt.notice.close')}
    </SendButton>
  );
  const errorText =
    phase === 'loadFailed'
      ? t('debt.notice.loadFailed')
      : phase === 'markFailed'
        ? t('debt.notice.markFailed')
        : t('debt.notice.downloadFailed');
  // the failed call is the one to try again: load, mark as sent, or download
  const retryEvent =
    phase === 'loadFailed' ? 'notice.retry' : phase === 'markFailed' ? 'notice.markSent' : 'notice.download';
  return (
    <aside
      className="debt__notice"
      aria-labelledby="debt-notice-title"
      data-testid="debt-notice"
      data-phase={phase}
    >
      <div className="debt__notice-head">
        <h2 id="debt-notice-title" ref={heading} tabIndex={-1}>
          {notice ? t('debt.notice.title', { number: notice.number }) : t('debt.title')}
        </h2>
        {close}
      </div>
      {phase === 'loading' ? <p aria-busy="true">{t('debt.notice.loading')}</p> : null}
      {error ? (
        <ErrorRetry
          code={error}
          title={errorText}
          onRetry={retry ? () => actor.send({ type: retryEvent }) : undefined}
          testId="debt-notice-error"
        />
      ) : null}
      {notice ? (
        <>
          <p className="debt__notice-meta">
            {notice.account.company} · BAN {notice.account.ban} · {formatSum(notice.account.debt, { lang })} ·{' '}
            {t('debt.notice.payBy', { date: documentDate(notice.payBy) })}
          </p>
          {notice.sent ? (
            <p className="debt__notice-sent" data-testid="debt-notice-sent">
              {t('debt.notice.sentInfo', { at: formatDateTime(notice.sent.at), by: notice.sent.by })}
            </p>
          ) : (
            <p className="debt__notice-draft">
              {t('debt.notice.draft', { date: documentDate(notice.date) })}
            </p>
          )}
          <div className="debt__texts">
            <article lang="ru" aria-label={t('debt.notice.ru')} data-testid="debt-notice-ru">
              <h3>{t('debt.notice.ru')}</h3>
              {notice.text.ru.map((p, i) => (
                // paragraphs have no identity of their own; their order is the document's
                // biome-ignore lint/suspicious/noArrayIndexKey: static document paragraphs
                <p key={i}>{p}</p>
              ))}
            </article>
            <article lang="uz" aria-label={t('debt.notice.uz')} data-testid="debt-notice-uz">
              <h3>{t('debt.notice.uz')}</h3>
              {notice.text.uz.map((p, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static document paragraphs
                <p key={i}>{p}</p>
              ))}
            </article>
          </div>
          <div className="debt__notice-actions">
            {notice.sent ? (
              <SendButton
                actor={actor}
                event="notice.download"
                testId="debt-download"
                disabled={downloading}
                busy={downloading}
              >
                {downloading ? t('debt.notice.downloading') : t('debt.notice.download')}
              </SendButton>
            ) : (
              <SendButton
                actor={actor}
                event="notice.markSent"
                testId="debt-mark-sent"
                disabled={phase === 'marking'}
                busy={phase === 'marking'}
              >
                {phase === 'marking' ? t('debt.notice.marking') : t('debt.notice.markSent')}
              </SendButton>
            )}
          </div>
        </>
      ) : null}
    </aside>
  );
}
