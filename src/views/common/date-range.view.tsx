import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatErrorMessage } from '@/i18n/messages';
import './common.css';

/** A date range as the date inputs give it: `YYYY-MM-DD`, '' when empty. */
export interface DateRangeValue {
  readonly from: string;
  readonly to: string;
}

export interface DateRangeProps {
  /** Translated name of the pair ('Период', 'Дата заказа'), the fieldset's legend. */
  readonly legend: string;
  /** Input names: `<name>From` and `<name>To` (form data, URL parameters). */
  readonly name: string;
  /** Controlled value (with `onChange`) … */
  readonly value?: DateRangeValue;
  readonly onChange?: (value: DateRangeValue) => void;
  /** … or the initial value of an uncontrolled pair read from the form on submit. */
  readonly defaultValue?: DateRangeValue;
  /**
   * The pair's error code, from the domain rule `dateRangeError` (src/domain/validators.rules.ts):
   * 'validation.dateRange' ('Выберите начальную и конечную дату') or 'validation.badDate' ('Некорректная дата').
   */
  readonly error?: string | null;
  /** Earliest/latest selectable day (`YYYY-MM-DD`). */
  readonly min?: string;
  readonly max?: string;
  readonly disabled?: boolean;
  /** `data-testid` of the fieldset; inputs `<testId>-from` / `<testId>-to`, error `<testId>-error`. */
  readonly testId?: string;
}

/**
 * The from/to date pair of a filter or form (orders, debt, documents): a fieldset named by its legend, two labelled
 * date inputs ('С' / 'По'), and one translated error linked to both inputs and marking them `aria-invalid`. The
 * view only shows the error the chart computed with the domain rule; it does not validate.
 */
export function DateRange({
  legend,
  name,
  value,
  onChange,
  defaultValue,
  error,
  min,
  max,
  disabled,
  testId = 'date-range',
}: DateRangeProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const controlled = value !== undefined;
  const invalid = error ? true : undefined;
  const describedBy = error ? errorId : undefined;
  const input = (end: 'from' | 'to') => (
    <div className="date-range__end">
      <label htmlFor={`${id}-${end}`}>{t(`common.dateRange.${end}`)}</label>
      <input
        id={`${id}-${end}`}
        name={`${name}${end === 'from' ? 'From' : 'To'}`}
        type="date"
        min={min}
        max={max}
        disabled={disabled}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        data-testid={`${testId}-${end}`}
        {...(controlled
          ? {
              value: value[end],
              onChange: (e) => onChange?.({ ...value, [end]: e.currentTarget.value }),
            }
          : { defaultValue: defaultValue?.[end] ?? '' })}
      />
    </div>
  );
  return (
    <fieldset className="date-range" data-testid={testId}>
      <legend>{legend}</legend>
      <div className="date-range__ends">
        {input('from')}
        {input('to')}
      </div>
      {error ? (
        <p id={errorId} className="field__error" data-testid={`${testId}-error`}>
          {formatErrorMessage(t, error)}
        </p>
      ) : null}
    </fieldset>
  );
}
