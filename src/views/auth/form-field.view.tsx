import { type InputHTMLAttributes, type ReactNode, type Ref, type RefObject, useEffect, useId } from 'react';

export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  /** the input's name (what tests and password managers see) */
  readonly name: string;
  readonly label: string;
  /** translated error text for this field, or null */
  readonly error: string | null;
  readonly inputRef?: Ref<HTMLInputElement>;
}

/**
 * A labelled input with its error: the label names the input, the error is linked with `aria-describedby` and marks
 * the input `aria-invalid`, so a screen reader reads both when the field gets focus.
 */
export function FormField({ name, label, error, inputRef, ...input }: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        ref={inputRef}
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [input['aria-describedby'], error ? errorId : null].filter(Boolean).join(' ') || undefined
        }
      />
      {error ? (
        <p id={errorId} className="field__error" data-testid={`error-${name}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The form-level error box: focusable (focus moves to it on failure) and announced as an alert. */
export function FormError({
  message,
  boxRef,
  children,
}: {
  message: string | null;
  boxRef?: Ref<HTMLDivElement>;
  children?: ReactNode;
}) {
  if (!message) return null;
  return (
    <div ref={boxRef} className="form__error" role="alert" tabIndex={-1} data-testid="form-error">
      <p>{message}</p>
      {children}
    </div>
  );
}

/**
 * Moves focus to what failed once a new error is shown: the field named by the error, else the form-level error box
 * (accessibility: a keyboard or screen-reader user lands on the problem).
 */
export function useFocusOnError(
  error: { readonly field: string | null } | null,
  formRef: RefObject<HTMLFormElement | null>,
  errorBoxRef: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!error) return;
    const target = error.field ? formRef.current?.elements.namedItem(error.field) : null;
    if (target instanceof HTMLElement) target.focus();
    else errorBoxRef.current?.focus();
  }, [error, formRef, errorBoxRef]);
}

/** The text values of a submitted form, by field name. */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of new FormData(form).entries()) {
    if (typeof value === 'string') out[name] = value;
  }
  return out;
}
