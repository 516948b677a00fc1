import { useSelector } from '@xstate/react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatCountdown } from '@/domain/countdown.rules';
import { type AuthFlowEvent, LINK_USED_CODE } from '@/machines/auth-flow.machine';
import {
  selectAuthNotice,
  selectAuthPhone,
  selectIsLinkRefused,
  selectIsPasswordRestored,
  selectIsRestoreLinkSent,
  selectLinkWait,
  selectResendWait,
} from '@/machines/auth-flow.selectors';
import { FormError, TextField } from '@/views/common/form-field.view';
import { type FlowRef, Submit, useAuthForm } from './auth-form.parts';

/**
 * What each of these forms is made of around its fields: named by its heading (`auth-<name>-title`, test id
 * `auth-<name>`), sent as the flow's event built from the typed values, and the way back to login last (after the
 * page's other links).
 */
function AuthFormFrame(props: {
  readonly f: ReturnType<typeof useAuthForm>;
  readonly name: string;
  readonly title: string;
  readonly event: (values: Record<string, string>) => AuthFlowEvent;
  readonly links?: ReactNode;
  readonly children: ReactNode;
}) {
  const { f, name, title, event, links, children } = props;
  const { t } = useTranslation();
  return (
    <form
      ref={f.formRef}
      className="form"
      method="dialog"
      noValidate
      aria-labelledby={`auth-${name}-title`}
      data-testid={`auth-${name}`}
      onSubmit={(e) => f.submit(e, event)}
    >
      <h1 id={`auth-${name}-title`}>{title}</h1>
      {children}
      <p className="auth-page__links">
        {links}
        <Link href="/login">{t('auth.backToLogin')}</Link>
      </p>
    </form>
  );
}

/**
 * The Auth pages' forms other than login (spec 2: register, check, forgot, restore): a chunk of their own, fetched
 * when one of these pages is shown, never with the login page (docs/decisions.md LB14).
 */
export function RegisterForm({ flow }: { flow: FlowRef }) {
  const { t } = useTranslation();
  const f = useAuthForm(flow);
  return (
    <AuthFormFrame
      f={f}
      name="register"
      title={t('auth.register.title')}
      event={(v) => ({ type: 'register.submit', phone: v.phone ?? '' })}
      links={<Link href="/check">{t('auth.register.haveCode')}</Link>}
    >
      <FormError message={f.formError} boxRef={f.errorBoxRef} />
      <TextField
        name="phone"
        type="tel"
        inputMode="tel"
        label={t('auth.register.phone')}
        autoComplete="tel"
        required
        error={f.fieldError('phone')}
      />
      <Submit busy={f.busy}>{t('auth.register.submit')}</Submit>
    </AuthFormFrame>
  );
}

/**
 * U23: the registering phone survives a reload of the SMS-code page: kept in this tab's sessionStorage (a phone
 * number, not a secret; gone with the tab). Storage errors (private mode, quota) only lose the convenience.
 */
const CHECK_PHONE_KEY = 'auth:check:phone';
function keptPhone(): string | null {
  try {
    return globalThis.sessionStorage?.getItem(CHECK_PHONE_KEY) ?? null;
  } catch {
    return null;
  }
}
function keepPhone(phone: string): void {
  try {
    globalThis.sessionStorage?.setItem(CHECK_PHONE_KEY, phone);
  } catch {
    // nothing kept: the user types the phone again after a reload
  }
}

export function CheckForm({ flow }: { flow: FlowRef }) {
  const { t } = useTranslation();
  const f = useAuthForm(flow);
  const flowPhone = useSelector(flow, selectAuthPhone);
  useEffect(() => {
    if (flowPhone) keepPhone(flowPhone);
  }, [flowPhone]);
  const phone = flowPhone ?? keptPhone();
  const notice = useSelector(flow, selectAuthNotice);
  const resendWait = useSelector(flow, selectResendWait);
  const phoneValue = () => String(new FormData(f.formRef.current ?? undefined).get('phone') ?? '');
  return (
    <AuthFormFrame
      f={f}
      name="check"
      title={t('auth.check.title')}
      event={(v) => ({ type: 'check.submit', phone: v.phone ?? '', code: v.code ?? '' })}
    >
      {notice === 'codeSent' ? (
        <p className="form__ok" role="status" data-testid="auth-code-sent">
          {t('auth.check.sent', { phone: phone ?? '' })}
        </p>
      ) : null}
      <FormError message={f.formError} boxRef={f.errorBoxRef} />
      <TextField
        key={phone ?? ''}
        name="phone"
        type="tel"
        inputMode="tel"
        label={t('auth.register.phone')}
        autoComplete="tel"
        defaultValue={phone ?? ''}
        required
        error={f.fieldError('phone')}
      />
      <TextField
        name="code"
        inputMode="numeric"
        label={t('auth.check.code')}
        autoComplete="one-time-code"
        required
        error={f.fieldError('code')}
      />
      <Submit busy={f.busy}>{t('auth.check.submit')}</Submit>
      <button
        type="button"
        className="btn btn--secondary"
        disabled={f.busy || resendWait > 0}
        aria-describedby={resendWait > 0 ? 'auth-resend-wait' : undefined}
        data-testid="auth-resend"
        onClick={() => flow.send({ type: 'code.resend', phone: phoneValue() })}
      >
        {t('auth.check.resend')}
      </button>
      {resendWait > 0 ? (
        <p id="auth-resend-wait" className="auth-page__hint" data-testid="auth-resend-wait">
          {t('auth.check.resendWait', { time: formatCountdown(resendWait) })}
        </p>
      ) : null}
    </AuthFormFrame>
  );
}

