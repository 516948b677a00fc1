import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToggleAction } from '@/domain/block.rules';
import { formatDay } from '@/domain/day-order.rules';
import { PLAN_MAX_DAYS, type PlanProblem, planDayAfter } from '@/domain/plans.rules';
import type { PlanWhenChoice } from '@/machines/block-restore.machine';
import { FormField } from '@/views/common/form-field.view';

/** The hour a restore is first offered at when "another day" is chosen (the working day's start in Tashkent). */
const DEFAULT_RESTORE_HOUR = 9;
const HOURS = Array.from({ length: 24 }, (_, h) => h);
const hh = (h: number) => String(h).padStart(2, '0');

/** The message of a refused day or hour: spec 5's 'Некорректная дата' for a day that is not one. */
const problemCode = (p: PlanProblem): string =>
  p === 'badDate' ? 'validation.badDate' : `blockRestore.plan.problems.${p}`;

/**
 * "Now or another day" in the block/restore confirmation (docs/decisions.md SP1): now is today's behaviour; another
 * day is one from tomorrow to 90 days ahead in Tashkent, at 00:00 for a block (spec 4: a block takes effect after
 * 00:00) and at the hour chosen for a restore. The choice is the chart's (`when.set`); the view only keeps the last
 * day chosen, so going back to "now" and again to "another day" loses nothing typed. A refused day or hour is said at
 * its field; a fine one is said in words (what happens, when).
 */
export function PlanWhen({
  action,
  when,
  problem,
  onChange,
}: {
  action: ToggleAction;
  when: PlanWhenChoice | null;
  problem: PlanProblem | null;
  onChange: (when: PlanWhenChoice | null) => void;
}) {
  const { t } = useTranslation();
  const last = useRef<PlanWhenChoice | null>(null);
  if (when !== null) last.current = when;
  const now = Date.now();
  const min = planDayAfter(now, 1);
  const max = planDayAfter(now, PLAN_MAX_DAYS);
  const isBlock = action === 'block';
  const dateProblem = problem !== null && problem !== 'badHour' ? problemCode(problem) : null;
  return (
    <fieldset className="block-restore__when" data-testid="block-restore-when">
      <legend>{t('blockRestore.plan.whenLegend')}</legend>
      <div className="block-restore__when-choice">
        <label>
          <input
            type="radio"
            name="block-restore-when"
            value="now"
            checked={when === null}
            data-testid="block-restore-when-now"
            onChange={() => onChange(null)}
          />
          {t('blockRestore.plan.now')}
        </label>
        <label>
          <input
            type="radio"
            name="block-restore-when"
            value="later"
            checked={when !== null}
            data-testid="block-restore-when-later"
            onChange={() => onChange(last.current ?? { date: min, hour: isBlock ? 0 : DEFAULT_RESTORE_HOUR })}
          />
          {t('blockRestore.plan.later')}
        </label>
      </div>
      {when !== null ? (
        <div className="block-restore__when-fields">
          <FormField
            name="plan-date"
            label={t('blockRestore.plan.date')}
            hint={t('blockRestore.plan.dateHint', { last: formatDay(max) })}
            error={dateProblem}
            errorTestId="block-restore-date-error"
            required
          >
            {(control) => (
              <input
                {...control}
                type="date"
                min={min}
                max={max}
                value={when.date}
                data-testid="block-restore-date"
                onChange={(e) => onChange({ date: e.currentTarget.value, hour: when.hour })}
              />
            )}
          </FormField>
          {isBlock ? null : (
            <FormField
              name="plan-hour"
              label={t('blockRestore.plan.hour')}
              error={problem === 'badHour' ? problemCode(problem) : null}
              errorTestId="block-restore-hour-error"
            >
              {(control) => (
                <select
                  {...control}
                  value={when.hour}
                  data-testid="block-restore-hour"
                  onChange={(e) => onChange({ date: when.date, hour: Number(e.currentTarget.value) })}
                >
                  {HOURS.map((h) => (
                    <option key={h} value={h}>
                      {t('blockRestore.plan.hourOption', { hour: hh(h) })}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          )}
          {problem === null ? (
            <p data-testid="block-restore-when-text">
              {isBlock
                ? t('blockRestore.plan.blockAt', { date: formatDay(when.date) })
                : t('blockRestore.plan.restoreAt', {
                    date: formatDay(when.date),
                    time: `${hh(when.hour)}:00`,
                  })}
            </p>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}
