import { useSelector } from '@xstate/react';
import { createContext, type FormEvent, type ReactNode, useContext, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { formatErrorMessage } from '@/i18n/messages';
import type { AuthError, AuthField, AuthFlowEvent, AuthFlowMachine } from '@/machines/auth-flow.machine';
import { selectAuthError, selectAuthIsBusy } from '@/machines/auth-flow.selectors';
import { holdSubmit, takeHeldSubmit } from '@/views/common/early-submit';
import { formValues, useFocusOnError } from '@/views/common/form-field.view';
import { SessionContext } from '@/views/session/session.context';

/** What the Auth pages' forms share (src/views/auth/auth-page.view.tsx and auth-more-forms.view.tsx). */
export type FlowRef = ActorRefFrom<AuthFlowMachine>;

/** True while the session check runs and the forms are read from the never-started stand-in. */
export const CheckingSession = createContext(false);

/**
 * What every form needs: busy flag, error texts per field and for the form, focus on failure, and `submit`. A form sent
 * while the session check runs (no Auth flow yet) drops the check: the flow starts at once and the form is sent to it
 * (LB16), as is one sent before the app took the page over (src/views/common/early-submit.ts).
 */
export function useAuthForm(flow: FlowRef) {
  const { t } = useTranslation();
  const session = SessionContext.useActorRef();
  const checking = useContext(CheckingSession);
  const busy = useSelector(flow, selectAuthIsBusy);
  const error = useSelector(flow, selectAuthError);
  const formRef = useRef<HTMLFormElement>(null);
  const errorBoxRef = useRef<HTMLDivElement>(null);
  useFocusOnError(error, formRef, errorBoxRef);
  // a held submit is sent once the flow can take it: the real flow replacing the stand-in, or a call ended
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new flow can take a held submit
  useEffect(() => {
    const form = formRef.current;
    if (form && !busy && takeHeldSubmit(form)) form.requestSubmit();
  }, [busy, flow]);
  const text = (e: AuthError) => formatErrorMessage(t, e.code);
  return {
    busy,
    error,
    formRef,
    errorBoxRef,
    fieldError: (field: AuthField) =>
      error === null
        ? null
        : error.field === field
          ? error.code
          : (error.more?.find((m) => m.field === field)?.code ?? null),
    formError: error && error.field === null ? text(error) : null,
    /** Sends the form's event (built from what is typed), unless a call runs. */
    submit: (e: FormEvent<HTMLFormElement>, event: (values: Record<string, string>) => AuthFlowEvent) => {
      e.preventDefault();
      if (busy) return;
      if (checking) {
        holdSubmit(e.currentTarget);
        session.send({ type: 'session.skipCheck' });
      } else flow.send(event(formValues(e.currentTarget)));
    },
  };
}

/** The form's submit button: disabled while a call runs, and while a countdown (`waitId`: the element saying how long)
 *  runs. */
export function Submit({ busy, children, waitId }: { busy: boolean; children: ReactNode; waitId?: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="submit"
      className="btn"
      disabled={busy || waitId !== undefined}
      aria-busy={busy || undefined}
      aria-describedby={waitId}
      data-testid="auth-submit"
    >
      {busy ? t('auth.pending') : children}
    </button>
  );
}
