import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { ACCEPTED } from '@/domain/addons.rules';
import { formatSum } from '@/domain/money.rules';
import { phoneWord } from '@/domain/phone.rules';
import { formatErrorMessage } from '@/i18n/messages';
import { usePageLang } from '@/i18n/page-lang';
import { connectCheckoutChoice } from '@/machines/addons.selectors';
import type { CheckoutOrder } from '@/machines/addons-checkout.machine';
import { connectCheckout, selectServiceDocumentsHref } from '@/machines/addons-checkout.selectors';
import { PageFrame } from '@/views/common/page-frame.view';
import { useWorkflow } from '@/views/common/use-workflow';
import { useWorkflowLogic } from '@/views/common/workflow-logic.context';
import { SessionContext } from '@/views/session/session.context';
import { AddonsContext, CheckoutContext } from './addons.context';
import { addonsSearch, parseAddonsSearch, parseCheckoutSearch } from './addons.url';
import '@/views/common/common.css';
import { SendButton } from '@/views/common/send-button.view';

/**
 * `/{lang}/services/checkout?page&payerBan&action` (spec 2): the services checkout of the numbers chosen on the list.
 * Its chart starts with what the page chose (a new URL starts a new checkout); nothing chosen shows a way back.
 */
export function CheckoutPanel() {
  const { servicesCheckout } = useWorkflowLogic();
  const search = useSearch();
  const checkout = parseCheckoutSearch(search);
  const page = AddonsContext.useActorRef();
  const { selected, chosen } = useWorkflow(page, connectCheckoutChoice);
  const needsPackage =
    checkout.action === 'connect' || checkout.action === 'connectFree' || checkout.action === 'disconnect';
  const pkg = needsPackage && chosen ? { soc: chosen.soc, name: chosen.name, price: chosen.price } : null;
  const order: CheckoutOrder = {
    action: checkout.action,
    pkg,
    sns: needsPackage && !pkg ? [] : selected,
    payerBan: checkout.payerBan ?? '',
  };
  return (
    <CheckoutContext.Provider key={search} logic={servicesCheckout}>
      <CheckoutStart order={order} />
      <CheckoutView />
    </CheckoutContext.Provider>
  );
}

/** Hands the page's choice to the checkout once, when it opens (a new URL opens a new checkout). */
function CheckoutStart({ order }: { order: CheckoutOrder }) {
  const actor = CheckoutContext.useActorRef();
  const [first] = useState(order);
  useEffect(() => {
    if (actor.getSnapshot().matches('opening')) actor.send({ type: 'checkout.start', order: first });
  }, [actor, first]);
  return null;
}

