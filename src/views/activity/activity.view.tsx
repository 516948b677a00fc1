import { type FormEvent, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import {
  ACTIVITY_ACTIONS,
  ACTIVITY_USER_MAX,
  type ActivityParams,
  DEFAULT_ACTIVITY_DAYS,
  parseActivityParams,
  shiftDay,
} from '@/domain/activity.rules';
import { tashkentDay } from '@/domain/dates.rules';
import { connectActivityLog } from '@/machines/activity-log.selectors';
import { chartPage } from '@/views/common/chart-page.view';
import { ColumnHeads } from '@/views/common/column-heads.view';
import { DateRange } from '@/views/common/date-range.view';
import { ExportButtons, ExportStatus } from '@/views/common/export-status.view';
import { FormField, TextField } from '@/views/common/form-field.view';
import { ListPhaseNote } from '@/views/common/list-phase.view';
import { formTexts, readListSearch, writeListSearch } from '@/views/common/list-url';
import { PageFrame } from '@/views/common/page-frame.view';
import { Pagination } from '@/views/common/pagination.view';
import { ScrollRegion } from '@/views/common/scroll-region.view';
import { useWorkflow } from '@/views/common/use-workflow';
import { ActivityLogContext } from './activity.context';
import { ACTIVITY_COLUMNS, activityCells } from './activity.texts';
import '@/views/common/common.css';
import './activity.css';

const { useActorRef } = ActivityLogContext;

/** `/{lang}/profile/activity`: the company's activity log (docs/decisions.md AL4, AL6). */
export const ActivityLogPage = chartPage(ActivityLogContext, (l) => l.activityLog, ActivityLogView);

/** Today in Tashkent, the end of the range a first visit shows. */
const today = () => tashkentDay(Date.now());

/** The URL's filters and page, and a way to change them (a history entry each, so Back works; AL4). */
function useActivityUrl(): {
  params: ActivityParams;
  ranged: boolean;
  go: (next: ActivityParams, replace?: boolean) => void;
} {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const sp = new URLSearchParams(search);
  const ranged = sp.has('from') || sp.has('to');
  const params = readListSearch(search, (get) => parseActivityParams(get, today()));
  const go = (next: ActivityParams, replace = false) => {
    const query = writeListSearch(
      [
        ['from', next.from, '\0'],
        ['to', next.to, '\0'],
        ['type', next.type, ''],
        ['user', next.user, ''],
        ['page', String(next.page), '1'],
      ],
      search,
    );
    navigate(`${location}?${query}`, { replace });
  };
  return { params, ranged, go };
}

export function ActivityLogView() {
  const { t } = useTranslation();
  const actor = useActorRef();
  const {
    phase,
    state,
    rows,
    total,
    pages,
    shownParams,
    problem,
    error,
    exportable,
    exporting,
    exportError,
  } = useWorkflow(actor, connectActivityLog);
  const { params, ranged, go } = useActivityUrl();
  const { from, to, type, user, page } = params;

  // AL4: a first visit without a range shows the last 30 days (the URL then says so, so a shared link shows the same)
  useEffect(() => {
    if (!ranged) go(params, true);
  });
  // a fact from the router: the URL changed (arrival, filters, paging, Back)
  useEffect(() => {
    if (ranged) actor.send({ type: 'params.changed', params: { from, to, type, user, page } });
  }, [actor, ranged, from, to, type, user, page]);

  // a page past the last one (an old or typed address) goes to the last, replacing the entry
  const settled = phase === 'ready' && shownParams.page === page;
  useEffect(() => {
    if (settled && pages >= 1 && page > pages) go({ ...params, page: pages }, true);
  });

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const text = formTexts(e.currentTarget);
    go({ from: text('dtFrom'), to: text('dtTo'), type: text('type'), user: text('user'), page: 1 });
  };
  const reset = () => {
    const end = today();
    go({ from: shiftDay(end, 1 - DEFAULT_ACTIVITY_DAYS), to: end, type: '', user: '', page: 1 });
  };
  const dateProblem = problem === 'badDate' || problem === 'rangeTooLong' ? problem : null;

  return (
    <PageFrame
      block="activity"
      texts="activityLog"
      testId="page-activityLog"
      state={state}
      actions={
        <div className="activity__actions">
          <ExportButtons
            testIdPrefix="activity-export"
            labels={{ csv: t('activityLog.export.csv'), xlsx: t('activityLog.export.xlsx') }}
            exporting={exporting}
            disabled={!exportable}
            onExport={(format) => actor.send({ type: 'export.start', format })}
          />
        </div>
      }
    >
      <ExportStatus
        busy={exporting !== null}
        busyText={t('activityLog.exporting')}
        error={exportError}
        failedText={t('activityLog.exportFailed')}
        onDismiss={() => actor.send({ type: 'export.dismiss' })}
        testId="activity-export-error"
      />
      {/* biome-ignore lint/a11y/useSemanticElements: the <search> element is unknown to jsdom and older browsers; role=search is the same landmark everywhere */}
      <div role="search" aria-label={t('activityLog.filters')}>
        <form
          key={`${from}|${to}|${type}|${user}`}
          className="activity__filter"
          onSubmit={submit}
          data-testid="activity-filter"
        >
          <DateRange
            legend={t('activityLog.period')}
            name="dt"
            defaultValue={{ from, to }}
            error={
              dateProblem === 'badDate'
                ? 'validation.badDate'
                : dateProblem
                  ? 'activityLog.problems.rangeTooLong'
                  : null
            }
            testId="activity-dates"
          />
          <FormField
            name="type"
            label={t('activityLog.type')}
            error={problem === 'type' ? 'activityLog.problems.type' : null}
            className="activity__field"
          >
            {(control) => (
              <select {...control} defaultValue={type}>
                <option value="">{t('activityLog.anyType')}</option>
                {/* an unknown action from the URL stays chosen, so the message under it names what is wrong */}
                {problem === 'type' ? <option value={type}>{type}</option> : null}
                {ACTIVITY_ACTIONS.map((a) => (
                  <option key={a} value={a}>
                    {t(`activityLog.actions.${a}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <TextField
            name="user"
            type="search"
            label={t('activityLog.user')}
            hint={t('activityLog.userHint')}
            error={problem === 'user' ? 'activityLog.problems.user' : null}
            fieldClassName="activity__field activity__field--user"
            autoComplete="off"
            maxLength={ACTIVITY_USER_MAX}
            defaultValue={user}
          />
          <div className="activity__buttons">
            <button type="submit" className="btn" data-testid="activity-apply">
              {t('activityLog.apply')}
            </button>
            <button type="button" className="btn btn--secondary" data-testid="activity-reset" onClick={reset}>
              {t('activityLog.reset')}
            </button>
          </div>
        </form>
      </div>
      <div className="activity__body">
        {/* an invalid filter: the summary here, each field says what is wrong with it */}
        <ListPhaseNote
          phase={phase}
          prefix="activity"
          texts={{
            loading: t('activityLog.loading'),
            failed: t('activityLog.failed'),
            empty: t('activityLog.empty'),
          }}
          error={error}
          onRetry={() => actor.send({ type: 'retry' })}
        />
        {phase === 'ready' ? (
          <>
            <p role="status" data-testid="activity-count">
              {t('activityLog.count', { count: total })}
            </p>
            <ScrollRegion className="activity__scroll" labelledBy="activity-title">
              <table className="activity__table table-cards" data-testid="activity-table">
                <ColumnHeads columns={ACTIVITY_COLUMNS} label={(c) => t(`activityLog.columns.${c}`)} />
                <tbody>
                  {rows.map((r) => {
                    const cells = activityCells(t, r);
                    return (
                      <tr key={r.id} data-testid={`activity-${r.id}`} data-result={r.result}>
                        {ACTIVITY_COLUMNS.map((c) => (
                          <td
                            key={c}
                            className={`activity__${c}`}
                            data-label={t(`activityLog.columns.${c}`)}
                            data-testid={`activity-${r.id}-${c}`}
                          >
                            {c === 'request' ? <span className="activity__id">{cells[c]}</span> : cells[c]}
                          </td>
                        ))}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </ScrollRegion>
          </>
        ) : null}
      </div>
      <div className="activity__foot">
        <Link href="/profile" className="btn btn--secondary" data-testid="activity-back">
          {t('activityLog.back')}
        </Link>
        {phase === 'ready' ? (
          <Pagination
            page={page}
            pages={pages}
            onPage={(p) => go({ ...params, page: p })}
            testId="activity"
            label={t('common.pagination.label')}
          />
        ) : null}
      </div>
    </PageFrame>
  );
}
