import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { formatErrorMessage } from '@/i18n/messages';
import type { SigningMachine } from '@/machines/signing.machine';
import { connectSigningPanel, type SigningStep } from '@/machines/signing.selectors';
import { SendButton } from '@/views/common/send-button.view';
import { useWorkflow } from '@/views/common/use-workflow';

const STEP_TEXT = {
  gettingTin: 'eimzo.gettingTin',
  preparing: 'signingDocument.preparing',
  connecting: 'eimzo.connecting',
  waitingPassword: 'eimzo.waitingPassword',
  verifying: 'eimzo.verifying',
} as const satisfies Record<SigningStep, string>;

export interface SigningPanelProps {
  /** The running signing chart. */
  readonly actorRef: ActorRefFrom<SigningMachine>;
  /** What Cancel does; default: `signing.cancel` to the chart (a parent may cancel its whole flow instead). */
  readonly onCancel?: () => void;
}

/**
 * The E-IMZO signing progress and failures (spec 4 signing flow, spec 8 signature messages): progress texts while
 * the module or the server works, the password prompt with the chosen key, each failure's text with Retry (when the
 * state allows it) and Cancel. Renders the chart's state only; every button sends an event.
 */
export function SigningPanel({ actorRef, onCancel }: SigningPanelProps) {
  const { t } = useTranslation();
  const { statePath, signed, cancelled, testId, busy, failed, retry, errorCode, step, key, documentText } =
    useWorkflow(actorRef, connectSigningPanel);
  const cancel = onCancel ?? (() => actorRef.send({ type: 'signing.cancel' }));

  return (
    <section
      className="signing-panel"
      aria-label={t('eimzo.panelLabel')}
      data-testid="signing-state"
      data-state={statePath}
      aria-busy={busy || undefined}
    >
      {busy && step ? (
        <p role="status" data-testid={testId}>
          {t(STEP_TEXT[step])}
          {step === 'waitingPassword' && key ? (
            <span className="signing-panel__key" data-testid="signing-key">
              {' '}
              {t('eimzo.keyInfo', {
                owner: key.owner ?? '—',
                tin: key.tin ?? '—',
                validTo: key.validTo ?? '—',
              })}
            </span>
          ) : null}
        </p>
      ) : null}
      {step === 'waitingPassword' ? (
        <figure className="signing-panel__document" data-testid="signing-document">
          <figcaption>{t('signingDocument.caption')}</figcaption>
          <pre>{documentText}</pre>
        </figure>
      ) : null}
      {failed && errorCode === 'eimzo.cancelled' ? (
        // U20: the module's -5000 — the password window was closed (spec 4 'Отменено / Вы отменили действие'), or,
        // on 6.x, the password was wrong three times: the reply is the same, so both are said
        <div role="alert" data-testid={testId}>
          <CancelledHeading>{t('eimzo.cancelledTitle')}</CancelledHeading>
          <p>{t('eimzo.cancelled')}</p>
          <p className="signing-panel__note">{t('eimzo.cancelledOrWrongPassword')}</p>
        </div>
      ) : failed ? (
        <p role="alert" className="form__error" data-testid={testId}>
          {formatErrorMessage(t, errorCode ?? 'eimzo.generic')}
        </p>
      ) : null}
      {signed ? (
        <p role="status" data-testid={testId}>
          {t('eimzo.signed')}
        </p>
      ) : null}
      {cancelled ? <span hidden data-testid={testId} /> : null}
      {!signed && !cancelled ? (
        <div className="signing-panel__actions">
          <button type="button" className="btn btn--secondary" data-testid="signing-cancel" onClick={cancel}>
            {t('app.cancel')}
          </button>
          {failed && retry ? (
            <SendButton actor={actorRef} event="signing.retry" testId="signing-retry">
              {t('app.retry')}
            </SendButton>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/**
 * 'Отменено' as the heading the focus moves to: Escape in the module's password window removed the element that had
 * the focus, and the browser left it on <body>. Inside a dialog the modal already brings the focus to its own heading
 * (src/views/common/modal.view.tsx), so only a panel embedded in a page takes it here.
 */
function CancelledHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const heading = ref.current;
    if (heading && !heading.closest('dialog')) heading.focus();
  }, []);
  return (
    <h3 ref={ref} className="signing-panel__title" tabIndex={-1}>
      <strong>{children}</strong>
    </h3>
  );
}
