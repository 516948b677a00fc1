import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay, writesDaysLikePortal } from '@/domain/day-order.rules';
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
 * What an uncontrolled pair holds now: what was typed since it last started from `start` (its default value: a new one,
 * such as the URL's after Back, starts again), and a way to note a field's new value.
 */
export function useTypedDays(start: DateRangeValue | undefined) {
  const [typed, setTyped] = useState<{ start: DateRangeValue | undefined; days: DateRangeValue } | null>(
    null,
  );
  const fresh = typed === null || typed.start?.from !== start?.from || typed.start?.to !== start?.to;
  const days = fresh ? (start ?? EMPTY) : typed.days;
  const note = (end: 'from' | 'to', day: string) => setTyped({ start, days: { ...days, [end]: day } });
  return [days, note] as const;
}

const EMPTY: DateRangeValue = { from: '', to: '' };

let portalWay: boolean | undefined;

/**
 * The chosen days said again as the portal writes days ('Выбран период: 06.09.2026 – 05.12.2026'), under date fields
 * that a browser draws in its own locale's order (en-US: 09/06/2026, where 09 is the month): a reader of the portal's
 * lists, which write 06.09.2026, would read the day and the month the other way round. Nothing when the browser writes
 * days as the portal does (ru: 06.09.2026), or while either day is not a real one (docs/decisions.md TZ2).
 */
export function ChosenDays({ days, testId }: { days: DateRangeValue; testId: string }) {
  const { t } = useTranslation();
  portalWay ??= writesDaysLikePortal(typeof navigator === 'undefined' ? undefined : navigator.language);
  const from = formatDay(days.from);
  const to = formatDay(days.to);
  if (portalWay || from === '' || to === '') return null;
  return (
    <p className="date-range__chosen" data-testid={testId}>
      {t('chosenDays', { from, to })}
    </p>
  );
}

/** Forgets whether the browser writes days as the portal does (tests change the browser's language). */
export function forgetBrowserDayOrder(): void {
  portalWay = undefined;
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
  const [typed, note] = useTypedDays(defaultValue);
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
          : {
              defaultValue: defaultValue?.[end] ?? '',
              onChange: (e) => note(end, e.currentTarget.value),
            })}
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
      <ChosenDays days={controlled ? value : typed} testId={`${testId}-chosen`} />
      {error ? (
        <p id={errorId} className="field__error" data-testid={`${testId}-error`}>
          {formatErrorMessage(t, error)}
        </p>
      ) : null}
    </fieldset>
  );
}
