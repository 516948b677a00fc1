import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSum } from '@/domain/money.rules';
import type { OrderRowDraft, RowProblem } from '@/domain/orders.rules';
import { formatErrorMessage } from '@/i18n/messages';
import { usePageLang } from '@/i18n/page-lang';
import type { NewOrderInput, RowField } from '@/machines/new-order.machine';
import {
  connectCompany,
  connectCreatedOrder,
  connectNewOrderPage,
  connectRemoveDialog,
  connectRow,
  connectRows,
  connectSummary,
  newOrderInputOf,
} from '@/machines/new-order.selectors';
import { selectUser } from '@/machines/session.selectors';
import { categoryName, categoryPriceText } from '@/views/common/category-texts';
import { ConfirmDialog } from '@/views/common/confirm-dialog.view';
import { ErrorRetry } from '@/views/common/error-retry.view';
import { FormField } from '@/views/common/form-field.view';
import { PageFrame } from '@/views/common/page-frame.view';
import { pricePlanName } from '@/views/common/price-plan-texts';
import { useWorkflow } from '@/views/common/use-workflow';
import { SessionContext } from '@/views/session/session.context';
import { NewOrderContext } from './new-order.context';
import './purchase.css';
import { connectOrderCancel } from '@/machines/order-cancel.selectors';
import { chartPage } from '@/views/common/chart-page.view';
import { SendButton } from '@/views/common/send-button.view';
import { OrderCancel, useOrderCancel } from '@/views/orders/order-cancel.view';

/** `/{lang}/purchase/order`: the new-number order (its chart: src/machines/new-order.machine.ts). */
export function NewOrderPage() {
  const user = SessionContext.useSelector(selectUser);
  if (!user) return null;
  return <NewOrderForm input={newOrderInputOf(user.user_name)} />;
}

/** The page's chart started with its input (the draft key of the signed-in user). */
export const NewOrderForm = chartPage(
  NewOrderContext,
  (l) => l.newOrder,
  NewOrderView,
  ({ input }: { input: NewOrderInput }) => input,
);

function NewOrderView() {
  const { t } = useTranslation();
  const actor = NewOrderContext.useActorRef();
  const { state, step } = useWorkflow(actor, connectNewOrderPage);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (step === 'done') heading.current?.focus();
  }, [step]);
  return (
    <PageFrame
      block="purchase"
      also="new-order"
      titleId="new-order-title"
      texts="newOrder"
      testId="new-order-page"
      state={state}
    >
      {step === 'done' ? (
        <Done headingRef={heading} />
      ) : (
        <div className="new-order__body">
          <form
            className="new-order__form"
            noValidate
            aria-labelledby="new-order-title"
            onSubmit={(e) => {
              e.preventDefault();
              actor.send({ type: 'order.submit' });
            }}
          >
            {step === 'restoring' ? (
              // the rows' place is kept while the draft is read (nothing below moves when they come), unseen
              <div className="new-order__restoring" aria-busy="true" data-testid="new-order-restoring">
                <p className="visually-hidden">{t('app.loading')}</p>
                <div aria-hidden="true" inert>
                  <Rows />
                </div>
              </div>
            ) : (
              <Rows />
            )}
            <Summary />
          </form>
          <Company />
        </div>
      )}
      <RemoveDialog />
    </PageFrame>
  );
}

function Rows() {
  const { t } = useTranslation();
  const actor = NewOrderContext.useActorRef();
  const { rows, problems, canRemove, busy } = useWorkflow(actor, connectRows);
  return (
    <div data-testid="new-order-rows">
      <ol className="new-order__rows">
        {rows.map((row, index) => (
          <Row
            // rows have no id of their own: their place in the order is theirs
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            index={index}
            row={row}
            errors={problems.filter((p) => p.index === index).map((p) => p.field)}
            canRemove={canRemove && !busy}
          />
        ))}
      </ol>
      <SendButton
        actor={actor}
        event="row.add"
        className="btn btn--secondary"
        testId="new-order-add"
        disabled={busy}
      >
        {t('newOrder.add')}
      </SendButton>
    </div>
  );
}

/** The message key of a wrong field (PRM3, PRM4), in both languages. */
const problemKey = (field: RowProblem) => `validation.order${field.charAt(0).toUpperCase()}${field.slice(1)}`;

