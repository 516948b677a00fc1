import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UNBILLED_ACCOUNT_TYPE } from '@/domain/constants';
import { formatSum } from '@/domain/money.rules';
import { initialTabIndex } from '@/domain/navigation.rules';
import { phoneWord } from '@/domain/phone.rules';
import type { UserFacts } from '@/domain/roles.rules';
import { usePageLang } from '@/i18n/page-lang';
import type { Profile } from '@/services/contract/session.contract';
import { ContentPage, useContentTab } from '@/views/common/content-page.view';
import { accountTypeLabel } from '@/views/profile/account-type';
import { statusLabelKey } from '@/views/widgets/status.labels';
import { Widgets } from '@/views/widgets/widgets.view';
import './details.css';

/** Tabs of the Details page's panel (type info). Financial information is all the spec gives it. */
export const DETAILS_TABS = ['info'] as const;

export interface DetailsViewProps {
  readonly profile: Profile;
  readonly facts: UserFacts;
  readonly now: Date;
  readonly statusToggle?: ReactNode;
  readonly returnToOrganisation?: ReactNode;
}

function Amount({
  term,
  amount,
  testId,
}: {
  term: string;
  amount: number | null | undefined;
  testId: string;
}) {
  const lang = usePageLang();
  const debt = typeof amount === 'number' && amount < 0;
  return (
    <div className="details__row" data-testid={testId}>
      <dt>{term}</dt>
      <dd className={debt ? 'details__amount details__amount--debt' : 'details__amount'}>
        {formatSum(amount ?? Number.NaN, { lang })}
      </dd>
    </div>
  );
}

/**
 * Financial information (spec 2 Main `details`: "a tabs panel of type info"): balance, mobile budget when the account
 * has one, the unbilled amount for account type 16 (spec 6), with the account it belongs to. Sums in locale ru.
 */
export function DetailsView(props: DetailsViewProps) {
  const { profile, facts } = props;
  const { t } = useTranslation();
  // spec 2: the second tab only for a forced password change on Settings; Details always opens on its first
  const [tab, selectTab] = useContentTab(DETAILS_TABS, initialTabIndex(facts, false));
  const fin = profile.fin_data;
  const isNumber = profile.sn != null && profile.sn !== '';
  return (
    <ContentPage
      title={t('details.title')}
      testId="page-details"
      tabs={{
        type: 'info',
        label: t('details.tabs.label'),
        items: DETAILS_TABS.map((key) => ({ key, label: t(`details.tabs.${key}`) })),
        selected: tab,
        onSelect: selectTab,
      }}
      aside={<Widgets {...props} />}
    >
      <div className="details" data-testid="details">
        <h2 className="details__account" data-testid="details-account">
          {isNumber ? t('profile.numberTitle', { sn: phoneWord(profile.sn) }) : t('details.account')}
          {profile.ban ? <span className="details__ban"> · BAN {profile.ban}</span> : null}
        </h2>
        <dl className="details__list">
          <Amount testId="details-balance" term={t('details.balance')} amount={fin?.balance} />
          {fin?.budget != null ? (
            <Amount testId="details-budget" term={t('details.budget')} amount={fin.budget} />
          ) : null}
          {profile.at === UNBILLED_ACCOUNT_TYPE ? (
            <Amount testId="details-unbilled" term={t('details.unbilled')} amount={fin?.unbilled_amnt ?? 0} />
          ) : null}
          <div className="details__row" data-testid="details-account-type">
            <dt>{t('profile.accountType')}</dt>
            <dd>{accountTypeLabel(t, profile.at)}</dd>
          </div>
          <div className="details__row" data-testid="details-status">
            <dt>{t('profile.status')}</dt>
            <dd data-status-code={profile.status ?? ''}>{t(statusLabelKey(profile.status))}</dd>
          </div>
        </dl>
      </div>
    </ContentPage>
  );
}
