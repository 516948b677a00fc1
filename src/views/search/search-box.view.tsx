import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { phoneWord } from '@/domain/phone.rules';
import type { SearchMode } from '@/domain/search.rules';
import { connectSearchBox } from '@/machines/search-box.selectors';
import { SearchBoxContext } from './search-box.context';
import './search.css';
import { ErrorDialog } from '@/views/common/error-dialog.view';
import { SendButton, SubmitButton } from '@/views/common/send-button.view';
import { useWorkflow } from '@/views/common/use-workflow';

const MODES: readonly SearchMode[] = ['choose', 'editing'];

/**
 * The header search box (spec 2): a mode switch (subscriber by number or BAN / users), the input with its inline
 * error (MANYINVALID, SHORT3), the found subscriber with the 'Выбрать' button, and the 'Ошибка!' dialog of a failed
 * lookup. Renders the machine's state and sends events, nothing else.
 */
export function SearchBox() {
  const { t } = useTranslation();
  const actor = SearchBoxContext.useActorRef();
  const { statePath, mode, input, inputError, found, failure, busy, numberOffer } = useWorkflow(
    actor,
    connectSearchBox,
  );
  const id = useId();
  const inputId = `${id}-q`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = inputError ? `${hintId} ${errorId}` : hintId;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'search.submit' });
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: the <search> element is unknown to jsdom and older browsers; role=search is the same landmark everywhere
    <div
      role="search"
      className="search-box"
      aria-label={t('header.search.label')}
      data-testid="search-box"
      data-state={statePath}
      data-mode={mode}
    >
      <form className="search-box__form" onSubmit={onSubmit}>
        <fieldset className="search-box__modes">
          <legend className="visually-hidden">{t('header.search.mode')}</legend>
          {MODES.map((m) => (
            <label key={m} className="search-box__mode">
              <input
                type="radio"
                name={`${id}-mode`}
                value={m}
                checked={mode === m}
                onChange={() => actor.send({ type: 'mode.select', mode: m })}
                data-testid={`search-mode-${m}`}
              />
              {t(m === 'choose' ? 'header.search.modeChoose' : 'header.search.modeEditing')}
            </label>
          ))}
        </fieldset>
        <label htmlFor={inputId} className="visually-hidden">
          {t('header.search.label')}
        </label>
        <input
          id={inputId}
          name="q"
          type="search"
          className="search-box__input"
          autoComplete="off"
          inputMode={mode === 'choose' ? 'numeric' : 'text'}
          placeholder={t(
            mode === 'choose' ? 'header.search.placeholderChoose' : 'header.search.placeholderEditing',
          )}
          value={input}
          onChange={(e) => actor.send({ type: 'input.change', value: e.target.value })}
          aria-invalid={inputError ? 'true' : undefined}
          aria-describedby={describedBy}
          data-testid="search-input"
        />
        <SubmitButton busy={busy} testId="search-submit">
          {t('header.search.submit')}
        </SubmitButton>
      </form>
      {/* the rule of what to type, under the field in both modes: the field's own hint stays short enough to show
          whole at 390 px */}
      <p id={hintId} className="search-box__hint" data-testid="search-hint">
        {t(mode === 'choose' ? 'header.search.hintChoose' : 'header.search.hintEditing')}
      </p>
      {busy ? (
        <p className="visually-hidden" role="status" data-testid="search-busy">
          {t('app.loading')}
        </p>
      ) : null}
      {inputError ? (
        <p id={errorId} className="search-box__error" role="alert" data-testid="search-error">
          {t(`errors.${inputError}`)}
        </p>
      ) : null}
      {found ? (
        <section className="search-box__result" aria-label={t('search.results')} data-testid="search-result">
          <p>
            {t('header.search.result', {
              what: found.sn
                ? t('search.subscriber', { sn: phoneWord(found.sn) })
                : t('search.account', { ban: found.ban ?? found.target.value }),
            })}
            {found.name ? (
              <>
                <br />
                {t('header.search.company', { name: found.name })}
              </>
            ) : null}
          </p>
          <div className="search-box__result-actions">
            <SendButton actor={actor} event="result.choose" testId="search-choose">
              {t('search.choose')}
            </SendButton>
            <SendButton
              actor={actor}
              event="result.dismiss"
              className="btn btn--secondary"
              testId="search-dismiss"
            >
              {t('app.close')}
            </SendButton>
          </div>
        </section>
      ) : null}
      <ErrorDialog
        code={failure}
        onDismiss={() => actor.send({ type: 'error.dismiss' })}
        testId="search-failed"
        offer={
          numberOffer
            ? {
                text: t('header.search.asNumberHint', { ban: numberOffer.slice(1) }),
                action: (
                  <SendButton actor={actor} event="search.asNumber" testId="search-as-number">
                    {t('header.search.asNumber', { sn: phoneWord(numberOffer) })}
                  </SendButton>
                ),
              }
            : undefined
        }
      />
    </div>
  );
}
