import { type FormEvent, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import {
  AT39_REGION_IDS,
  AT39_STATUSES,
  type At39ListParams,
  isAt39Status,
  pageCount,
  sameAt39Params,
} from '@/domain/at39.rules';
import { formatDate } from '@/domain/dates.rules';
import { phoneWord } from '@/domain/phone.rules';
import type { At39ListRow } from '@/machines/at39-list.machine';
import { connectAt39Comments, connectAt39List } from '@/machines/at39-list.selectors';
import { ColumnHeads } from '@/views/common/column-heads.view';
import { DateRange } from '@/views/common/date-range.view';
import { ErrorRetry } from '@/views/common/error-retry.view';
import { ExportStatus } from '@/views/common/export-status.view';
import { formTexts } from '@/views/common/list-url';
import { Modal } from '@/views/common/modal.view';
import { PageFrame } from '@/views/common/page-frame.view';
import { Pagination } from '@/views/common/pagination.view';
import { useWorkflow } from '@/views/common/use-workflow';
import { At39ListContext } from './at39.context';
import { at39Search, parseAt39Search, regionKey } from './at39.url';
import '@/views/common/common.css';
import './at39.css';
import { chartPage } from '@/views/common/chart-page.view';
import { SendButton } from '@/views/common/send-button.view';

/** The table's columns, in the order of its header row. */
const AT39_COLUMNS = ['id', 'client', 'number', 'region', 'status', 'date', 'actions'] as const;

/** Filters and page as the URL says them, and a way to change them (a history entry: Back works). */
function useAt39Url(): [At39ListParams, (next: At39ListParams) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  return [parseAt39Search(search), (next) => navigate(`${location}?${at39Search(next, search)}`)];
}

/** `/{lang}/at39-registration`: the staff member's AT 39 registrations (docs/decisions.md AT2, AT9). */
export const At39ListPage = chartPage(
  At39ListContext,
  (l) => l.at39List,
  At39ListView,
  () => ({ params: useAt39Url()[0] }),
);

/** ISO instant → `DD.MM.YYYY`, its day in Tashkent. */
const day = (iso: string | null) => (iso ? formatDate(iso) : '');

function At39ListView() {
  const { t } = useTranslation();
  const actor = At39ListContext.useActorRef();
  const [params, go] = useAt39Url();
  const { state, shown, loading, listError, listRetry, downloading, statsError } = useWorkflow(
    actor,
    connectAt39List,
  );

  const { dt1, dt2, status, region, q, page } = params;
  // a fact from the router: the URL changed (click, reload, Back); the machine ignores what it already has
  useEffect(() => {
    actor.send({ type: 'params.changed', params: { dt1, dt2, status, region, q, page } });
  }, [actor, dt1, dt2, status, region, q, page]);

  const ready = !loading && shown !== null && sameAt39Params(shown.params, params);
  return (
    <PageFrame
      block="at39"
      titleId="at39-title"
      title={t('at39.title')}
      subtitle={t('at39.listSubtitle')}
      testId="at39-list-page"
      state={state}
      ready={ready}
      actions={
        <div className="at39__actions">
          <Link href="/at39-registration/new" className="btn" data-testid="at39-new">
            {t('at39.new')}
          </Link>
          <SendButton
            actor={actor}
            event="statistics.download"
            className="btn btn--secondary"
            testId="at39-statistics"
            disabled={downloading}
            busy={downloading}
          >
            {t('at39.statistics')}
          </SendButton>
        </div>
      }
    >
      <ExportStatus
        busy={downloading}
        busyText={t('at39.statisticsPreparing')}
        error={statsError}
        failedText={t('at39.statisticsFailed')}
        onDismiss={() => actor.send({ type: 'statistics.dismiss' })}
        testId="at39-statistics-error"
      />

      <FilterForm params={params} onChange={go} />

      {listError ? (
        <ErrorRetry
          code={listError}
          title={t('at39.loadFailed')}
          testId="at39-list-error"
          onRetry={listRetry ? () => actor.send({ type: 'list.retry' }) : undefined}
        />
      ) : null}

      {shown ? (
        <>
          <p className="at39__total" data-testid="at39-total">
            {t('at39.total', { count: shown.total })}
          </p>
          {shown.rows.length === 0 ? (
            <p data-testid="at39-empty">{t('at39.empty')}</p>
          ) : (
            <RegistrationTable
              rows={shown.rows}
              busy={loading}
              onComments={(id) => actor.send({ type: 'comments.open', registrationId: id })}
            />
          )}
          <Pagination
            page={page}
            pages={pageCount(shown.total)}
            onPage={(p) => go({ ...params, page: p })}
            testId="at39"
            disabled={loading}
          />
        </>
      ) : (
        <p className="at39__loading" aria-busy="true" data-testid="at39-table">
          {t('app.loading')}
        </p>
      )}
      <CommentsDialog />
    </PageFrame>
  );
}

/** A filter applied on change: a labelled select, "any" (the empty value) first, then each value by its name. */
function FilterSelect<V extends string | number>({
  id,
  label,
  value,
  any,
  values,
  name,
  onPick,
}: {
  id: string;
  label: string;
  value: string;
  any: string;
  values: readonly V[];
  name: (value: V) => string;
  onPick: (value: string) => void;
}) {
  return (
    <div className="at39__field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onPick(e.currentTarget.value)}>
        <option value="">{any}</option>
        {values.map((v) => (
          <option key={v} value={String(v)}>
            {name(v)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Date range, status, region (applied on change) and the text (applied on submit). */
function FilterForm({ params, onChange }: { params: At39ListParams; onChange: (p: At39ListParams) => void }) {
  const { t } = useTranslation();
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const text = formTexts(e.currentTarget);
    onChange({ ...params, q: text('q').slice(0, 100), dt1: text('dtFrom'), dt2: text('dtTo'), page: 1 });
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: the <search> element is unknown to jsdom and older browsers; role=search is the same landmark everywhere
    <div role="search" aria-label={t('at39.filters')}>
      <form className="at39__filter" onSubmit={onSubmit} data-testid="at39-filter">
        <DateRange
          key={`${params.dt1}/${params.dt2}`}
          legend={t('at39.period')}
          name="dt"
          defaultValue={{ from: params.dt1, to: params.dt2 }}
          testId="at39-dates"
        />
        <FilterSelect
          id="at39-status"
          label={t('at39.statusLabel')}
          value={params.status}
          any={t('at39.anyStatus')}
          values={AT39_STATUSES}
          name={(s) => t(`at39.status.${s}`)}
          onPick={(v) => onChange({ ...params, status: isAt39Status(v) ? v : '', page: 1 })}
        />
        <FilterSelect
          id="at39-region"
          label={t('at39.address.region')}
          value={params.region === null ? '' : String(params.region)}
          any={t('at39.anyRegion')}
          values={AT39_REGION_IDS}
          name={(r) => t(`at39.regions.${r}`)}
          onPick={(v) => onChange({ ...params, region: v === '' ? null : Number(v), page: 1 })}
        />
        <div className="at39__field at39__field--wide">
          <label htmlFor="at39-q">{t('at39.q')}</label>
          <input
            key={`q${params.q}`}
            id="at39-q"
            name="q"
            type="search"
            autoComplete="off"
            maxLength={100}
            placeholder={t('at39.qPlaceholder')}
            defaultValue={params.q}
          />
        </div>
        <button type="submit" className="btn" data-testid="at39-apply">
          {t('app.apply')}
        </button>
      </form>
    </div>
  );
}

function RegistrationTable(props: {
  rows: readonly At39ListRow[];
  busy: boolean;
  onComments: (id: string) => void;
}) {
  const { t } = useTranslation();
  const regionName = (id: number | null) => {
    const key = regionKey(id);
    return key ? t(key) : '';
  };
  return (
    <div className="at39__table-wrap table-frame">
      <table className="at39__table table-cards" aria-busy={props.busy} data-testid="at39-table">
        <caption className="visually-hidden">{t('at39.list')}</caption>
        <ColumnHeads columns={AT39_COLUMNS} label={(c) => t(`at39.columns.${c}`)} />
        <tbody>
          {props.rows.map((r) => (
            <tr key={r.registrationId} data-testid={`at39-row-${r.registrationId}`}>
              <td className="at39__num" data-label={t('at39.columns.id')}>
                {r.registrationId}
              </td>
              <td data-label={t('at39.columns.client')}>{r.clientName}</td>
              <td className="at39__nowrap" data-label={t('at39.columns.number')}>
                {phoneWord(r.phoneNumber)}
              </td>
              <td data-label={t('at39.columns.region')}>{regionName(r.regionId)}</td>
              <td data-label={t('at39.columns.status')}>
                <span className={`at39__badge at39__badge--${r.status ?? 'none'}`}>
                  {r.status ? t(`at39.status.${r.status}`) : ''}
                </span>
              </td>
              <td className="at39__nowrap" data-label={t('at39.columns.date')}>
                {day(r.createdAt)}
              </td>
              <td data-label={t('at39.columns.actions')}>
                <div className="at39__row-actions">
                  <Link
                    href={`/at39-registration/new?id=${r.registrationId}`}
                    className="btn btn--secondary btn--small"
                    data-testid={`at39-open-${r.registrationId}`}
                    aria-label={`${r.status === 'submitted' || r.status === 'registered' ? t('at39.view') : t('at39.continue')}: ${t('at39.openAria', { id: r.registrationId, client: r.clientName })}`}
                  >
                    {r.status === 'submitted' || r.status === 'registered'
                      ? t('at39.view')
                      : t('at39.continue')}
                  </Link>
                  <button
                    type="button"
                    className="btn btn--link"
                    data-testid={`at39-comments-${r.registrationId}`}
                    aria-label={t('at39.commentsAria', { id: r.registrationId, n: r.commentCount })}
                    onClick={() => props.onComments(r.registrationId)}
                  >
                    {t('at39.comments', { n: r.commentCount })}
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The comments of one registration, in a dialog naming it. */
function CommentsDialog() {
  const { t } = useTranslation();
  const actor = At39ListContext.useActorRef();
  const { phase, of, comments, error, retry } = useWorkflow(actor, connectAt39Comments);
  if (phase === 'closed') return null;
  return (
    <Modal
      title={t('at39.commentsTitle', { id: of ?? '' })}
      onClose={() => actor.send({ type: 'comments.close' })}
      closeLabel={t('app.close')}
      testId="at39-comments"
    >
      {phase === 'loading' ? <p aria-busy="true">{t('app.loading')}</p> : null}
      {error ? (
        <ErrorRetry
          code={error}
          testId="at39-comments-error"
          onRetry={retry ? () => actor.send({ type: 'comments.retry' }) : undefined}
        />
      ) : null}
      {comments && comments.length === 0 ? <p>{t('at39.noComments')}</p> : null}
      {comments && comments.length > 0 ? (
        <ul className="at39__comments">
          {comments.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: comments have no id and never reorder
            <li key={i}>
              <p className="at39__comment-meta">
                {c.author ?? ''} · {day(c.createdAt)}
              </p>
              <p>{c.text}</p>
            </li>
          ))}
        </ul>
      ) : null}
    </Modal>
  );
}
