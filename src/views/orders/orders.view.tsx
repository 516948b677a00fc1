import { type FormEvent, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { formatDateTime, tashkentDay } from '@/domain/dates.rules';
import { formatSum } from '@/domain/money.rules';
import { type OrdersParams, parseOrdersParams } from '@/domain/orders.rules';
import { phoneWord } from '@/domain/phone.rules';
import { usePageLang } from '@/i18n/page-lang';
import { connectOrder, connectOrdersList, connectStatusMove } from '@/machines/orders.selectors';
import { categoryName } from '@/views/common/category-texts';
import { ColumnHeads } from '@/views/common/column-heads.view';
import { ChosenDays, useTypedDays } from '@/views/common/date-range.view';
import { useDocumentTitle } from '@/views/common/document-title';
import { ErrorRetry } from '@/views/common/error-retry.view';
import { ExportButtons, ExportStatus } from '@/views/common/export-status.view';
import { formTexts, readListSearch, writeListSearch } from '@/views/common/list-url';
import { PageFrame } from '@/views/common/page-frame.view';
import { Pagination } from '@/views/common/pagination.view';
import { pricePlanName } from '@/views/common/price-plan-texts';
import { listMoveHandlers, listMoveTexts, StatusMoveDialog } from '@/views/common/status-move-dialog.view';
import { useWorkflow } from '@/views/common/use-workflow';
import { OrdersContext } from './orders.context';
import './orders.css';
import { chartPage } from '@/views/common/chart-page.view';

/** The two tables' columns, in the order of their header rows. */
const ORDER_COLUMNS = ['id', 'date', 'ban', 'company', 'kind', 'status', 'total'] as const;
const ROW_COLUMNS = ['count', 'category', 'tariff', 'nominal'] as const;

/** The range, filter and page in the URL (`?from=2026-11-01&to=2026-11-24&ban=100234561&page=2`), defaults left out. */
export function ordersSearch(p: OrdersParams): string {
  return writeListSearch([
    ['from', p.from, ''],
    ['to', p.to, ''],
    ['ban', p.ban, ''],
    ['page', String(p.page), '1'],
  ]);
}

/** `/{lang}/orders` (AllOrders) and `/{lang}/orders/{id}` (SingleOrder): one page, the order beside the list. */
export const OrdersPage = chartPage(OrdersContext, (l) => l.orders, OrdersView);

function useOrdersUrl() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const { id } = useParams<{ id?: string }>();
  const params = readListSearch(search, parseOrdersParams);
  const listPath = location.replace(/\/orders\/.*$/, '/orders');
  return {
    params,
    id: id && /^\d{1,12}$/.test(id) ? id : null,
    search,
    listPath,
    go: (next: OrdersParams, opts?: { replace?: boolean }) =>
      navigate(`${location}?${ordersSearch(next)}`, opts?.replace ? { replace: true } : undefined),
  };
}

