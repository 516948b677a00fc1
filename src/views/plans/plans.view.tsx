import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { formatDateTime } from '@/domain/dates.rules';
import { mayManagePlans, PLAN_STATUSES, type PlansParams, parsePlansParams } from '@/domain/plans.rules';
import { usePageLang } from '@/i18n/page-lang';
import type { PlansListInput } from '@/machines/plans-list.machine';
import { connectPlanCancel, connectPlansList } from '@/machines/plans-list.selectors';
import { selectUserFacts } from '@/machines/session.selectors';
import { chartPage } from '@/views/common/chart-page.view';
import { ColumnHeads } from '@/views/common/column-heads.view';
import { FormField } from '@/views/common/form-field.view';
import { ListPhaseNote } from '@/views/common/list-phase.view';
import { readListSearch, writeListSearch } from '@/views/common/list-url';
import { PageFrame } from '@/views/common/page-frame.view';
import { Pagination } from '@/views/common/pagination.view';
import { ScrollRegion } from '@/views/common/scroll-region.view';
import { listMoveHandlers, StatusMoveDialog } from '@/views/common/status-move-dialog.view';
import { useWorkflow } from '@/views/common/use-workflow';
import { SessionContext } from '@/views/session/session.context';
import { PlansListContext } from './plans.context';
import { PLAN_COLUMNS, planCells, planTargetText } from './plans.texts';
import '@/views/common/common.css';
import './plans.css';

const { useActorRef } = PlansListContext;

/** The table's columns: the plan's cells, then its Cancel button. */
const COLUMNS = [...PLAN_COLUMNS, 'actions'] as const;

/** Whether this user cancels plans: the domain rule over the session's facts (SP4), given to the chart as input. */
function usePlansInput(): PlansListInput {
  const facts = SessionContext.useSelector(selectUserFacts);
  return { canCancel: facts !== null && mayManagePlans(facts) };
}

/** `/{lang}/profile/plans`: the company's planned blocks and restores (docs/decisions.md SP9). */
export const PlansListPage = chartPage(PlansListContext, (l) => l.plansList, PlansListView, usePlansInput);

/** The URL's status and page, and a way to change them (a history entry each, so Back works; SP9). */
function usePlansUrl(): { params: PlansParams; go: (next: PlansParams, replace?: boolean) => void } {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = readListSearch(search, parsePlansParams);
  const go = (next: PlansParams, replace = false) => {
    const query = writeListSearch(
      [
        ['status', next.status, ''],
        ['page', String(next.page), '1'],
      ],
      search,
    );
    navigate(query === '' ? location : `${location}?${query}`, { replace });
  };
  return { params, go };
}

