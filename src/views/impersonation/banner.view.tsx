import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { mayOpenActivityLog } from '@/domain/activity.rules';
import { phoneWord } from '@/domain/phone.rules';
import { mayReadPlans } from '@/domain/plans.rules';
import { ACTIVITY_LOG_PATH, PLANS_PATH } from '@/domain/routes.rules';
import type { ViewedClient } from '@/machines/impersonation.machine';
import {
  selectImpersonationBusy,
  selectImpersonationFailure,
  selectImpersonationStatePath,
  selectViewedClient,
} from '@/machines/impersonation.selectors';
import { selectUserFacts } from '@/machines/session.selectors';
import { LoadingOverlay } from '@/views/common/loading-overlay.view';
import { SessionContext } from '@/views/session/session.context';
import { BackButton } from './back-button.view';
import { ImpersonationContext } from './impersonation.context';
import './impersonation.css';
import { ErrorDialog } from '@/views/common/error-dialog.view';

/** 'лицевого счёта 100234561 («Toshkent Savdo Invest MChJ»)' / 'номера +998 90 123 45 67 (лицевой счёт 100457732, «…»)'. */
export function describeClient(t: TFunction, client: ViewedClient): string {
  const ban = client.ban ?? '';
  if (client.sn !== null) {
    return client.name
      ? t('impersonation.clientNumberName', { sn: phoneWord(client.sn), ban, name: client.name })
      : t('impersonation.clientNumber', { sn: phoneWord(client.sn), ban });
  }
  const account = t('impersonation.client', { ban });
  return client.name ? t('impersonation.clientName', { client: account, name: client.name }) : account;
}

/**
 * The impersonation banner: while an administration user views a client account it says whose account is
 * shown and by whom, with the way back to the head account. Also the loading overlay while the switch runs and the
 * 'Ошибка!' dialog when it fails. `data-state` carries the chart's state even when nothing else is shown. Nothing
 * until the app has started the chart (ImpersonationHost: with the page workflows' chunk, right after sign-in).
 */
export function ImpersonationBanner() {
  return ImpersonationContext.useOptionalActorRef() === null ? null : <Banner />;
}

function Banner() {
  const { t } = useTranslation();
  const actor = ImpersonationContext.useActorRef();
  const statePath = ImpersonationContext.useSelector(selectImpersonationStatePath);
  const client = ImpersonationContext.useSelector(selectViewedClient);
  const busy = ImpersonationContext.useSelector(selectImpersonationBusy);
  const failure = ImpersonationContext.useSelector(selectImpersonationFailure);
  // a company in view (not a number) whose log this staff user may read (docs/decisions.md AL6)
  const facts = SessionContext.useSelector(selectUserFacts);
  const log = client?.sn === null && facts !== null && mayOpenActivityLog(facts);
  // its planned blocks and restores, for the same company in view (docs/decisions.md SP9)
  const plans = client?.sn === null && facts !== null && mayReadPlans(facts);

  return (
    <div data-testid="impersonation" data-state={statePath}>
      {client ? (
        <section className="banner" aria-label={t('impersonation.label')} data-testid="impersonation-banner">
          <p className="banner__text">
            {t('impersonation.banner', { client: describeClient(t, client), user: client.actor })}
          </p>
          {log ? (
            <Link href={ACTIVITY_LOG_PATH} className="btn btn--link" data-testid="impersonation-activity">
              {t('impersonation.activityLog')}
            </Link>
          ) : null}
          {plans ? (
            <Link href={PLANS_PATH} className="btn btn--link" data-testid="impersonation-plans">
              {t('impersonation.plans')}
            </Link>
          ) : null}
          <BackButton testId="impersonation-back">{t('impersonation.back')}</BackButton>
        </section>
      ) : null}
      {busy ? <LoadingOverlay /> : null}
      <ErrorDialog
        code={failure}
        onDismiss={() => actor.send({ type: 'error.dismiss' })}
        testId="impersonation-failed"
      />
    </div>
  );
}