function OrdersView() {
  const { t } = useTranslation();
  const lang = usePageLang();
  const actor = OrdersContext.useActorRef();
  const { params, id, search, listPath, go } = useOrdersUrl();
  const { state, problem, loading, rows, page, error, retry, exporting, exportError } = useWorkflow(
    actor,
    connectOrdersList,
  );

  const { from, to, ban, page: pageNo } = params;
  const empty = search === '';
  // GN9: a first visit without a range shows today's orders (the URL then says so)
  useEffect(() => {
    if (empty) {
      const today = tashkentDay(Date.now());
      go({ from: today, to: today, ban: '', page: 1 }, { replace: true });
    }
  }, [empty, go]);
  // facts from the router: the range, filter and page, and the order the URL names
  useEffect(() => {
    if (!empty) actor.send({ type: 'params.changed', params: { from, to, ban, page: pageNo } });
  }, [actor, empty, from, to, ban, pageNo]);
  useEffect(() => {
    actor.send(id ? { type: 'order.open', id } : { type: 'order.close' });
  }, [actor, id]);
  return (
    <PageFrame
      block="orders"
      texts="orders"
      testId="orders-page"
      state={state}
      actions={
        <div className="orders__actions">
          <ExportButtons
            testIdPrefix="orders-export"
            labels={{ csv: t('orders.exportCsv'), xlsx: t('orders.exportXlsx') }}
            exporting={exporting}
            disabled={rows === null}
            onExport={(format) => actor.send({ type: 'export.start', format })}
          />
        </div>
      }
    >
      <ExportStatus
        busy={exporting !== null}
        busyText={t('orders.exporting')}
        error={exportError}
        failedText={t('orders.exportFailed')}
        onDismiss={() => actor.send({ type: 'export.dismiss' })}
        testId="orders-export-error"
      />

      <FilterForm key={`${from}|${to}|${ban}`} params={params} onChange={(p) => go(p)} />
      {problem ? (
        <p className="alert-error orders__error" role="alert" data-testid="orders-range-error">
          {problem === 'ban' ? t('orders.badBan') : t(`validation.${problem}`)}
        </p>
      ) : null}
      {error ? (
        <ErrorRetry
          code={error}
          title={t('orders.loadFailed')}
          testId="orders-load-error"
          {...(retry ? { onRetry: () => actor.send({ type: 'list.retry' }) } : {})}
        />
      ) : null}

      <div className={id ? 'orders__body orders__body--with-order' : 'orders__body'}>
        <div className="orders__list">
          {loading ? (
            <p aria-busy="true" data-testid="orders-loading">
              {t('app.loading')}
            </p>
          ) : null}
          {rows && page ? (
            <>
              <p data-testid="orders-count">{t('orders.count', { count: rows.length })}</p>
              {rows.length === 0 ? (
                <p data-testid="orders-empty">{t('orders.empty')}</p>
              ) : (
                <div className="orders__scroll">
                  <table className="orders__table" aria-busy={loading}>
                    <ColumnHeads columns={ORDER_COLUMNS} label={(c) => t(`orders.columns.${c}`)} />
                    <tbody>
                      {page.rows.map((o) => (
                        <tr
                          key={o.id}
                          data-testid={`order-row-${o.id}`}
                          aria-current={o.id === id ? 'true' : undefined}
                        >
                          <td>
                            <Link
                              href={`${listPath}/${o.id}?${search}`}
                              data-testid={`order-open-${o.id}`}
                              aria-label={t('orders.open', { id: o.id })}
                            >
                              {o.id}
                            </Link>
                          </td>
                          <td>{formatDateTime(o.createdAt)}</td>
                          <td>{o.ban}</td>
                          <td className="orders__company">{o.company}</td>
                          <td>{t(o.kind === 'new' ? 'orders.kind.new' : 'orders.kind.golden')}</td>
                          <td>{t(`orders.status.${o.status}`, { defaultValue: o.status })}</td>
                          <td className="orders__num">{formatSum(o.total, { lang })}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
              <Pagination
                page={page.page}
                pages={page.pages}
                testId="orders-list"
                // a page is being read: no other page is asked meanwhile (the pager says so by being disabled)
                disabled={loading}
                onPage={(p) => go({ ...params, page: p })}
              />
            </>
          ) : null}
        </div>
        <OrderPanel closeHref={`${listPath}?${search}`} />
      </div>
    </PageFrame>
  );
}

/** From, to and BAN, applied together on submit (a history entry: Back works). */
function FilterForm({ params, onChange }: { params: OrdersParams; onChange: (p: OrdersParams) => void }) {
  const { t } = useTranslation();
  const [days, note] = useTypedDays({ from: params.from, to: params.to });
  const dayField = (end: 'from' | 'to') => (
    <div className="orders__field">
      <label htmlFor={`orders-${end}`}>{t(`orders.${end}`)}</label>
      <input
        id={`orders-${end}`}
        name={end}
        type="date"
        defaultValue={params[end]}
        onChange={(e) => note(end, e.currentTarget.value)}
      />
    </div>
  );
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const text = formTexts(e.currentTarget);
    onChange({ from: text('from'), to: text('to'), ban: text('ban').replace(/\s/g, ''), page: 1 });
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: the <search> element is unknown to jsdom and older browsers
    <div role="search" aria-label={t('orders.filters')}>
      <form className="orders__filter" onSubmit={onSubmit} noValidate data-testid="orders-filter">
        {dayField('from')}
        {dayField('to')}
        <div className="orders__field">
          <label htmlFor="orders-ban">{t('orders.filterBan')}</label>
          <input id="orders-ban" name="ban" inputMode="numeric" maxLength={9} defaultValue={params.ban} />
        </div>
        <button type="submit" className="btn" data-testid="orders-apply">
          {t('orders.apply')}
        </button>
        <ChosenDays days={days} testId="orders-chosen" />
      </form>
    </div>
  );
}

/** The order the URL names: numbers or rows, sums, status and documents. */
function OrderPanel({ closeHref }: { closeHref: string }) {
  const { t } = useTranslation();
  const lang = usePageLang();
  const titleOf = useDocumentTitle();
  const actor = OrdersContext.useActorRef();
  const { phase, order, orderId, error, retry, shown, moves, canChoose, refund } = useWorkflow(
    actor,
    connectOrder,
  );
  if (phase === 'closed') return null;
  return (
    <section
      className="orders__order"
      aria-labelledby="order-title"
      data-testid="order-panel"
      aria-busy={phase === 'loading'}
    >
      <div className="orders__order-head">
        <h2 id="order-title">
          {order
            ? t('orders.single', { id: order.id })
            : orderId
              ? t('orders.single', { id: orderId })
              : t('orders.title')}
        </h2>
        <Link href={closeHref} className="btn btn--link" data-testid="order-close">
          {t('orders.close')}
        </Link>
      </div>
      {phase === 'loading' ? <p>{t('app.loading')}</p> : null}
      {error ? (
        <ErrorRetry
          code={error}
          // an address naming no order (`/ru/orders/99999`) says which order it did not find
          title={error === 'E013' ? t('orders.notFound', { id: orderId ?? '' }) : t('orders.orderFailed')}
          testId="order-error"
          {...(retry ? { onRetry: () => actor.send({ type: 'order.retry' }) } : {})}
        />
      ) : null}
      {order && shown ? (
        <div data-testid="order-details" className="orders__details">
          <dl className="orders__facts">
            <div>
              <dt>{t('orders.statusLabel')}</dt>
              <dd data-testid="order-status">
                {t(`orders.status.${order.status}`, { defaultValue: order.status })}
              </dd>
            </div>
            <div>
              <dt>{t('orders.kindLabel')}</dt>
              <dd>{t(order.kind === 'new' ? 'orders.kind.new' : 'orders.kind.golden')}</dd>
            </div>
            <div>
              <dt>{t('orders.createdAt')}</dt>
              <dd>{formatDateTime(order.createdAt)}</dd>
            </div>
            <div>
              <dt>{t('orders.company')}</dt>
              <dd>
                {order.company} ({order.ban})
              </dd>
            </div>
            {order.tin ? (
              <div>
                <dt>{t('orders.tin')}</dt>
                <dd>{order.tin}</dd>
              </div>
            ) : null}
            {order.address ? (
              <div>
                <dt>{t('orders.address')}</dt>
                <dd>{order.address}</dd>
              </div>
            ) : null}
            {refund ? (
              // PRM1: a cancelled paid order says what went back to the balance and when; an unpaid one that
              // nothing was charged
              <div>
                <dt>{t('orders.refundLabel')}</dt>
                <dd data-testid="order-refund">
                  {refund.kind === 'refund'
                    ? t('orders.refundText', {
                        sum: formatSum(refund.amount, { lang }),
                        date: formatDateTime(refund.at),
                      })
                    : t('orders.noCharge')}
                </dd>
              </div>
            ) : null}
          </dl>
          {moves.length > 0 ? (
            // GN13: staff move the order along its lifecycle; each move is confirmed first
            <fieldset className="orders__moves">
              <legend className="visually-hidden">{t('orders.moves')}</legend>
              {moves.map((to) => (
                <button
                  key={to}
                  type="button"
                  className={to === 'cancelled' ? 'btn btn--danger' : 'btn btn--secondary'}
                  data-testid={`order-move-${to}`}
                  disabled={!canChoose}
                  onClick={() => actor.send({ type: 'status.choose', status: to })}
                >
                  {t(`orders.move.${to}`)}
                </button>
              ))}
            </fieldset>
          ) : null}
          {order.numbers.length > 0 ? (
            <>
              <h3>{t('orders.numbers')}</h3>
              <ul className="orders__numbers" data-testid="order-numbers">
                {order.numbers.map((n) => (
                  <li key={n.number}>
                    <span>{phoneWord(n.number)}</span>
                    <span>{formatSum(n.price, { lang })}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {order.rows.length > 0 ? (
            <>
              <h3>{t('orders.rows')}</h3>
              <div className="orders__scroll">
                <table className="orders__table">
                  <ColumnHeads columns={ROW_COLUMNS} label={(c) => t(`purchase.rows.${c}`)} />
                  <tbody>
                    {order.rows.map((r, i) => (
                      // rows have no id of their own: their place in the order is theirs
                      // biome-ignore lint/suspicious/noArrayIndexKey: see above
                      <tr key={i}>
                        <td>{r.kolvo}</td>
                        <td>{categoryName(t, Number(r.category))}</td>
                        <td>{pricePlanName(t, r.tariff)}</td>
                        <td>{r.nominal === null ? '' : formatSum(r.nominal, { lang })}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          ) : null}
          <dl className="orders__sums">
            <div>
              <dt>{t('orders.net')}</dt>
              <dd>{formatSum(order.total - order.vat, { lang })}</dd>
            </div>
            <div>
              <dt>{t('orders.columns.vat')}</dt>
              <dd>{formatSum(order.vat, { lang })}</dd>
            </div>
            <div>
              <dt>{t('orders.columns.total')}</dt>
              <dd data-testid="order-total">{formatSum(order.total, { lang })}</dd>
            </div>
          </dl>
          <h3>{t('orders.documents')}</h3>
          {order.documents.length === 0 ? (
            <p>{t('orders.noDocuments')}</p>
          ) : (
            <ul data-testid="order-documents">
              {order.documents.map((d) => (
                <li key={d.id} data-type={d.type}>
                  {titleOf(d)}
                </li>
              ))}
            </ul>
          )}
          <Link href={`/onlinee-sales/orders/${order.id}`} data-testid="order-documents-link">
            {t('orders.documentsLink')}
          </Link>
          <StatusDialog />
        </div>
      ) : null}
    </section>
  );
}

/** The move of the open order: what it acts on (order, company, sum) and what changes, then busy, or its error. */
function StatusDialog() {
  const { t } = useTranslation();
  const lang = usePageLang();
  const actor = OrdersContext.useActorRef();
  const { step, order, effect } = useWorkflow(actor, connectStatusMove);
  if (!step || !order) return null;
  const status = (s: string) => t(`orders.status.${s}`, { defaultValue: s });
  const sum = (amount: number) => formatSum(amount, { lang });
  // PRM1, PRM2: what the move does to the company's balance and to the numbers, said before it is confirmed
  const money = effect
    ? [
        effect.debit > 0 ? t('orders.moveDebit', { sum: sum(effect.debit) }) : null,
        effect.refund > 0 ? t('orders.moveRefund', { sum: sum(effect.refund) }) : null,
        effect.releases ? t('orders.moveRelease') : null,
        effect.noCharge ? t('orders.moveNoCharge') : null,
      ].filter((x): x is string => x !== null)
    : [];
  return (
    <StatusMoveDialog
      testId="order-status"
      texts={listMoveTexts(t, 'orders', order.id)}
      busy={step.busy}
      error={step.error}
      danger={step.to === 'cancelled'}
      {...listMoveHandlers(actor)}
    >
      <p data-testid="order-status-text">
        {t('orders.moveText', {
          company: order.company,
          ban: order.ban,
          total: formatSum(order.total, { lang }),
          from: status(order.status),
          to: status(step.to),
        })}
      </p>
      {money.length > 0 ? <p data-testid="order-status-money">{money.join(' ')}</p> : null}
    </StatusMoveDialog>
  );
}
