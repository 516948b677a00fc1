import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { appConfig } from '@/config';
import { mayUseAddons, saleHref } from '@/domain/addons.rules';
import { formatSum } from '@/domain/money.rules';
import type { UserFacts } from '@/domain/roles.rules';
import { ACTIVITY_LOG_PATH, EMPLOYEE_LIST_PATH, PLANS_PATH } from '@/domain/routes.rules';
import { type WidgetKey, widgetFlags } from '@/domain/widgets.rules';
import { usePageLang } from '@/i18n/page-lang';
import type { Profile } from '@/services/contract/session.contract';
import { statusLabelKey } from './status.labels';
import './widgets.css';

/** Where "open the employee list" leads: the company's employee list (docs/decisions.md EM2). */
export const EMPLOYEE_LIST_HREF = EMPLOYEE_LIST_PATH;

export interface WidgetsProps {
  /** What the domain rules need of the user (roles, profile facts, BAN selected). */
  readonly facts: UserFacts;
  /** The profile in view (the user's own, or the selected BAN's / number's). */
  readonly profile: Profile;
  /** The clock: the sale widget is shown in October only. */
  readonly now: Date;
  /** The block/restore toggle, placed in the status widget when the rules allow it. */
  readonly statusToggle?: ReactNode;
  /** The "return to the organisation" control, placed in the employees widget when a BAN is selected. */
  readonly returnToOrganisation?: ReactNode;
}

/** A negative balance is a debt: highlighted, and said in words for a screen reader (colour alone is not enough). */
function isDebt(balance: number | null | undefined): boolean {
  return typeof balance === 'number' && balance < 0;
}

/**
 * The aside widgets of a content page (spec 2 "Widgets"): which ones, and their optional parts, come from the domain
 * rule `widgetFlags` (spec 6); this component only renders them. Sums in locale ru with the currency sum (spec 9).
 */
export function Widgets({ facts, profile, now, statusToggle, returnToOrganisation }: WidgetsProps) {
  const { t } = useTranslation();
  const lang = usePageLang();
  const flags = widgetFlags(facts, now);
  if (flags.visible.length === 0) return null;
  const fin = profile.fin_data;
  const render: Record<WidgetKey, () => ReactNode> = {
    balance: () => (
      <Widget key="balance" id="balance" title={t('widgets.balance.title')}>
        <p
          className={isDebt(fin?.balance) ? 'widget__amount widget__amount--debt' : 'widget__amount'}
          data-testid="widget-balance-amount"
        >
          {formatSum(fin?.balance ?? Number.NaN, { lang })}
          {isDebt(fin?.balance) ? (
            <span className="visually-hidden"> ({t('widgets.balance.debt')})</span>
          ) : null}
        </p>
        {flags.unbilled ? (
          <p className="widget__line" data-testid="widget-balance-unbilled">
            <span>{t('widgets.balance.unbilled')}</span>{' '}
            <strong>{formatSum(fin?.unbilled_amnt ?? 0, { lang })}</strong>
          </p>
        ) : null}
        {flags.topUp ? (
          <a
            className="btn widget__action"
            href={appConfig.topUpUrl}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="widget-balance-topup"
          >
            {t('widgets.balance.topUp')}
            <span className="visually-hidden"> ({t('widgets.balance.topUpHint')})</span>
          </a>
        ) : null}
      </Widget>
    ),
    budget: () => (
      <Widget key="budget" id="budget" title={t('widgets.budget.title')}>
        <p className="widget__amount" data-testid="widget-budget-amount">
          {formatSum(fin?.budget ?? Number.NaN, { lang })}
        </p>
      </Widget>
    ),
    status: () => (
      <Widget key="status" id="status" title={t('widgets.status.title')}>
        <p
          className="widget__status"
          data-testid="widget-status-value"
          data-status-code={profile.status ?? ''}
          data-pending={profile.block_pending ?? undefined}
        >
          {/* U9: a block or restore that waits to take effect is said, also after a reload */}
          {profile.block_pending === 'block'
            ? t('widgets.status.inProcess')
            : profile.block_pending === 'restore'
              ? t('ux.block.restoreInProcessStatus')
              : t(statusLabelKey(profile.status))}
        </p>
        {flags.blockToggle && statusToggle ? <div className="widget__action">{statusToggle}</div> : null}
        {/* who did what to the account (docs/decisions.md AL6); a number's profile has no company log */}
        {flags.activityLog && profile.sn == null ? (
          <Link
            className="btn btn--link widget__action"
            href={ACTIVITY_LOG_PATH}
            data-testid="widget-activity-open"
          >
            {t('widgets.activityLog')}
          </Link>
        ) : null}
        {/* the company's planned blocks and restores (docs/decisions.md SP9); a number's profile has none */}
        {flags.plans && profile.sn == null ? (
          <Link className="btn btn--link widget__action" href={PLANS_PATH} data-testid="widget-plans-open">
            {t('widgets.plans')}
          </Link>
        ) : null}
      </Widget>
    ),
    employees: () => (
      <Widget key="employees" id="employees" title={t('widgets.employees.title')}>
        {flags.employeeList && profile.employee_data != null && profile.sn == null ? (
          <Link
            className="btn btn--secondary widget__action"
            href={EMPLOYEE_LIST_HREF}
            data-testid="widget-employees-open"
          >
            {t('widgets.employees.open')}
          </Link>
        ) : null}
        {facts.banSelected && returnToOrganisation ? (
          <div className="widget__action">{returnToOrganisation}</div>
        ) : null}
      </Widget>
    ),
    sale: () => (
      <Widget key="sale" id="sale" title={t('widgets.sale.title')} accent>
        <p>{t('widgets.sale.text')}</p>
        {mayUseAddons(facts) ? (
          // the sale opens the services page on the promoted package (spec 2, 6; docs/decisions.md SV9)
          <Link className="btn widget__action" href={saleHref()} data-testid="widget-sale-open">
            {t('services.saleOpen')}
          </Link>
        ) : null}
      </Widget>
    ),
  };
  return (
    <aside className="widgets" aria-label={t('widgets.label')} data-testid="widgets">
      {flags.visible.map((key) => render[key]())}
    </aside>
  );
}

function Widget({
  id,
  title,
  accent,
  children,
}: {
  id: WidgetKey;
  title: string;
  accent?: boolean;
  children: ReactNode;
}) {
  const titleId = `widget-${id}-title`;
  return (
    <section
      className={accent ? 'widget widget--accent' : 'widget'}
      aria-labelledby={titleId}
      data-testid={`widget-${id}`}
    >
      <h2 id={titleId} className="widget__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
