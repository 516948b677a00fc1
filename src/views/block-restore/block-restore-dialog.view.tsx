import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { formatCount } from '@/domain/count-format.rules';
import { formatDateTime } from '@/domain/dates.rules';
import { formatMonthlyPrice } from '@/domain/money.rules';
import { PLANS_PATH } from '@/domain/routes.rules';
import { formatErrorMessage } from '@/i18n/messages';
import { usePageLang } from '@/i18n/page-lang';
import type { BlockRestoreMachine } from '@/machines/block-restore.machine';
import { connectBlockRestoreDialog } from '@/machines/block-restore.selectors';
import { Modal } from '@/views/common/modal.view';
import { useWorkflow } from '@/views/common/use-workflow';
import { PlanWhen } from './plan-when.view';
import { SigningPanel } from './signing-panel.view';
import './block-restore.css';

/** At most this many numbers are listed; the rest are counted ('Ещё номеров: N'). */
export const NUMBERS_SHOWN = 50;

function NumberList({
  numbers,
  testId,
  label,
}: {
  numbers: readonly string[];
  testId: string;
  label: string;
}) {
  const { t } = useTranslation();
  if (numbers.length === 0) return null;
  const shown = numbers.slice(0, NUMBERS_SHOWN);
  return (
    <>
      <ul className="block-restore__numbers" aria-label={label} data-testid={testId}>
        {shown.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
      {numbers.length > shown.length ? (
        <p className="block-restore__more">
          {t('blockRestore.moreNumbers', { total: numbers.length - shown.length })}
        </p>
      ) : null}
    </>
  );
}

type DialogEvent = 'dialog.close' | 'dialog.cancel' | 'dialog.retry' | 'dialog.confirm';

/**
 * The block/restore dialog in the modal layer (spec 4 block flow, spec 8 block/restore messages): the confirmation
 * with the paid warning, the signing panel, progress, the result with the numbers, the failure with the server's
 * reason, and the cancelled message. Escape and × cancel before the call and close after it; nothing while the
 * call runs. `data-state` carries the chart's state path.
 */
export function BlockRestoreDialog({ actorRef }: { actorRef: ActorRefFrom<BlockRestoreMachine> }) {
  const { t } = useTranslation();
  const lang = usePageLang();
  const {
    statePath,
    step,
    testId,
    action,
    priceNote,
    failedNumbers,
    acceptedNumbers,
    error,
    dismiss,
    signingRef,
    subject,
    skipped,
    mayPlan,
    when,
    whenProblem,
    planned,
  } = useWorkflow(actorRef, connectBlockRestoreDialog);

  const send = actorRef.send;
  const isBlock = action === 'block';
  // the dialog's buttons send one event each and carry the test id of their name
  const button = (type: DialogEvent, name: string, label: string, className = 'btn') => (
    <button
      type="button"
      className={className}
      data-testid={`block-restore-${name}`}
      onClick={() => send({ type })}
    >
      {label}
    </button>
  );
  const close = button('dialog.close', 'close', t('app.close'));
  const cancel = button('dialog.cancel', 'cancel', t('app.cancel'), 'btn btn--secondary');

  // U7: the title and the question name what is acted on: the account, one number, or a selection
  let title =
    subject?.kind === 'account'
      ? t(isBlock ? 'ux.block.accountBlockTitle' : 'ux.block.accountRestoreTitle')
      : subject?.kind === 'selection'
        ? t(isBlock ? 'ux.block.selectionBlockTitle' : 'ux.block.selectionRestoreTitle')
        : t(isBlock ? 'blockRestore.blockTitle' : 'blockRestore.restoreTitle');
  const skippedList =
    skipped.length > 0 ? (
      <div data-testid="block-restore-skipped">
        <p>{t('ux.block.skippedTitle')}</p>
        {skipped.map((g) => (
          <details key={g.reason} data-reason={g.reason}>
            <summary>
              {t('ux.block.skippedGroup', {
                reason: t(`ux.block.skipped.${g.reason}`),
                n: formatCount(g.numbers.length),
              })}
            </summary>
            <NumberList numbers={g.numbers} testId={`block-restore-skipped-${g.reason}`} label={g.reason} />
          </details>
        ))}
      </div>
    ) : null;
  const accepted = (
    <>
      {acceptedNumbers.length > 0 ? (
        <p data-testid="block-restore-accepted-count">
          {t('ux.block.accepted', { n: formatCount(acceptedNumbers.length) })}
        </p>
      ) : null}
      <NumberList
        numbers={acceptedNumbers}
        testId="block-restore-accepted"
        label={t('blockRestore.acceptedNumbers')}
      />
    </>
  );
  let body: ReactNode = null;
  let actions: ReactNode = null;
  switch (step) {
    case 'checkingLock':
      body = <p role="status">{t('blockRestore.checking')}</p>;
      actions = cancel;
      break;
    case 'lockFailed':
      body = (
        <p role="alert" className="form__error">
          {formatErrorMessage(t, error?.code ?? 'unknown', error?.description)}
        </p>
      );
      actions = (
        <>
          {cancel}
          {button('dialog.retry', 'retry', t('app.retry'))}
        </>
      );
      break;
    case 'inProcess':
      body = (
        <p role="alert" className="form__error">
          {t('blockRestore.alreadyInProcess')}
        </p>
      );
      actions = close;
      break;
    case 'confirming': {
      title = t(isBlock ? 'blockRestore.confirmBlockTitle' : 'blockRestore.confirmRestoreTitle');
      const count =
        subject?.kind === 'selection'
          ? subject.numbers.length
          : subject?.kind === 'account'
            ? subject.numbers
            : 1;
      body = (
        <>
          {subject?.kind === 'account' ? (
            <>
              <p data-testid="block-restore-subject">
                {subject.companyName
                  ? t(isBlock ? 'ux.block.confirmAccountBlock' : 'ux.block.confirmAccountRestore', {
                      ban: subject.ban,
                      company: subject.companyName,
                    })
                  : t(
                      isBlock
                        ? 'ux.block.confirmAccountBlockNoCompany'
                        : 'ux.block.confirmAccountRestoreNoCompany',
                      {
                        ban: subject.ban,
                      },
                    )}
              </p>
              {subject.numbers !== null ? (
                <p data-testid="block-restore-count">
                  {t(isBlock ? 'ux.block.accountBlockNumbers' : 'ux.block.accountRestoreNumbers', {
                    n: formatCount(subject.numbers),
                  })}
                </p>
              ) : null}
            </>
          ) : subject?.kind === 'selection' ? (
            <>
              <p data-testid="block-restore-subject">
                {t(isBlock ? 'ux.block.confirmSelectionBlock' : 'ux.block.confirmSelectionRestore', {
                  ban: subject.ban,
                  n: formatCount(subject.numbers.length),
                })}
              </p>
              <NumberList numbers={subject.numbers} testId="block-restore-selection" label={title} />
            </>
          ) : subject?.kind === 'number' ? (
            <p data-testid="block-restore-subject">
              {t(isBlock ? 'ux.block.confirmNumberBlock' : 'ux.block.confirmNumberRestore', {
                number: subject.number,
                ban: subject.ban,
              })}
            </p>
          ) : (
            <p>{t(isBlock ? 'blockRestore.confirmBlockText' : 'blockRestore.confirmRestoreText')}</p>
          )}
          {priceNote.kind === 'paid' ? (
            <p className="block-restore__price" data-testid="block-restore-price">
              {count !== null && count !== 1 && priceNote.total !== null
                ? t('ux.block.paidTotal', {
                    price: formatMonthlyPrice(priceNote.price, lang),
                    total: formatMonthlyPrice(
                      subject?.kind === 'selection' ? priceNote.price * count : priceNote.total,
                      lang,
                    ),
                    n: formatCount(count),
                  })
                : t('ux.block.paidPerNumber', { price: formatMonthlyPrice(priceNote.price, lang) })}
            </p>
          ) : null}
          {priceNote.kind === 'free' ? (
            <p data-testid="block-restore-free">{t('blockRestore.free')}</p>
          ) : null}
          {mayPlan ? (
            <PlanWhen
              action={action}
              when={when}
              problem={whenProblem}
              onChange={(next) => send({ type: 'when.set', when: next, now: Date.now() })}
            />
          ) : null}
        </>
      );
      actions = (
        <>
          {cancel}
          {button(
            'dialog.confirm',
            'confirm-button',
            when !== null
              ? t('blockRestore.plan.schedule')
              : t(isBlock ? 'blockRestore.block' : 'blockRestore.restore'),
          )}
        </>
      );
      break;
    }
    case 'signing':
      body = signingRef ? (
        <SigningPanel actorRef={signingRef} onCancel={() => send({ type: 'dialog.cancel' })} />
      ) : (
        <p role="status">{t('eimzo.signing')}</p>
      );
      actions = signingRef ? null : cancel;
      break;
    case 'applying':
      body = <p role="status">{t('blockRestore.applying')}</p>;
      break;
    case 'planning':
      body = <p role="status">{t('blockRestore.plan.planning')}</p>;
      break;
    case 'planned':
      title = t('blockRestore.plan.plannedTitle');
      body = (
        <>
          <p role="status" data-testid="block-restore-planned-text">
            {t(isBlock ? 'blockRestore.plan.plannedBlock' : 'blockRestore.plan.plannedRestore', {
              when: planned === null ? '' : formatDateTime(planned.runAt),
            })}
          </p>
          <p>
            {t('blockRestore.plan.plannedNote')}{' '}
            <Link
              href={PLANS_PATH}
              data-testid="block-restore-plans-link"
              onClick={() => send({ type: 'dialog.close' })}
            >
              «{t('blockRestore.plan.plansLink')}»
            </Link>
            .
          </p>
        </>
      );
      actions = close;
      break;
    case 'succeeded':
      title = t('blockRestore.successTitle');
      body = (
        <>
          <p role="status">{t(isBlock ? 'blockRestore.blockSuccess' : 'blockRestore.restoreSuccess')}</p>
          {accepted}
          {skippedList}
        </>
      );
      actions = close;
      break;
    case 'partiallyFailed':
      body = (
        <>
          {failedNumbers.length > 0 ? (
            <>
              <p role="alert" className="form__error">
                {t('blockRestore.failedNumbers')}
              </p>
              <NumberList
                numbers={failedNumbers}
                testId="block-restore-failed-numbers"
                label={t('blockRestore.failedNumbers')}
              />
            </>
          ) : acceptedNumbers.length === 0 ? (
            <p role="status" data-testid="block-restore-nothing">
              {t('ux.block.nothingChanged')}
            </p>
          ) : null}
          {acceptedNumbers.length > 0 ? (
            <>
              <p>{t(isBlock ? 'blockRestore.blockSuccess' : 'blockRestore.restoreSuccess')}</p>
              {accepted}
            </>
          ) : null}
          {skippedList}
        </>
      );
      actions = close;
      break;
    case 'failed': {
      const reason = error?.description?.trim() || formatErrorMessage(t, error?.code ?? 'unknown');
      // a plan refused (E143 a plan on that number and day, E101 a day) is not a failed block or restore
      const failedKey =
        when !== null
          ? 'blockRestore.plan.failed'
          : isBlock
            ? 'blockRestore.blockFailed'
            : 'blockRestore.restoreFailed';
      body = (
        <p role="alert" className="form__error">
          {t(failedKey, { description: reason })}
        </p>
      );
      actions = close;
      break;
    }
    case 'cancelled':
      title = t('blockRestore.cancelledTitle');
      body = <p role="status">{t('blockRestore.cancelledText')}</p>;
      actions = close;
      break;
  }

  return (
    <Modal
      title={title}
      onClose={() => {
        if (dismiss) send({ type: dismiss });
      }}
      dismissable={dismiss !== null}
      closeLabel={t('app.close')}
      testId="block-restore-dialog"
      actions={actions}
    >
      <div className="block-restore" data-testid="block-restore" data-state={statePath}>
        <div data-testid={testId}>{body}</div>
      </div>
    </Modal>
  );
}