export function PlansListView() {
  const { t } = useTranslation();
  const lang = usePageLang();
  const actor = useActorRef();
  const { phase, rows, total, pages, shownParams, problem, error, tableShown, canChoose } = useWorkflow(
    actor,
    connectPlansList,
  );
  const { params, go } = usePlansUrl();
  const { status, page } = params;

  // a fact from the router: the URL changed (arrival, filter, paging, Back)
  useEffect(() => {
    actor.send({ type: 'params.changed', params: { status, page } });
  }, [actor, status, page]);
  // a page past the last one (an old or typed address) goes to the last, replacing the entry
  useEffect(() => {
    if (phase === 'empty' && shownParams.page === page && pages >= 1 && page > pages)
      go({ ...params, page: pages }, true);
  });

  return (
    <PageFrame block="plans" texts="plansList" testId="page-plansList" state={phase}>
      {/* biome-ignore lint/a11y/useSemanticElements: the <search> element is unknown to jsdom and older browsers; role=search is the same landmark everywhere */}
      <div role="search" aria-label={t('plansList.filters')} className="plans__filter">
        <FormField
          name="status"
          label={t('plansList.status')}
          error={problem === 'status' ? 'plansList.problems.status' : null}
          className="plans__field"
        >
          {(control) => (
            <select
              {...control}
              value={status}
              data-testid="plans-status"
              onChange={(e) => go({ status: e.currentTarget.value, page: 1 })}
            >
              <option value="">{t('plansList.anyStatus')}</option>
              {/* an unknown status from the URL stays chosen, so the message under it names what is wrong */}
              {problem === 'status' ? <option value={status}>{status}</option> : null}
              {PLAN_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`plansList.statuses.${s}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <div className="plans__body">
        <ListPhaseNote
          phase={phase}
          prefix="plans"
          texts={{
            loading: t('plansList.loading'),
            failed: t('plansList.failed'),
            empty: t('plansList.empty'),
          }}
          error={error}
          onRetry={() => actor.send({ type: 'retry' })}
        />
        {tableShown ? (
          <>
            <p role="status" data-testid="plans-count">
              {t('plansList.count', { count: total })}
            </p>
            <ScrollRegion className="plans__scroll" labelledBy="plans-title">
              <table className="plans__table table-cards" data-testid="plans-table">
                <ColumnHeads columns={COLUMNS} label={(c) => t(`plansList.columns.${c}`)} />
                <tbody>
                  {rows.map((r) => {
                    const cells = planCells(t, r, lang);
                    return (
                      <tr key={r.id} data-testid={`plan-${r.id}`} data-status={r.status}>
                        {PLAN_COLUMNS.map((c) => (
                          <td
                            key={c}
                            className={`plans__${c}`}
                            data-label={t(`plansList.columns.${c}`)}
                            data-testid={`plan-${r.id}-${c}`}
                          >
                            {cells[c]}
                          </td>
                        ))}
                        <td data-label={t('plansList.columns.actions')}>
                          {r.cancellable ? (
                            <button
                              type="button"
                              className="btn btn--secondary plans__cancel"
                              data-testid={`plan-${r.id}-cancel`}
                              disabled={!canChoose}
                              aria-label={t('plansList.cancelLabel', {
                                plan: `${cells.what}, ${cells.target}, ${cells.when}`,
                              })}
                              onClick={() => actor.send({ type: 'plan.cancel', id: r.id })}
                            >
                              {t('plansList.cancel')}
                            </button>
                          ) : null}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </ScrollRegion>
          </>
        ) : null}
      </div>
      <div className="plans__foot">
        <Link href="/profile" className="btn btn--secondary" data-testid="plans-back">
          {t('plansList.back')}
        </Link>
        {tableShown ? (
          <Pagination
            page={page}
            pages={pages}
            onPage={(p) => go({ ...params, page: p })}
            testId="plans"
            label={t('common.pagination.label')}
          />
        ) : null}
      </div>
      <CancelDialog />
    </PageFrame>
  );
}

/** The cancel of a plan (SP7): what it is, on what, when; then busy, or its error (E144 in the catalogue's words)
 *  with the way to load the list again. */
function CancelDialog() {
  const { t } = useTranslation();
  const actor = useActorRef();
  const { step } = useWorkflow(actor, connectPlanCancel);
  if (!step) return null;
  return (
    <StatusMoveDialog
      testId="plans-cancel"
      texts={{
        title: t('plansList.moveTitle'),
        cancel: t('plansList.moveCancel'),
        confirm: t('plansList.moveConfirm'),
        moving: t('plansList.moving'),
        failed: t('plansList.moveFailed'),
        again: t('plansList.moveAgain'),
        stale: t('plansList.moveStale'),
      }}
      busy={step.busy}
      error={step.error}
      danger
      {...listMoveHandlers(actor)}
    >
      <p data-testid="plans-cancel-text">
        {t('plansList.moveText', {
          what: t(`plansList.actions.${step.row.action}`),
          target: planTargetText(t, step.row),
          when: formatDateTime(step.row.runAt),
        })}
      </p>
    </StatusMoveDialog>
  );
}
