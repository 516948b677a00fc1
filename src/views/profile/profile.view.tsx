import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isFeedbackType } from '@/domain/contacts.rules';
import { phoneWord } from '@/domain/phone.rules';
import { mayManagePlans } from '@/domain/plans.rules';
import type { UserFacts } from '@/domain/roles.rules';
import { widgetFlags } from '@/domain/widgets.rules';
import type { Profile } from '@/services/contract/session.contract';
import { ContentPage } from '@/views/common/content-page.view';
import { NumbersList } from '@/views/numbers/numbers-list.view';
import { statusLabelKey } from '@/views/widgets/status.labels';
import { Widgets } from '@/views/widgets/widgets.view';
import { accountTypeLabel } from './account-type';
import './profile.css';

export interface ProfileViewProps {
  readonly profile: Profile;
  readonly facts: UserFacts;
  readonly now: Date;
  /** The block/restore toggle for the status widget. */
  readonly statusToggle?: ReactNode;
  /** The "return to the organisation" control for the employees widget. */
  readonly returnToOrganisation?: ReactNode;
}

/** A term and its value; an empty value reads 'Не указано'. */
function Row({ term, value, testId }: { term: string; value: ReactNode; testId: string }) {
  const { t } = useTranslation();
  const empty = value === null || value === undefined || value === '';
  return (
    <div className="profile__row" data-testid={testId}>
      <dt>{term}</dt>
      <dd>{empty ? <span className="profile__none">{t('app.notSpecified')}</span> : value}</dd>
    </div>
  );
}

/**
 * Profile of a BAN or of a number (spec 3 "Profile"): account type, status, company data, contacts, branches and
 * regions; for a BAN also its numbers by status. Server text is rendered as text, never as HTML.
 */
export function ProfileView(props: ProfileViewProps) {
  const { profile, facts, now } = props;
  const { t } = useTranslation();
  const isNumber = profile.sn != null && profile.sn !== '';
  const feedback = profile.feedback_type ?? '';
  // the i18n catalogue names our feedback types; any other value is shown as the server sent it
  const feedbackText = isFeedbackType(feedback) ? t(`settings.contacts.feedbackTypes.${feedback}`) : feedback;
  const branches = (profile.branches ?? []).map((b) => b.name ?? String(b.id));
  const regions = (profile.regions ?? []).map((r) => r.name ?? String(r.id));
  return (
    <ContentPage title={t('profile.title')} testId="page-profile" aside={<Widgets {...props} />}>
      <div className="profile" data-testid="profile" data-kind={isNumber ? 'number' : 'ban'}>
        {isNumber ? (
          <h2 className="profile__subtitle" data-testid="profile-number">
            {t('profile.numberTitle', { sn: phoneWord(profile.sn) })}
          </h2>
        ) : null}
        <section aria-labelledby="profile-company">
          <h2 id="profile-company">{t('profile.company')}</h2>
          <dl className="profile__list">
            <Row testId="profile-company-name" term={t('profile.company')} value={profile.company_name} />
            <Row testId="profile-tin" term={t('profile.tin')} value={profile.tin} />
            <Row testId="profile-ban" term={t('profile.ban')} value={profile.ban} />
            <Row
              testId="profile-account-type"
              term={t('profile.accountType')}
              value={accountTypeLabel(t, profile.at)}
            />
            {isNumber ? (
              <Row testId="profile-sn" term={t('profile.sn')} value={phoneWord(profile.sn)} />
            ) : null}
            <Row
              testId="profile-status"
              term={t('profile.status')}
              value={<span data-status-code={profile.status ?? ''}>{t(statusLabelKey(profile.status))}</span>}
            />
            {profile.ban_data?.status != null ? (
              <Row
                testId="profile-ban-status"
                term={t('profile.banStatus')}
                value={t(statusLabelKey(profile.ban_data.status))}
              />
            ) : null}
          </dl>
        </section>
        <section aria-labelledby="profile-contacts">
          <h2 id="profile-contacts">{t('profile.contacts')}</h2>
          <dl className="profile__list">
            <Row testId="profile-phone" term={t('profile.phone')} value={phoneWord(profile.phone_number)} />
            <Row testId="profile-feedback" term={t('profile.feedbackType')} value={feedbackText} />
            <Row testId="profile-email" term={t('profile.email')} value={profile.email_address} />
          </dl>
        </section>
        <section aria-labelledby="profile-place">
          <h2 id="profile-place">{t('profile.place')}</h2>
          <dl className="profile__list">
            <Row
              testId="profile-branches"
              term={t('profile.branches')}
              value={branches.length ? <Names names={branches} /> : null}
            />
            <Row
              testId="profile-regions"
              term={t('profile.regions')}
              value={regions.length ? <Names names={regions} /> : null}
            />
          </dl>
        </section>
        {!isNumber && profile.ban ? (
          <NumbersList
            ban={profile.ban}
            blocking={
              // U10: the account's own users block and restore from the list; staff viewing it cannot sign
              widgetFlags(facts, now).blockToggle && !facts.banSelected
                ? {
                    profileType: profile.at,
                    companyName: profile.company_name ?? null,
                    mayPlan: mayManagePlans(facts),
                  }
                : null
            }
          />
        ) : null}
      </div>
    </ContentPage>
  );
}

function Names({ names }: { names: readonly string[] }) {
  return (
    <ul className="profile__names">
      {names.map((name, i) => (
        // names may repeat (two branches of one city); the position keeps keys unique
        // biome-ignore lint/suspicious/noArrayIndexKey: a static list, never reordered
        <li key={`${i}-${name}`}>{name}</li>
      ))}
    </ul>
  );
}
