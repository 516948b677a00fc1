import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { formatDateTime } from '@/domain/dates.rules';
import { parsePreorderListPage } from '@/domain/preorder-list.rules';
import { formatErrorMessage } from '@/i18n/messages';
import { connectPreorderList, connectPreorderMove } from '@/machines/preorder-list.selectors';
import { cityName } from '@/views/common/city-texts';
import { ColumnHeads } from '@/views/common/column-heads.view';
import { readListSearch, writeListSearch } from '@/views/common/list-url';
import { PageFrame } from '@/views/common/page-frame.view';
import { Pagination } from '@/views/common/pagination.view';
import { ScrollRegion } from '@/views/common/scroll-region.view';
import { listMoveHandlers, listMoveTexts, StatusMoveDialog } from '@/views/common/status-move-dialog.view';
import { useWorkflow } from '@/views/common/use-workflow';
import { PreorderListContext } from './preorders.context';
import '@/views/common/common.css';
import '@/views/orders/orders.css';
import { chartPage } from '@/views/common/chart-page.view';
import { SendButton } from '@/views/common/send-button.view';

/** The table's columns, in the order of its header row. */
const PREORDER_COLUMNS = [
  'id',
  'company',
  'tin',
  'city',
  'login',
  'status',
  'reserved',
  'created',
  'actions',
] as const;

const { useActorRef } = PreorderListContext;

/** `/{lang}/orders/preorders`: the created pre-orders with their status, for the Orders section's staff (NC11). */
export const PreorderListPage = chartPage(
  PreorderListContext,
  (l) => l.preorderList,
  PreorderListView,
  () => ({ page: usePageUrl()[0] }),
);

/** The URL's page (NC13), and a way to change it (a history entry each, so Back works; `replace` for a correction). */
function usePageUrl(): [number, (page: number, replace?: boolean) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const page = readListSearch(search, parsePreorderListPage);
  const go = (next: number, replace = false) => {
    const query = writeListSearch([['page', String(next), '1']], search);
    navigate(query === '' ? location : `${location}?${query}`, { replace });
  };
  return [page, go];
}

export function PreorderListView() {
  const { t } = useTranslation();
  const actor = useActorRef();
  const { phase, rows, error, tableShown, canChoose, shownPage, pages } = useWorkflow(
    actor,
    connectPreorderList,
  );
  const [page, go] = usePageUrl();

  // a fact from the router: the URL's page (arrival, paging, Back); the chart ignores the page it has
  useEffect(() => {
    actor.send({ type: 'page.changed', page });
  }, [actor, page]);
  // NC13: a page past the last one (an old or typed address) goes to the last, replacing the entry
  useEffect(() => {
    if (phase === 'empty' && shownPage === page && pages >= 1 && page > pages) go(pages, true);
  });

  return (
    <PageFrame
      block="orders"
      titleId="preorders-title"
      title={t('newClient.staffTitle')}
      testId="page-preorderList"
      state={phase}
      actions={
        tableShown || phase === 'empty' ? (
          <div className="orders__actions">
            <SendButton
              actor={actor}
              event="refresh"
              className="btn btn--secondary"
              testId="preorders-refresh"
              disabled={phase !== 'shown' && phase !== 'empty'}
            >
              {t('newClient.refresh')}
            </SendButton>
          </div>
        ) : null
      }
    >
      {phase === 'loading' ? (
        <p role="status" aria-busy="true" data-testid="preorders-loading">
          …
        </p>
      ) : null}
      {phase === 'failed' ? (
        <div className="alert-error orders__error" role="alert" data-testid="preorders-failed">
          <p>{formatErrorMessage(t, error ?? 'unknown')}</p>
          <SendButton actor={actor} event="retry">
            {t('newClient.retry')}
          </SendButton>
        </div>
      ) : null}
      {phase === 'empty' ? <p data-testid="preorders-empty">{t('newClient.staffEmpty')}</p> : null}
      {tableShown ? (
        <ScrollRegion className="orders__scroll" labelledBy="preorders-title">
          <table className="orders__table orders__table--wrap table-cards" data-testid="preorders-table">
            <ColumnHeads columns={PREORDER_COLUMNS} label={(c) => t(`newClient.columns.${c}`)} />
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} data-testid={`preorder-${r.id}`}>
                  <td data-label={t('newClient.columns.id')}>{r.id}</td>
                  <td data-label={t('newClient.columns.company')}>{r.companyName}</td>
                  <td data-label={t('newClient.columns.tin')}>{r.tin}</td>
                  <td data-label={t('newClient.columns.city')}>{cityName(t, r.marketCode)}</td>
                  <td data-label={t('newClient.columns.login')}>{r.login}</td>
                  <td
                    data-label={t('newClient.columns.status')}
                    data-testid={`preorder-${r.id}-status`}
                    data-status={r.status}
                  >
                    {t(`newClient.status.${r.status}`)}
                  </td>
                  <td data-label={t('newClient.columns.reserved')}>
                    {r.phoneReserved ? t('newClient.yes') : t('newClient.no')}
                  </td>
                  <td data-label={t('newClient.columns.created')}>{formatDateTime(r.createdAt)}</td>
                  <td data-label={t('newClient.columns.actions')}>
                    {/* NC12: the statuses the row may take next; each move is confirmed first */}
                    <span className="orders__row-moves">
                      {r.moves.map((to) => (
                        <button
                          key={to}
                          type="button"
                          className={to === 'rejected' ? 'btn btn--danger' : 'btn btn--secondary'}
                          data-testid={`preorder-${r.id}-move-${to}`}
                          disabled={!canChoose}
                          aria-label={`${t(`newClient.move.${to}`)}: ${t('newClient.columns.id')} ${r.id}`}
                          onClick={() => actor.send({ type: 'status.choose', id: r.id, status: to })}
                        >
                          {t(`newClient.move.${to}`)}
                        </button>
                      ))}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}
      {tableShown && pages > 1 ? (
        <Pagination
          page={page}
          pages={pages}
          onPage={(p) => go(p)}
          testId="preorders"
          label={t('common.pagination.label')}
        />
      ) : null}
      <MoveDialog />
    </PageFrame>
  );
}

/** The move of a pre-order: what it acts on (number, company, TIN, login), the statuses, whether its numbers are
 *  released; then busy, or its error. */
function MoveDialog() {
  const { t } = useTranslation();
  const actor = useActorRef();
  const { step } = useWorkflow(actor, connectPreorderMove);
  if (!step) return null;
  const status = (s: string) => t(`newClient.status.${s}` as 'newClient.status.new');
  return (
    <StatusMoveDialog
      testId="preorder-status"
      texts={listMoveTexts(t, 'newClient', step.row.id)}
      busy={step.busy}
      error={step.error}
      danger={step.to === 'rejected'}
      {...listMoveHandlers(actor)}
    >
      <p data-testid="preorder-status-text">
        {t('newClient.moveText', {
          company: step.row.companyName,
          tin: step.row.tin,
          login: step.row.login,
          from: status(step.row.status),
          to: status(step.to),
        })}
      </p>
      {step.releases ? <p data-testid="preorder-status-releases">{t('newClient.moveReleases')}</p> : null}
      {step.final ? <p>{t('newClient.moveFinal')}</p> : null}
    </StatusMoveDialog>
  );
}
