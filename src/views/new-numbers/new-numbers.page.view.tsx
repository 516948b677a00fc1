import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { phoneWord } from '@/domain/phone.rules';
import { formatErrorMessage } from '@/i18n/messages';
import { usePageLang } from '@/i18n/page-lang';
import {
  selectNewNumbersError,
  selectNewNumbersPhase,
  selectQrCategories,
} from '@/machines/new-numbers.selectors';
import { categoryName, categoryPriceText } from '@/views/common/category-texts';
import { usePublicLogic } from '@/views/common/workflow-logic.context';
import { NewNumbersContext } from './new-numbers.context';
import './new-numbers.css';
import { SendButton } from '@/views/common/send-button.view';

const { useSelector, useActorRef } = NewNumbersContext;

/** One stand-in card for each category of the catalogue (spec 9's five; a view test holds the count to the domain's
 *  catalogue). Not imported from it: that module is shared with the wizard's page, whose script has no bytes left. */
const SKELETON_CARDS = [1, 2, 3, 4, 5];

/** `/{lang}/new-numbers`: the public page a poster's QR code opens (NC9). */
export function NewNumbersPage() {
  const newNumbers = usePublicLogic('newNumbers');
  return (
    <NewNumbersContext.Provider logic={newNumbers}>
      <NewNumbersView />
    </NewNumbersContext.Provider>
  );
}

export function NewNumbersView() {
  const { t } = useTranslation();
  const lang = usePageLang();
  const phase = useSelector(selectNewNumbersPhase);
  const categories = useSelector(selectQrCategories);
  const error = useSelector(selectNewNumbersError);
  const actor = useActorRef();
  return (
    <section className="page nn" data-testid="page-newNumbers" data-state={phase} aria-labelledby="nn-title">
      <h1 id="nn-title">{t('newNumbers.title')}</h1>
      <p>{t('newNumbers.lead')}</p>
      {phase === 'loading' ? (
        // a card of the real size for each category of the catalogue: the cards take their place, nothing moves
        <ul
          className="nn-cards"
          role="status"
          aria-busy="true"
          aria-label={t('app.loading')}
          data-testid="new-numbers-loading"
        >
          {SKELETON_CARDS.map((kind) => (
            <li key={kind} className="nn-card nn-card--skeleton" aria-hidden="true">
              <h2>&nbsp;</h2>
              <p className="nn-price">&nbsp;</p>
              <p className="nn-examples-title">&nbsp;</p>
              <ul className="nn-examples">
                <li>&nbsp;</li>
                <li>&nbsp;</li>
                <li>&nbsp;</li>
              </ul>
            </li>
          ))}
        </ul>
      ) : null}
      {phase === 'failed' ? (
        <div className="form__error" role="alert" data-testid="new-numbers-failed">
          <p>{formatErrorMessage(t, error ?? 'unknown')}</p>
          <SendButton actor={actor} event="retry">
            {t('newNumbers.retry')}
          </SendButton>
        </div>
      ) : null}
      {phase === 'empty' ? <p data-testid="new-numbers-empty">{t('newNumbers.empty')}</p> : null}
      {phase === 'shown' ? (
        <div data-testid="new-numbers-shown">
          <ul className="nn-cards" data-testid="new-numbers-categories">
            {categories.map((c) => (
              <li key={c.id} className="nn-card" data-testid={`category-${c.id}`}>
                <h2>{categoryName(t, c.id)}</h2>
                <p className="nn-price">{categoryPriceText(t, lang, c.id, c.price)}</p>
                {c.examples.length > 0 ? (
                  <>
                    <p className="nn-examples-title">{t('newNumbers.examples')}</p>
                    <ul className="nn-examples">
                      {c.examples.slice(0, 3).map((n) => (
                        <li key={n}>{phoneWord(n)}</li>
                      ))}
                    </ul>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="nn-become">
        <h2>{t('newNumbers.becomeTitle')}</h2>
        <ol>
          <li>{t('newNumbers.become1')}</li>
          <li>{t('newNumbers.become2')}</li>
          <li>{t('newNumbers.become3')}</li>
        </ol>
        <Link href="/new-client" className="btn" data-testid="new-numbers-become">
          {t('newNumbers.becomeLink')}
        </Link>
      </div>
    </section>
  );
}