function Row({
  index,
  row,
  errors,
  canRemove,
}: {
  index: number;
  row: OrderRowDraft;
  errors: readonly RowProblem[];
  canRemove: boolean;
}) {
  const { t } = useTranslation();
  const lang = usePageLang();
  const actor = NewOrderContext.useActorRef();
  const { catalogue } = useWorkflow(actor, connectRow);
  const n = index + 1;
  const change = (field: RowField) => (e: { currentTarget: { value: string } }) =>
    actor.send({ type: 'row.change', index, field, value: e.currentTarget.value });
  const errorOf = (field: RowProblem) => (errors.includes(field) ? problemKey(field) : null);
  const name = (field: string) => `row${n}-${field}`;
  // the row's two number fields and its two choices, each written once
  const typed = (
    field: 'kolvo' | 'nominal',
    label: string,
    hint: string,
    maxLength: number,
    required?: boolean,
  ) => (
    <FormField name={name(field)} label={label} error={errorOf(field)} hint={hint} required={required}>
      {(control) => (
        <input
          {...control}
          inputMode="numeric"
          maxLength={maxLength}
          value={row[field]}
          onChange={change(field)}
        />
      )}
    </FormField>
  );
  const chosen = (
    field: 'category' | 'tariff',
    label: string,
    options: readonly { id: string; text: ReactNode }[],
  ) => (
    <FormField name={name(field)} label={label} error={errorOf(field)} required>
      {(control) => (
        <select {...control} value={row[field]} onChange={change(field)}>
          <option value="">{t('newOrder.choose')}</option>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.text}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
  // a service a kept draft holds that the catalogue no longer sells is listed too, so it can be unticked
  const offered = catalogue?.services ?? [];
  const stray = row.services.filter((id) => !offered.some((s) => s.id === id));
  return (
    <li className="new-order__row" data-testid={`new-order-row-${n}`}>
      <fieldset>
        <legend>{t('newOrder.row', { n })}</legend>
        <div className="new-order__fields">
          {typed('kolvo', t('purchase.rows.count'), t('newOrder.kolvoHint'), 4, true)}
          {chosen(
            'category',
            t('purchase.rows.category'),
            (catalogue?.categories ?? []).map((c) => ({
              id: c.id,
              // three text nodes, as `{name} — {price}` wrote them
              text: [
                categoryName(t, Number(c.id)),
                ' — ',
                categoryPriceText(t, lang, Number(c.id), c.price ?? 0),
              ],
            })),
          )}
          {chosen(
            'tariff',
            t('purchase.rows.tariff'),
            (catalogue?.pricePlans ?? []).map((p) => ({ id: p.id, text: pricePlanName(t, p.id, p.name) })),
          )}
          {typed('nominal', t('purchase.rows.nominal'), t('newOrder.nominalHint'), 7)}
        </div>
        {offered.length + stray.length > 0 ? (
          <fieldset
            className="new-order__services"
            aria-describedby={errors.includes('services') ? `${name('services')}-error` : undefined}
          >
            <legend>{t('purchase.rows.services')}</legend>
            {offered.map((s) => (
              <label key={s.id} className="new-order__service">
                <input
                  type="checkbox"
                  name={name(`service-${s.id}`)}
                  checked={row.services.includes(s.id)}
                  onChange={(e) =>
                    actor.send({ type: 'row.service', index, service: s.id, on: e.currentTarget.checked })
                  }
                />
                {s.name}
              </label>
            ))}
            {stray.map((id) => (
              <label key={id} className="new-order__service" data-testid={`${name('stray')}-${id}`}>
                <input
                  type="checkbox"
                  name={name(`service-${id}`)}
                  checked
                  onChange={() => actor.send({ type: 'row.service', index, service: id, on: false })}
                />
                {t('newOrder.strayService', { id })}
              </label>
            ))}
            {errors.includes('services') ? (
              <p
                id={`${name('services')}-error`}
                className="field__error"
                data-testid={`error-${name('services')}`}
              >
                {formatErrorMessage(t, problemKey('services'))}
              </p>
            ) : null}
          </fieldset>
        ) : null}
        <SendButton
          actor={actor}
          event={{ type: 'row.remove', index }}
          className="btn btn--link new-order__remove"
          testId={`new-order-remove-${n}`}
          disabled={!canRemove}
        >
          {t('newOrder.remove', { n })}
        </SendButton>
      </fieldset>
    </li>
  );
}

function Summary() {
  const { t } = useTranslation();
  const lang = usePageLang();
  const actor = NewOrderContext.useActorRef();
  const { total, overBalance, busy, error, retry, step } = useWorkflow(actor, connectSummary);
  return (
    <div className="new-order__summary">
      <p className="new-order__total">
        {t('newOrder.total')}: <strong data-testid="new-order-total">{formatSum(total, { lang })}</strong>
      </p>
      {overBalance ? (
        <p className="new-order__warning" data-testid="new-order-over-balance">
          {t('newOrder.overBalance')}
        </p>
      ) : null}
      {error ? (
        <div data-testid="new-order-error">
          <ErrorRetry
            code={error}
            title={t('newOrder.errors.submit')}
            testId="new-order-submit-error"
            {...(retry ? { onRetry: () => actor.send({ type: 'order.retry' }) } : {})}
          />
          <SendButton actor={actor} event="order.edit" className="btn btn--link" testId="new-order-edit">
            {t('newOrder.edit')}
          </SendButton>
        </div>
      ) : null}
      <p
        role="status"
        aria-live="polite"
        className="new-order__status"
        data-testid={busy ? 'new-order-submitting' : undefined}
      >
        {busy ? t('newOrder.submitting') : ''}
      </p>
      <button
        type="submit"
        className="btn"
        data-testid="new-order-submit"
        disabled={busy || step !== 'editing'}
        aria-busy={busy}
      >
        {t('newOrder.submit')}
      </button>
    </div>
  );
}

/** The delivery address (editable), the company's tax id and balance; one error with one retry for the company data. */
function Company() {
  const { t } = useTranslation();
  const lang = usePageLang();
  const actor = NewOrderContext.useActorRef();
  const { company, retry, address, inn, balance, step } = useWorkflow(actor, connectCompany);
  const loading = company.phase === 'loading';
  return (
    <aside className="new-order__company" aria-label={t('newOrder.company')}>
      {company.error ? (
        <ErrorRetry
          code={company.error}
          title={t('newOrder.errors.company')}
          testId="new-order-company-error"
          {...(retry ? { onRetry: () => actor.send({ type: 'company.retry' }) } : {})}
        />
      ) : null}
      <FormField name="address" label={t('newOrder.address')}>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={300}
            value={address}
            disabled={step !== 'editing'}
            aria-busy={loading}
            onChange={(e) => actor.send({ type: 'address.change', value: e.currentTarget.value })}
          />
        )}
      </FormField>
      <dl
        className="new-order__facts"
        aria-busy={loading}
        data-testid={loading ? 'new-order-company-loading' : undefined}
      >
        <div>
          <dt>{t('newOrder.inn')}</dt>
          <dd data-testid="new-order-inn">{loading ? t('app.loading') : (inn ?? '—')}</dd>
        </div>
        <div>
          <dt>{t('newOrder.balance')}</dt>
          <dd data-testid="new-order-balance">
            {loading ? t('app.loading') : balance === null ? '—' : formatSum(balance, { lang })}
          </dd>
        </div>
      </dl>
    </aside>
  );
}

