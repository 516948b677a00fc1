import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatSum } from '@/domain/money.rules';
import { usePageLang } from '@/i18n/page-lang';
import type { CatalogueLine } from '@/machines/new-client.machine';
import { connectRegistered, connectStepTwo } from '@/machines/new-client.selectors';
import { categoryName, categoryPriceText } from '@/views/common/category-texts';
import { cityName } from '@/views/common/city-texts';
import { SendButton } from '@/views/common/send-button.view';
import { useWorkflow } from '@/views/common/use-workflow';
import { LoadFailed } from './load-failed.view';
import { NewClientContext } from './new-client.context';
import { statusText } from './new-client-status';
import { PreRegistrationPanel } from './pre-registration-panel.view';

/**
 * Step two of the wizard (the summary, the catalogue, signing the application) and the success: their own chunk,
 * loaded when the visitor starts filling step one, so the page a visitor opens carries step one alone
 * (docs/decisions.md NC27).
 */

const { useActorRef } = NewClientContext;

/** A catalogue's lines; number categories are named from their id in the page's language and priced as the
 *  purchase page prices them (docs/decisions.md NC16), not by the wire's name. */
function Lines({
  title,
  lines,
  categories = false,
}: {
  title: string;
  lines: readonly CatalogueLine[];
  categories?: boolean;
}) {
  const { t } = useTranslation();
  const lang = usePageLang();
  if (lines.length === 0) return null;
  return (
    <div className="nc-lines">
      <h3>{title}</h3>
      <ul>
        {lines.map((l) => (
          <li key={l.id}>
            <span>{categories ? categoryName(t, Number(l.id)) : l.name}</span>
            <span>
              {categories
                ? categoryPriceText(t, lang, Number(l.id), l.price ?? 0)
                : l.price
                  ? formatSum(l.price, { lang })
                  : t('newClient.free')}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function StepTwo() {
  const { t } = useTranslation();
  const actor = useActorRef();
  const { step, catalogue, form, error, cities, child, resumed } = useWorkflow(actor, connectStepTwo);
  // named in the page's language (NC18), the server's name only for a code the catalogue does not hold
  const city = cityName(t, form.user.city, cities.find((c) => c.code === form.user.city)?.name);
  return (
    <div className="nc-form" data-testid="new-client-step2">
      <p className="nc-step">{t('newClient.step2')}</p>
      {resumed ? (
        <p className="form__ok" data-testid="new-client-resumed">
          {t('newClient.resumed', { key: form.user.key })}
        </p>
      ) : null}
      <h2>{t('newClient.summary')}</h2>
      <dl className="nc-summary">
        <dt>{t('newClient.fields.name')}</dt>
        <dd>{form.user.name}</dd>
        <dt>{t('newClient.fields.tin')}</dt>
        <dd>{form.user.tin}</dd>
        <dt>{t('newClient.fields.city')}</dt>
        <dd>{city}</dd>
        <dt>{t('newClient.fields.login')}</dt>
        <dd>{form.login}</dd>
        <dt>{t('newClient.fields.email')}</dt>
        <dd>{form.contactFace.email}</dd>
      </dl>
      <h2>{t('newClient.whatYouGet')}</h2>
      {step === 'loadingCatalogue' ? (
        <p role="status" data-testid="new-client-catalogue-loading">
          {t('newClient.catalogueLoading')}
        </p>
      ) : null}
      {step === 'catalogueFailed' ? <LoadFailed error={error} testId="new-client-catalogue-failed" /> : null}
      {catalogue ? (
        <div className="nc-catalogue" data-testid="new-client-catalogue">
          <Lines title={t('newClient.numberCategories')} lines={catalogue.numberCategories} categories />
          <Lines title={t('newClient.pricePlans')} lines={catalogue.pricePlans} />
          <Lines title={t('newClient.services')} lines={catalogue.services} />
        </div>
      ) : null}
      <div className="nc-actions" data-testid={step === 'ready' ? 'new-client-confirm' : undefined}>
        <SendButton
          actor={actor}
          event="step.back"
          className="btn btn--secondary"
          disabled={step === 'registering'}
        >
          {t('newClient.back')}
        </SendButton>
        <SendButton
          actor={actor}
          event="application.sign"
          testId="new-client-sign"
          disabled={step !== 'ready'}
          busy={step === 'registering'}
        >
          {t('newClient.signDocuments')}
        </SendButton>
      </div>
      {/* below the buttons, so they never move: a second tap lands on the busy sign button, not on Cancel */}
      {step === 'registering' && child ? <PreRegistrationPanel actorRef={child} /> : null}
    </div>
  );
}

export function Registered() {
  const { t } = useTranslation();
  const actor = useActorRef();
  const { created, form } = useWorkflow(actor, connectRegistered);
  if (!created) return null;
  return (
    <div className="nc-done" data-testid="new-client-success">
      <p className="form__ok" role="status">
        <strong>{t('newClient.success')}</strong>
      </p>
      <p>{t('newClient.applicationNo', { id: created.id })}</p>
      <p data-testid="new-client-status">
        {t('newClient.statusLabel', { status: statusText(t, created.status) })}
      </p>
      <ol>
        <li>{t('newClient.next1')}</li>
        <li>{t('newClient.next2', { email: form.contactFace.email, login: form.login })}</li>
      </ol>
      {created.phoneReserved ? <p>{t('newClient.reserved')}</p> : null}
      <Link href="/login" className="btn">
        {t('newClient.toLogin')}
      </Link>
    </div>
  );
}
