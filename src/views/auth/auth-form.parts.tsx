import { useSelector } from '@xstate/react';
import { createContext, type FormEvent, type ReactNode, useContext, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { formatErrorMessage } from '@/i18n/messages';
import type { AuthError, AuthField, AuthFlowMachine } from '@/machines/auth-flow.machine';
import { selectAuthError, selectAuthIsBusy } from '@/machines/auth-flow.selectors';
import { formValues, useFocusOnError } from '@/views/common/form-field.view';

/** What the Auth pages' forms share (src/views/auth/auth-page.view.tsx and auth-more-forms.view.tsx). */
export type FlowRef = ActorRefFrom<AuthFlowMachine>;

/** True while the session check runs and the forms are read from the never-started stand-in (submitting held back). */
export const CheckingSession = createContext(false);

/** What every form needs: busy flag, error texts per field and for the form, focus on failure. */
export function useAuthForm(flow: FlowRef) {
  const { t } = useTranslation();
  const flowBusy = useSelector(flow, selectAuthIsBusy);
  const busy = useContext(CheckingSession) || flowBusy;
  const error = useSelector(flow, selectAuthError);
  const formRef = useRef<HTMLFormElement>(null);
  const errorBoxRef = useRef<HTMLDivElement>(null);
  useFocusOnError(error, formRef, errorBoxRef);
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
    values: (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      return formValues(e.currentTarget);
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
