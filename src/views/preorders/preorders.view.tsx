import { useTranslation } from 'react-i18next';
import { formatErrorMessage } from '@/i18n/messages';
import {
  selectPreorderListError,
  selectPreorderListPhase,
  selectPreorderRows,
} from '@/machines/preorder-list.selectors';
import { useWorkflowLogic } from '@/views/common/workflow-logic.context';
import { PreorderListContext } from './preorders.context';
import '@/views/orders/orders.css';

const { useSelector, useActorRef } = PreorderListContext;

/** `/{lang}/orders/preorders`: the created pre-orders with their status, for the Orders section's staff (NC11). */
export function PreorderListPage() {
  const { preorderList } = useWorkflowLogic();
  return (
    <PreorderListContext.Provider logic={preorderList}>
      <PreorderListView />
    </PreorderListContext.Provider>
  );
}

/** Day and time in Tashkent (UTC+5, no daylight saving), `dd.mm.yyyy hh:mm`. */
const createdAt = (ms: number) => {
  const d = new Date(ms + 5 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}.${p(d.getUTCMonth() + 1)}.${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
};

export function PreorderListView() {
  const { t } = useTranslation();
  const phase = useSelector(selectPreorderListPhase);
  const rows = useSelector(selectPreorderRows);
  const error = useSelector(selectPreorderListError);
  const actor = useActorRef();
  return (
    <section
      className="orders page"
      data-testid="page-preorderList"
      data-state={phase}
      aria-labelledby="preorders-title"
    >
      <header className="orders__head">
        <h1 id="preorders-title">{t('newClient.staffTitle')}</h1>
        {phase === 'shown' || phase === 'empty' ? (
          <div className="orders__actions">
            <button
              type="button"
              className="btn btn--secondary"
              data-testid="preorders-refresh"
              onClick={() => actor.send({ type: 'refresh' })}
            >
              {t('newClient.refresh')}
            </button>
          </div>
        ) : null}
      </header>
      {phase === 'loading' ? (
        <p role="status" aria-busy="true" data-testid="preorders-loading">
          …
        </p>
      ) : null}
      {phase === 'failed' ? (
        <div className="orders__error" role="alert" data-testid="preorders-failed">
          <p>{formatErrorMessage(t, error ?? 'unknown')}</p>
          <button type="button" className="btn" onClick={() => actor.send({ type: 'retry' })}>
            {t('newClient.retry')}
          </button>
        </div>
      ) : null}
      {phase === 'empty' ? <p data-testid="preorders-empty">{t('newClient.staffEmpty')}</p> : null}
      {phase === 'shown' ? (
        <section
          className="orders__scroll"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a narrow screen scrolls the table sideways; the region takes the keyboard focus so it can be scrolled without a mouse (axe scrollable-region-focusable)
          tabIndex={0}
          aria-labelledby="preorders-title"
        >
          <table className="orders__table" data-testid="preorders-table">
            <thead>
              <tr>
                <th scope="col">{t('newClient.columns.id')}</th>
                <th scope="col">{t('newClient.columns.company')}</th>
                <th scope="col">{t('newClient.columns.tin')}</th>
                <th scope="col">{t('newClient.columns.city')}</th>
                <th scope="col">{t('newClient.columns.login')}</th>
                <th scope="col">{t('newClient.columns.status')}</th>
                <th scope="col">{t('newClient.columns.reserved')}</th>
                <th scope="col">{t('newClient.columns.created')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} data-testid={`preorder-${r.id}`}>
                  <td>{r.id}</td>
                  <td>{r.companyName}</td>
                  <td>{r.tin}</td>
                  <td>{r.marketCode}</td>
                  <td>{r.login}</td>
                  <td data-testid={`preorder-${r.id}-status`} data-status={r.status}>
                    {t(`newClient.status.${r.status}`)}
                  </td>
                  <td>{r.phoneReserved ? t('newClient.yes') : t('newClient.no')}</td>
                  <td>{createdAt(r.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </section>
  );
}
