import { type InputHTMLAttributes, type ReactNode, type Ref, type RefObject, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatErrorMessage } from '@/i18n/messages';
import './common.css';

/** What the control inside a `FormField` must carry so the label, the hint and the error name it. */
export interface FieldControlProps {
  readonly id: string;
  readonly name: string;
  readonly 'aria-invalid': true | undefined;
  readonly 'aria-describedby': string | undefined;
  readonly 'aria-required': true | undefined;
}

export interface FormFieldProps {
  /** The control's name (form data, what tests and password managers see). */
  readonly name: string;
  /** Translated label. */
  readonly label: string;
  /**
   * The field's error as a code (`validation.*` key, catalogue code such as E026), translated here with
   * `formatErrorMessage`; null/undefined when the field is fine.
   */
  readonly error?: string | null;
  /** A translated hint under the control (also linked by `aria-describedby`). */
  readonly hint?: string;
  /** Marks the control required (`aria-required`; `TextField` also sets the native `required`). */
  readonly required?: boolean;
  /** `data-testid` of the error text; default `error-<name>`. */
  readonly errorTestId?: string;
  readonly className?: string;
  /** Renders the control (input, select, textarea) with the given props spread on it. */
  readonly children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled control with its hint and error: the label names the control, the hint and the translated error are
 * linked with `aria-describedby`, and an error marks the control `aria-invalid`. The control is the caller's (render
 * prop), so a controlled or uncontrolled value survives an error appearing or going away: nothing is remounted.
 */
export function FormField({
  name,
  label,
  error,
  hint,
  required,
  errorTestId,
  className,
  children,
}: FormFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        name,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        'aria-required': required ? true : undefined,
      })}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error" data-testid={errorTestId ?? `error-${name}`}>
          {formatErrorMessage(t, error)}
        </p>
      ) : null}
    </div>
  );
}

export interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'children' | 'required'>,
    Omit<FormFieldProps, 'children' | 'className'> {
  readonly inputRef?: Ref<HTMLInputElement>;
  readonly fieldClassName?: string;
}

/** `FormField` with an `<input>`: every other prop goes to the input. */
export function TextField({
  name,
  label,
  error,
  hint,
  required,
  errorTestId,
  fieldClassName,
  inputRef,
  ...input
}: TextFieldProps) {
  return (
    <FormField
      name={name}
      label={label}
      error={error}
      hint={hint}
      required={required}
      errorTestId={errorTestId}
      className={fieldClassName}
    >
      {(control) => <input {...input} {...control} ref={inputRef} required={required} />}
    </FormField>
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
