import { type FormEvent, type InputHTMLAttributes, type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { GOLDEN_SEARCH_TYPES, type GoldenOffer, MAX_SELECTION, OPERATOR_CODES } from '@/domain/golden.rules';
import { formatSum } from '@/domain/money.rules';
import { formatPhone, phoneWord } from '@/domain/phone.rules';
import { formatErrorMessage } from '@/i18n/messages';
import { usePageLang } from '@/i18n/page-lang';
import type {
  GoldenCheckoutInput,
  GoldenFormField,
  PurchaseStepParam,
} from '@/machines/golden-checkout.machine';
import {
  connectCategories,
  connectDone,
  connectPurchasePage,
  connectResults,
  connectReview,
  connectSearchForm,
  connectSelection,
  connectSplit,
  connectVatNote,
  goldenCheckoutInputOf,
  selectStepParam,
} from '@/machines/golden-checkout.selectors';
import { selectUser } from '@/machines/session.selectors';
import { categoryName, categoryPriceText } from '@/views/common/category-texts';
import { ErrorRetry } from '@/views/common/error-retry.view';
import { PageFrame } from '@/views/common/page-frame.view';
import { Pagination } from '@/views/common/pagination.view';
import { useWorkflow } from '@/views/common/use-workflow';
import { useWorkflowLogic } from '@/views/common/workflow-logic.context';
import { SessionContext } from '@/views/session/session.context';
import { PurchaseContext } from './purchase.context';
import { purchaseSearch, purchaseStepOf } from './purchase.url';
import './purchase.css';
import { chartPage } from '@/views/common/chart-page.view';
import { SendButton } from '@/views/common/send-button.view';

/**
 * `/{lang}/purchase` (`?step=review` for the review): the golden-number checkout (its chart:
 * src/machines/golden-checkout.machine.ts). Another signed-in user gets a chart of their own, with their kept choice.
 */
export function PurchasePage() {
  const user = SessionContext.useSelector(selectUser)?.user_name ?? null;
  return <PurchaseStart key={user ?? ''} user={user} />;
}

/** Reads the kept choice and the URL's step once, when the page opens (GN14). */
function PurchaseStart({ user }: { user: string | null }) {
  const { readGoldenChoice } = useWorkflowLogic();
  const step = purchaseStepOf(useSearch());
  const [input] = useState(() => goldenCheckoutInputOf(user, step, readGoldenChoice));
  return <PurchaseForm input={input} />;
}

/** The page's chart started with its input (the user's key, the kept choice, the URL's step). */
export const PurchaseForm = chartPage(
  PurchaseContext,
  (l) => l.goldenCheckout,
  PurchaseView,
  ({ input }: { input: GoldenCheckoutInput }) => input,
);

/**
 * The review is a history entry of its own (GN14): a change of the URL's step (Back, Forward) reaches the
 * chart as a fact; a step the chart reached itself is written into the URL, the review pushed (Back returns to the
 * choice), the choice replacing the review (the in-page Back, the last number removed, a new purchase).
 */
function useStepInUrl(shown: PurchaseStepParam | null) {
  const actor = PurchaseContext.useActorRef();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const urlStep = purchaseStepOf(search);
  const last = useRef(urlStep);
  useEffect(() => {
    if (last.current !== urlStep) {
      last.current = urlStep;
      actor.send({ type: 'step.changed', step: urlStep });
    }
    const now = selectStepParam(actor.getSnapshot()) ?? shown;
    if (now === null || now === urlStep) return;
    navigate(`${location}${purchaseSearch(now, search)}`, { replace: now === 'choice' });
  }, [actor, urlStep, shown, location, navigate, search]);
}

function PurchaseView() {
  const { t } = useTranslation();
  const actor = PurchaseContext.useActorRef();
  const { state, step, stepParam, categoriesError, categoriesRetry } = useWorkflow(
    actor,
    connectPurchasePage,
  );
  useStepInUrl(stepParam);
  const heading = useRef<HTMLHeadingElement>(null);
  // a new screen (review, result) takes the focus to its heading, so a keyboard or screen-reader user hears it
  useEffect(() => {
    if (step === 'review' || step === 'done') heading.current?.focus();
  }, [step]);

  return (
    <PageFrame block="purchase" texts="purchase" testId="purchase-page" state={state}>
      {step === 'loading' ? (
        <p aria-busy="true" data-testid="purchase-loading">
          {t('app.loading')}
        </p>
      ) : null}
      {categoriesError ? (
        <ErrorRetry
          code={categoriesError}
          title={t('purchase.errors.categories')}
          testId="purchase-categories-error"
          {...(categoriesRetry ? { onRetry: () => actor.send({ type: 'categories.retry' }) } : {})}
        />
      ) : null}
      {step === 'browsing' ? <Browsing /> : null}
      {step === 'review' ? <Review heading={heading} /> : null}
      {step === 'done' ? <Done heading={heading} /> : null}
    </PageFrame>
  );
}

/** The category, the VAT note, the search form, the numbers found and the selection aside. */
function Browsing() {
  return (
    <div className="purchase__layout">
      <div className="purchase__main">
        <Categories />
        <SearchForm />
        <Results />
      </div>
      <SelectionPanel />
    </div>
  );
}

function VatNote() {
  const { t } = useTranslation();
  const actor = PurchaseContext.useActorRef();
  const { catalogue } = useWorkflow(actor, connectVatNote);
  if (!catalogue) return null;
  return (
    <p className="purchase__note" data-testid="purchase-vat-note">
      {t(catalogue.taxPayer ? 'purchase.vatNotePayer' : 'purchase.vatNoteNonPayer', {
        percent: catalogue.taxPercent,
      })}
    </p>
  );
}

function Categories() {
  const { t } = useTranslation();
  const lang = usePageLang();
  const actor = PurchaseContext.useActorRef();
  const { catalogue, categoryId } = useWorkflow(actor, connectCategories);
  if (!catalogue) return null;
  return (
    <fieldset className="purchase__categories">
      <legend>{t('purchase.categories.label')}</legend>
      <div className="purchase__category-list">
        {catalogue.categories.map((c) => (
          <label key={c.id} className="purchase__category" data-testid={`purchase-category-${c.id}`}>
            <input
              type="radio"
              name="purchase-category"
              value={c.id}
              checked={categoryId === c.id}
              onChange={() => actor.send({ type: 'category.choose', categoryId: c.id })}
            />
            <span className="purchase__category-name">{categoryName(t, c.id)}</span>
            <span className="purchase__category-price">{categoryPriceText(t, lang, c.id, c.price)}</span>
          </label>
        ))}
      </div>
      <VatNote />
    </fieldset>
  );
}

function SearchForm() {
  const { t } = useTranslation();
  const actor = PurchaseContext.useActorRef();
  const { type, form, problem, searching, error, retry } = useWorkflow(actor, connectSearchForm);
  const change = (field: GoldenFormField) => (e: { currentTarget: { value: string } }) =>
    actor.send({ type: 'form.change', field, value: e.currentTarget.value });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'search.submit' });
  };
  const described = (name: GoldenFormField) =>
    problem === name ? `purchase-${name}-hint purchase-${name}-error` : `purchase-${name}-hint`;
  // the three search fields differ only in their name, words and what may be typed: the label, hint and error
  // around the input, and the input's links to them, are the same
  const field = (
    name: 'digits' | 'count' | 'mask',
    label: string,
    hint: string,
    input: Pick<InputHTMLAttributes<HTMLInputElement>, 'inputMode' | 'maxLength' | 'placeholder'>,
  ) => (
    <div className="purchase__field">
      <label htmlFor={`purchase-${name}`}>{label}</label>
      <input
        id={`purchase-${name}`}
        {...input}
        autoComplete="off"
        value={form[name]}
        aria-invalid={problem === name}
        aria-describedby={described(name)}
        onChange={change(name)}
      />
      <small id={`purchase-${name}-hint`} className="purchase__hint">
        {hint}
      </small>
      {problem === name ? (
        <small id={`purchase-${name}-error`} className="purchase__field-error" role="alert">
          {t(`purchase.errors.${name}`)}
        </small>
      ) : null}
    </div>
  );
  return (
    // biome-ignore lint/a11y/useSemanticElements: the <search> element is unknown to jsdom and older browsers
    <div role="search" aria-label={t('purchase.orderTypes.label')}>
      <form className="purchase__form" onSubmit={onSubmit} noValidate data-testid="purchase-form">
        <div className="purchase__field">
          <label htmlFor="purchase-type">{t('purchase.orderTypes.label')}</label>
          <select
            id="purchase-type"
            value={type}
            onChange={(e) => {
              const v = GOLDEN_SEARCH_TYPES.find((s) => s === e.currentTarget.value) ?? 'random';
              actor.send({ type: 'search.type', searchType: v });
            }}
          >
            {GOLDEN_SEARCH_TYPES.map((s) => (
              <option key={s} value={s}>
                {t(`purchase.orderTypes.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="purchase__field">
          <label htmlFor="purchase-operatorCode">{t('purchase.operatorCode')}</label>
          <select
            id="purchase-operatorCode"
            value={form.operatorCode}
            aria-invalid={problem === 'operatorCode'}
            onChange={change('operatorCode')}
          >
            {type === 'random' ? <option value="">{t('purchase.operatorAny')}</option> : null}
            {OPERATOR_CODES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          {problem === 'operatorCode' ? (
            <small className="purchase__field-error" role="alert">
              {t('purchase.errors.operatorCode')}
            </small>
          ) : null}
        </div>
        {type === 'byNumber'
          ? field('digits', t('purchase.digits'), t('purchase.digitsHint'), {
              inputMode: 'numeric',
              maxLength: 9,
            })
          : null}
        {type === 'byGroup'
          ? field('count', t('purchase.count'), t('purchase.countHint'), {
              inputMode: 'numeric',
              maxLength: 2,
            })
          : null}
        {type === 'byMask'
          ? field('mask', `${t('purchase.mask')} (${t('purchase.maskHint')})`, t('purchase.maskHelp'), {
              maxLength: 9,
              placeholder: '999-99-99',
            })
          : null}
        <div className="purchase__actions">
          <button type="submit" className="btn" data-testid="purchase-find">
            {t('purchase.find')}
          </button>
          {searching ? (
            <SendButton
              actor={actor}
              event="search.cancel"
              className="btn btn--secondary"
              testId="purchase-searching"
            >
              {t('purchase.stop')}
            </SendButton>
          ) : null}
        </div>
      </form>
      <p className="purchase__status" role="status" aria-live="polite">
        {searching ? t('purchase.searching') : ''}
      </p>
      {error ? (
        <ErrorRetry
          code={error}
          title={t('purchase.errors.search')}
          testId="purchase-search-error"
          {...(retry ? { onRetry: () => actor.send({ type: 'search.retry' }) } : {})}
        />
      ) : null}
    </div>
  );
}

function Results() {
  const { t } = useTranslation();
  const lang = usePageLang();
  const actor = PurchaseContext.useActorRef();
  const { results, selected, searching, canMore } = useWorkflow(actor, connectResults);
  if (!results) return null;
  const chosen = (o: GoldenOffer) => selected.some((s) => s.number === o.number);
  return (
    <div className="purchase__results" data-testid="purchase-results" aria-busy={searching}>
      <p className="purchase__found" data-testid="purchase-found">
        {t('purchase.found', { count: results.totalElements })}
      </p>
      {results.content.length === 0 ? (
        <p data-testid="purchase-empty">{t('purchase.empty')}</p>
      ) : (
        <ul className="purchase__numbers">
          {results.content.map((o) => (
            <li key={o.number} className={chosen(o) ? 'purchase__number is-chosen' : 'purchase__number'}>
              <span className="purchase__phone">{phoneWord(o.number)}</span>
              <span className="purchase__price">{categoryPriceText(t, lang, o.categoryId, o.price)}</span>
              <button
                type="button"
                className={chosen(o) ? 'btn btn--secondary' : 'btn'}
                aria-pressed={chosen(o)}
                data-testid={`purchase-number-${o.number}`}
                disabled={!chosen(o) && !canMore}
                aria-label={`${chosen(o) ? t('purchase.unselect') : t('purchase.select')} ${formatPhone(o.number)}`}
                onClick={() => actor.send({ type: 'number.toggle', offer: o })}
              >
                {chosen(o) ? t('purchase.unselect') : t('purchase.select')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={results.page + 1}
        pages={results.totalPages}
        testId="purchase-results"
        disabled={searching}
        onPage={(p) => actor.send({ type: 'page.go', page: p - 1 })}
      />
    </div>
  );
}

/** The chosen numbers, their total with VAT, and the way to the review. */
function SelectionPanel() {
  const { t } = useTranslation();
  const lang = usePageLang();
  const actor = PurchaseContext.useActorRef();
  const { selected, canMore } = useWorkflow(actor, connectSelection);
  return (
    <aside
      className="purchase__aside"
      aria-labelledby="purchase-selected-title"
      data-testid="purchase-selection"
    >
      <h2 id="purchase-selected-title">{t('purchase.selected')}</h2>
      {selected.length === 0 ? (
        <p className="purchase__muted">{t('purchase.none')}</p>
      ) : (
        <ul className="purchase__chosen">
          {selected.map((s) => (
            <li key={s.number}>
              <span>{phoneWord(s.number)}</span>
              <span>{categoryPriceText(t, lang, s.categoryId, s.price)}</span>
            </li>
          ))}
        </ul>
      )}
      <Split />
      {canMore ? null : <p className="purchase__muted">{t('purchase.limit', { max: MAX_SELECTION })}</p>}
      {selected.length > 0 ? (
        <SendButton
          actor={actor}
          event="selection.clear"
          className="btn btn--secondary"
          testId="purchase-clear"
        >
          {t('purchase.clear')}
        </SendButton>
      ) : null}
      <SendButton
        actor={actor}
        event="review.open"
        testId="purchase-to-review"
        disabled={selected.length === 0}
      >
        {t('purchase.toReview', { count: selected.length })}
      </SendButton>
    </aside>
  );
}

/** Total, net and VAT of the chosen numbers (docs/decisions.md GN2). */
function Split() {
  const { t } = useTranslation();
  const lang = usePageLang();
  const actor = PurchaseContext.useActorRef();
  const { split, catalogue } = useWorkflow(actor, connectSplit);
  return (
    <dl className="purchase__split" data-testid="purchase-split">
      <div>
        <dt>{t('purchase.net')}</dt>
        <dd>{formatSum(split.net, { lang })}</dd>
      </div>
      <div>
        <dt>{t('purchase.vatAmount', { percent: catalogue?.taxPercent ?? 0 })}</dt>
        <dd>{formatSum(split.vat, { lang })}</dd>
      </div>
      <div className="purchase__split-total">
        <dt>{t('purchase.total')}</dt>
        <dd data-testid="purchase-total">{formatSum(split.total, { lang })}</dd>
      </div>
    </dl>
  );
}

function Review({ heading }: { heading: RefObject<HTMLHeadingElement | null> }) {
  const { t } = useTranslation();
  const lang = usePageLang();
  const actor = PurchaseContext.useActorRef();
  const { selected, split, busy, error, retry, taken, state } = useWorkflow(actor, connectReview);
  const sum = formatSum(split.total, { lang });
  const editable = state === 'reviewing';
  return (
    <section
      className="purchase__review"
      aria-labelledby="purchase-review-title"
      data-testid="purchase-review"
    >
      <h2 id="purchase-review-title" ref={heading} tabIndex={-1}>
        {t('purchase.reviewTitle')}
      </h2>
      <p data-testid="purchase-review-text">{t('purchase.reviewText', { count: selected.length, sum })}</p>
      <table className="purchase__table">
        <thead>
          <tr>
            <th scope="col">{t('purchase.number')}</th>
            <th scope="col">{t('purchase.categories.label')}</th>
            <th scope="col">{t('purchase.price')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('app.delete')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {selected.map((s) => (
            <tr key={s.number} data-testid={`purchase-review-${s.number}`}>
              <td className="purchase__phone">{phoneWord(s.number)}</td>
              <td>{categoryName(t, s.categoryId)}</td>
              <td>{categoryPriceText(t, lang, s.categoryId, s.price)}</td>
              <td>
                {editable ? (
                  <button
                    type="button"
                    className="btn btn--link"
                    aria-label={t('purchase.remove', { number: formatPhone(s.number) })}
                    onClick={() => actor.send({ type: 'number.remove', number: s.number })}
                  >
                    {t('purchase.removeShort')}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Split />
      <VatNote />
      <p className="purchase__status" role="status" aria-live="polite">
        {busy ? t('purchase.checkingOut') : ''}
      </p>
      {error ? (
        <div className="alert-error" role="alert" data-testid="purchase-checkout-error">
          <span>
            {t('purchase.errors.checkout')} {formatErrorMessage(t, error)}
          </span>
        </div>
      ) : null}
      {taken.length > 0 ? (
        <div className="alert-error" role="alert" data-testid="purchase-taken">
          <span>
            {t('purchase.takenText', { numbers: taken.map(phoneWord).join(', ') })}{' '}
            {selected.length === 0 ? t('purchase.takenNone') : ''}
          </span>
        </div>
      ) : null}
      <div className="purchase__actions">
        {state === 'failed' ? (
          retry ? (
            <SendButton actor={actor} event="checkout.retry">
              {t('app.retry')}
            </SendButton>
          ) : null
        ) : state === 'taken' ? (
          selected.length > 0 ? (
            <SendButton actor={actor} event="checkout.confirm" testId="purchase-confirm">
              {t('purchase.buyRest', { sum })}
            </SendButton>
          ) : null
        ) : (
          <SendButton
            actor={actor}
            event="checkout.confirm"
            testId="purchase-confirm"
            disabled={busy}
            busy={busy}
          >
            {t('purchase.confirm', { sum })}
          </SendButton>
        )}
        <SendButton
          actor={actor}
          event="review.back"
          className="btn btn--secondary"
          testId="purchase-back"
          disabled={busy}
        >
          {t('purchase.back')}
        </SendButton>
      </div>
    </section>
  );
}

function Done({ heading }: { heading: RefObject<HTMLHeadingElement | null> }) {
  const { t } = useTranslation();
  const lang = usePageLang();
  const actor = PurchaseContext.useActorRef();
  const { order } = useWorkflow(actor, connectDone);
  if (!order) return null;
  return (
    <section className="purchase__done" aria-labelledby="purchase-done-title" data-testid="purchase-done">
      <h2 id="purchase-done-title" ref={heading} tabIndex={-1} data-testid="purchase-order-id">
        {t('purchase.doneTitle', { id: order.orderId })}
      </h2>
      <h3>{t('purchase.doneNumbers')}</h3>
      <ul className="purchase__chosen" data-testid="purchase-done-numbers">
        {order.numbers.map((n) => (
          <li key={n.number}>
            <span>{phoneWord(n.number)}</span>
            <span>{categoryPriceText(t, lang, n.categoryId, n.price)}</span>
          </li>
        ))}
      </ul>
      <p data-testid="purchase-done-sum">
        {t('purchase.doneSum', {
          sum: formatSum(order.total, { lang }),
          vat: formatSum(order.vat, { lang }),
        })}
      </p>
      <p>
        {t('purchase.doneStatus', {
          status: t(`orders.status.${order.status}`, { defaultValue: order.status }),
        })}
      </p>
      <SendButton actor={actor} event="purchase.again" testId="purchase-again">
        {t('purchase.again')}
      </SendButton>
    </section>
  );
}