export function ForgotForm({ flow }: { flow: FlowRef }) {
  const { t } = useTranslation();
  const f = useAuthForm(flow);
  const sent = useSelector(flow, selectIsRestoreLinkSent);
  const linkWait = useSelector(flow, selectLinkWait);
  return (
    <AuthFormFrame
      f={f}
      name="forgot"
      title={t('auth.forgot.title')}
      event={(v) => ({ type: 'forgot.submit', login: v.login ?? '' })}
    >
      {sent ? (
        <p className="form__ok" role="status" data-testid="auth-forgot-sent">
          {t('auth.forgot.sent')}
        </p>
      ) : null}
      <FormError message={f.formError} boxRef={f.errorBoxRef} />
      <TextField
        name="login"
        label={t('auth.forgot.login')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        error={f.fieldError('login')}
      />
      <Submit busy={f.busy} waitId={linkWait > 0 ? 'auth-forgot-wait' : undefined}>
        {t('auth.forgot.submit')}
      </Submit>
      {linkWait > 0 ? (
        <p id="auth-forgot-wait" className="auth-page__hint" data-testid="auth-forgot-wait">
          {t('auth.forgot.wait', { time: formatCountdown(linkWait) })}
        </p>
      ) : null}
    </AuthFormFrame>
  );
}

export function RestoreForm({ flow }: { flow: FlowRef }) {
  const { t } = useTranslation();
  const f = useAuthForm(flow);
  const restored = useSelector(flow, selectIsPasswordRestored);
  const refused = useSelector(flow, selectIsLinkRefused);
  if (refused) {
    // RL1: a used link says so in words of its own; an expired or unknown one reads its catalogue text
    const used = f.error?.code === LINK_USED_CODE;
    return (
      <div className="form" data-testid="auth-link-refused">
        <h1>{t('auth.restore.title')}</h1>
        <FormError message={used ? t('auth.restore.linkUsed') : f.formError} boxRef={f.errorBoxRef} />
        <p className="auth-page__links">
          <Link href="/forgot">{t('auth.restore.newLink')}</Link>
          <Link href="/login">{t('auth.backToLogin')}</Link>
        </p>
      </div>
    );
  }
  if (restored) {
    return (
      <div className="form" data-testid="auth-restored">
        <h1>{t('auth.restore.title')}</h1>
        <p className="form__ok" role="status">
          {t('auth.restore.done')}
        </p>
        <Link href="/login" className="btn">
          {t('auth.backToLogin')}
        </Link>
      </div>
    );
  }
  return (
    <AuthFormFrame
      f={f}
      name="restore"
      title={t('auth.restore.title')}
      event={(v) => ({ type: 'restore.submit', password: v.password ?? '', confirm: v.confirm ?? '' })}
    >
      <FormError message={f.formError} boxRef={f.errorBoxRef} />
      <TextField
        name="password"
        type="password"
        label={t('auth.restore.password')}
        autoComplete="new-password"
        required
        error={f.fieldError('password')}
        hint={t('validation.passwordRule')}
      />
      <TextField
        name="confirm"
        type="password"
        label={t('auth.restore.confirm')}
        autoComplete="new-password"
        required
        error={f.fieldError('confirm')}
      />
      <Submit busy={f.busy}>{t('auth.restore.submit')}</Submit>
    </AuthFormFrame>
  );
}

/** Each of these pages' form, by the page's name (the chunk's one entry: `MoreForm` picks from it). */
export const FORMS = {
  register: RegisterForm,
  check: CheckForm,
  forgot: ForgotForm,
  restore: RestoreForm,
} as const;