export function CheckoutView() {
  const { t } = useTranslation();
  const lang = usePageLang();
  const actor = CheckoutContext.useActorRef();
  const search = useSearch();
  const {
    step,
    state,
    summary,
    balance,
    progress,
    stopping,
    busy,
    error,
    retry,
    outcomes,
    result,
    retryCount,
  } = useWorkflow(actor, connectCheckout);
  const cancel = () => actor.send({ type: 'checkout.cancel' });
  const documentsHref = SessionContext.useSelector(selectServiceDocumentsHref);
  const back = `/services?${addonsSearch(parseAddonsSearch(search))}`;
  const money = (n: number) => formatSum(n, { lang });
  const what = t(`services.checkoutPage.what.${summary.action}`, { name: summary.pkg?.name ?? '' });
  const backLink = (
    <Link
      href={back}
      className="btn btn--secondary"
      data-testid="checkout-back"
      onClick={() => {
        if (step === 'result') actor.send({ type: 'checkout.close' });
      }}
    >
      {t('services.checkoutPage.back')}
    </Link>
  );

  return (
    <PageFrame
      block="services"
      also="checkout"
      titleId="checkout-title"
      title={t('services.checkoutPage.title')}
      testId="services-checkout"
      state={state}
      busy={busy}
    >
      {step === 'opening' || step === 'closed' ? null : step === 'quoting' ? (
        <p className="checkout__panel" role="status" data-testid="checkout-quoting">
          {t('services.checkoutPage.quoting')}
        </p>
      ) : step === 'quoteFailed' ? (
        <CheckoutFailure
          testId="checkout-quote-error"
          text={t('services.checkoutPage.quoteFailed')}
          error={error}
          retryable={retry}
          retry={{ label: t('app.retry'), onClick: () => actor.send({ type: 'quote.retry' }) }}
          close={{
            label: t('services.checkoutPage.cancel'),
            testId: 'checkout-cancel',
            onClick: cancel,
          }}
        />
      ) : step === 'empty' ? (
        <div className="checkout__panel" data-testid="checkout-empty">
          <p>{t('services.checkoutPage.emptyText')}</p>
          {backLink}
        </div>
      ) : (
        <>
          <dl className="checkout__summary" data-testid="checkout-summary">
            <div>
              <dt>{t('services.checkout')}</dt>
              <dd data-testid="checkout-what">{what}</dd>
            </div>
            <div>
              <dt>{t('services.payerBan')}</dt>
              <dd data-testid="checkout-payer">{summary.payerBan}</dd>
            </div>
            <div>
              <dt>{t('services.employees')}</dt>
              <dd data-testid="checkout-count">
                {t('services.checkoutPage.numbers', { count: summary.sns.length })}
              </dd>
            </div>
            {summary.action === 'connect' && summary.pkg ? (
              <>
                <div>
                  <dt>{t('services.checkoutPage.pricePerNumber')}</dt>
                  <dd>{money(summary.pkg.price)}</dd>
                </div>
                <div>
                  <dt>{t('services.checkoutPage.total')}</dt>
                  <dd data-testid="checkout-total">{money(summary.total)}</dd>
                </div>
              </>
            ) : null}
          </dl>

          {['reviewing', 'checkingBalance', 'funded', 'short'].includes(step) ? (
            <ul className="checkout__numbers" data-testid="checkout-numbers">
              {summary.sns.map((sn) => (
                <li key={sn}>{phoneWord(sn)}</li>
              ))}
            </ul>
          ) : null}

          {summary.already.length > 0 &&
          ['reviewing', 'checkingBalance', 'funded', 'short'].includes(step) ? (
            <div className="checkout__panel" role="status" data-testid="checkout-already">
              <p>
                {t(`services.checkoutPage.already.${summary.action === 'roamingOn' ? 'roaming' : 'package'}`)}
              </p>
              <ul className="checkout__numbers">
                {summary.already.map((sn) => (
                  <li key={sn} data-testid={`checkout-already-${sn}`}>
                    {phoneWord(sn)}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}

          {step === 'reviewing' || step === 'checkingBalance' ? (
            <div className="checkout__panel" data-testid="checkout-review">
              {step === 'checkingBalance' ? (
                <p role="status" data-testid="checkout-balance-checking">
                  {t('services.checkoutPage.checking')}
                </p>
              ) : null}
              <div className="checkout__buttons">
                <SendButton
                  actor={actor}
                  event="checkout.confirm"
                  testId="checkout-confirm"
                  disabled={step !== 'reviewing' || summary.sns.length === 0}
                >
                  {t('services.checkoutPage.confirm')}
                </SendButton>
                <CancelButton disabled={step !== 'reviewing'} onCancel={cancel} />
              </div>
            </div>
          ) : null}

          {step === 'balanceFailed' ? (
            <CheckoutFailure
              testId="checkout-balance-error"
              text={t('services.checkoutPage.balanceFailed')}
              error={error}
              retryable={retry}
              retry={{ label: t('app.retry'), onClick: () => actor.send({ type: 'balance.retry' }) }}
              close={{
                label: t('services.checkoutPage.cancel'),
                onClick: cancel,
              }}
            />
          ) : null}

          {step === 'funded' || step === 'short' ? (
            <div
              className="checkout__panel"
              data-testid={step === 'funded' ? 'checkout-apply' : 'checkout-short'}
            >
              {balance ? (
                <p data-testid="checkout-balance">
                  {balance.hasDeposit
                    ? `${t('services.checkoutPage.balance')}: ${money(balance.balance)}`
                    : t('services.checkoutPage.noDeposit')}
                </p>
              ) : null}
              <p role={step === 'short' ? 'alert' : undefined}>
                {step === 'funded'
                  ? t('services.checkoutPage.funded')
                  : t('services.checkoutPage.short', {
                      covers: balance?.covers ?? 0,
                      count: summary.sns.length,
                    })}
              </p>
              <div className="checkout__buttons">
                <button
                  type="button"
                  className="btn"
                  data-testid="checkout-do-apply"
                  onClick={() => actor.send({ type: 'checkout.apply' })}
                >
                  {step === 'funded'
                    ? t('services.checkoutPage.apply')
                    : t('services.checkoutPage.applyAnyway')}
                </button>
                <CancelButton onCancel={cancel} />
              </div>
            </div>
          ) : null}

          {step === 'applying' || step === 'applyFailed' ? (
            <div className="checkout__panel" data-testid="checkout-progress">
              <progress
                max={progress.total}
                value={progress.done}
                aria-label={t('services.checkoutPage.progress', progress)}
              />
              <p role="status" data-testid="checkout-progress-text">
                {t('services.checkoutPage.progress', progress)}
              </p>
              {step === 'applying' ? (
                <SendButton
                  actor={actor}
                  event="apply.stop"
                  className="btn btn--secondary"
                  testId="checkout-stop"
                  disabled={stopping}
                >
                  {stopping ? t('services.checkoutPage.stopping') : t('services.checkoutPage.stop')}
                </SendButton>
              ) : (
                <CheckoutFailure
                  testId="checkout-apply-error"
                  text={t('services.checkoutPage.applyFailed')}
                  error={error}
                  retryable={retry}
                  retry={{
                    label: t('services.checkoutPage.resume'),
                    testId: 'checkout-resume',
                    onClick: () => actor.send({ type: 'apply.resume' }),
                  }}
                  close={{
                    label: t('services.checkoutPage.finish'),
                    testId: 'checkout-finish',
                    onClick: () => actor.send({ type: 'apply.finish' }),
                  }}
                />
              )}
            </div>
          ) : null}

          {step === 'result' ? (
            <div className="checkout__panel" data-testid="checkout-result">
              <h2>{t('services.checkoutPage.resultTitle')}</h2>
              <p data-testid="checkout-result-summary">
                {t('services.checkoutPage.summary', { accepted: result.accepted, failed: result.failed })}
              </p>
              <ul className="checkout__outcomes" data-testid="checkout-outcomes">
                {outcomes.map((o) => (
                  <li
                    key={o.sn}
                    data-testid={`checkout-outcome-${o.sn}`}
                    data-code={o.code}
                    className={o.code === ACCEPTED ? 'checkout__ok' : 'checkout__failed'}
                  >
                    <span className="services__number">{phoneWord(o.sn)}</span>{' '}
                    <span>
                      <OutcomeText code={o.code} />
                    </span>
                  </li>
                ))}
              </ul>
              {result.accepted > 0 && (summary.action === 'connect' || summary.action === 'connectFree') ? (
                documentsHref ? (
                  <p className="services__muted" data-testid="checkout-document">
                    {t('services.checkoutPage.document')}{' '}
                    <Link href={documentsHref} data-testid="checkout-documents-link">
                      {t('services.checkoutPage.documentsLink')}
                    </Link>
                  </p>
                ) : (
                  <p className="services__muted" data-testid="checkout-document">
                    {t('services.checkoutPage.documentElsewhere')}
                  </p>
                )
              ) : null}
              <div className="checkout__buttons">
                {retryCount > 0 ? (
                  <SendButton actor={actor} event="result.retry" testId="checkout-retry">
                    {t('services.checkoutPage.retry', { count: retryCount })}
                  </SendButton>
                ) : null}
                {backLink}
              </div>
            </div>
          ) : null}

          {step === 'cancelled' ? (
            <div className="checkout__panel" role="status" data-testid="checkout-cancelled">
              <FocusedHeading>{t('services.checkoutPage.cancelledTitle')}</FocusedHeading>
              <p>{t('services.checkoutPage.cancelledText')}</p>
              {backLink}
            </div>
          ) : null}
        </>
      )}
    </PageFrame>
  );
}

/** A result's heading that takes the focus when shown: the control that led here (Cancel, Escape) is gone with its
 *  step, and the focus must not fall to <body>. */
interface FailureAction {
  readonly label: string;
  readonly testId?: string;
  readonly onClick: () => void;
}

/** 'Отменить': leaves the checkout (the chart's `checkout.cancel`); disabled while a step of it runs. */
function CancelButton({ disabled = false, onCancel }: { disabled?: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="btn btn--secondary"
      data-testid="checkout-cancel"
      disabled={disabled}
      onClick={onCancel}
    >
      {t('services.checkoutPage.cancel')}
    </button>
  );
}
/** A failed step of the checkout (the quote, the balance, a slice): what failed and why, the retry the error allows
 *  (`retryable`: the checkout's `canRetry`), and the way out. */
function CheckoutFailure({
  testId,
  text,
  error,
  retryable,
  retry,
  close,
}: {
  testId: string;
  text: string;
  error: string | null;
  retryable: boolean;
  retry: FailureAction;
  close: FailureAction;
}) {
  const { t } = useTranslation();
  return (
    <div className="alert-error" role="alert" data-testid={testId}>
      <span>
        {text} {formatErrorMessage(t, error ?? 'unknown')}
      </span>
      {retryable ? (
        <button type="button" className="btn" data-testid={retry.testId} onClick={retry.onClick}>
          {retry.label}
        </button>
      ) : null}
      <button type="button" className="btn btn--secondary" data-testid={close.testId} onClick={close.onClick}>
        {close.label}
      </button>
    </div>
  );
}

function FocusedHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h2 ref={ref} tabIndex={-1}>
      {children}
    </h2>
  );
}

const KNOWN = ['accepted', 'E124', 'E123', 'E031', 'cancelled', 'E013'] as const;
type KnownOutcome = (typeof KNOWN)[number];
const isKnown = (code: string): code is KnownOutcome => (KNOWN as readonly string[]).includes(code);

/** An outcome in words: the four of the issue and 'not sent' by their own text, any other code by the catalogue. */
function OutcomeText({ code }: { code: string }) {
  const { t } = useTranslation();
  return <>{isKnown(code) ? t(`services.checkoutPage.outcome.${code}`) : formatErrorMessage(t, code)}</>;
}