/** Spec 5 "deletion requires confirmation": the dialog names the row; Cancel first, Delete last (U13). */
function RemoveDialog() {
  const { t } = useTranslation();
  const actor = NewOrderContext.useActorRef();
  const { dialog } = useWorkflow(actor, connectRemoveDialog);
  if (!dialog) return null;
  return (
    <ConfirmDialog
      title={t('newOrder.removeTitle', { n: dialog.number })}
      testId="new-order-remove-dialog"
      cancelLabel={t('app.cancel')}
      confirmLabel={t('newOrder.removeConfirm', { n: dialog.number })}
      cancelTestId="new-order-remove-cancel"
      confirmTestId="new-order-remove-confirm"
      danger
      onCancel={() => actor.send({ type: 'remove.cancel' })}
      onConfirm={() => actor.send({ type: 'remove.confirm' })}
    >
      <p>{t('newOrder.removeText', { n: dialog.number })}</p>
    </ConfirmDialog>
  );
}

function Done({ headingRef }: { headingRef: React.RefObject<HTMLHeadingElement | null> }) {
  const { t } = useTranslation();
  const actor = NewOrderContext.useActorRef();
  const { order, cancellable } = useWorkflow(actor, connectCreatedOrder);
  if (!order) return null;
  return (
    <div className="purchase__done" data-testid="new-order-done">
      <h2 ref={headingRef} tabIndex={-1} data-testid="new-order-id">
        {t('newOrder.doneTitle', { id: order.id })}
      </h2>
      <CreatedOrderStatus id={order.id} cancellable={cancellable} />
      <SendButton actor={actor} event="order.new" className="btn btn--secondary" testId="new-order-again">
        {t('newOrder.again')}
      </SendButton>
    </div>
  );
}

/**
 * The created order's status and what happens next, with the company's cancel while it is created (GN15): the one
 * who just placed it may take it back; once cancelled, the status says so and the operator has nothing to do.
 */
function CreatedOrderStatus({ id, cancellable }: { id: string; cancellable: boolean }) {
  const { t } = useTranslation();
  const cancel = useOrderCancel(id);
  const { done } = useWorkflow(cancel, connectOrderCancel);
  return (
    <>
      <p data-testid="new-order-status">
        {t('newOrder.doneStatus', { status: t(done ? 'orders.status.cancelled' : 'orders.status.created') })}
      </p>
      {done ? null : <p>{t('newOrder.doneText')}</p>}
      <OrderCancel actor={cancel} cancellable={cancellable} />
    </>
  );
}
