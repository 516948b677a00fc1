import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
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
  /** Marks the field required (`aria-required`, and a visible mark after the label). */
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
      <label htmlFor={id}>
        {label}
        {required ? (
          <span className="field__required" title={t('common.required')}>
            {' *'}
          </span>
        ) : null}
      </label>
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
