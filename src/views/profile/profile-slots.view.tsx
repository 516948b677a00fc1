import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { mayManagePlans } from '@/domain/plans.rules';
import type { UserFacts } from '@/domain/roles.rules';
import { selectProfile, selectUserFacts } from '@/machines/session.selectors';
import type { Profile } from '@/services/contract/session.contract';
import { StatusToggle } from '@/views/block-restore/status-toggle.view';
import { BackButton } from '@/views/impersonation/back-button.view';
import { ImpersonationContext } from '@/views/impersonation/impersonation.context';
import type { ProfileViewProps } from '@/views/profile/profile.view';
import { SessionContext } from '@/views/session/session.context';

/**
 * "Return to the organisation" (spec 2 employees dispatcher): while a BAN is selected (an administration user views
 * a client account, spec 6), it goes back to the head account through the impersonation chart — the same way as
 * the banner's button. Rendered only while a BAN is selected, when the app mounts the impersonation provider.
 */
function ReturnToOrganisation() {
  // the app starts the chart with the page workflows' chunk, which this page needs too: at most a moment without it
  return ImpersonationContext.useOptionalActorRef() === null ? null : <ReturnButton />;
}

function ReturnButton() {
  const { t } = useTranslation();
  return <BackButton testId="widget-employees-back">{t('widgets.employees.back')}</BackButton>;
}

/**
 * The controls other workflows put into the widgets: the block/restore toggle (status widget) and the way back
 * to the organisation (employees widget). After a block or restore the chart tells the session to reload the profile
 * in view (its status may have changed).
 */
function useProfileSlots(
  profile: Profile,
  facts: UserFacts,
): { statusToggle?: ReactNode; returnToOrganisation?: ReactNode } {
  return {
    statusToggle: profile.ban ? (
      <StatusToggle
        status={profile.status}
        profileType={profile.at}
        sn={profile.sn}
        ban={profile.ban}
        companyName={profile.company_name}
        pending={profile.block_pending}
        impersonating={facts.banSelected}
        mayPlan={mayManagePlans(facts)}
      />
    ) : undefined,
    returnToOrganisation: facts.banSelected ? <ReturnToOrganisation /> : undefined,
  };
}

/**
 * A route of the profile in view (`/profile`, `/details`): the page's view of the session's profile with the widgets'
 * controls, or, while the session has none, the page's title with the note that it is unavailable.
 */
export function ProfileRoute({
  page,
  View,
}: {
  page: 'profile' | 'details';
  View: ComponentType<ProfileViewProps>;
}) {
  const { t } = useTranslation();
  const facts = SessionContext.useSelector(selectUserFacts);
  const profile = SessionContext.useSelector(selectProfile);
  if (!facts || !profile) {
    return (
      <section className="page page--message" data-testid={`page-${page}-unavailable`}>
        <h1>{t(`${page}.title`)}</h1>
        <p>{t('profile.unavailable')}</p>
      </section>
    );
  }
  return <WithSlots profile={profile} facts={facts} View={View} />;
}

function WithSlots({
  profile,
  facts,
  View,
}: {
  profile: Profile;
  facts: UserFacts;
  View: ComponentType<ProfileViewProps>;
}) {
  const slots = useProfileSlots(profile, facts);
  return <View profile={profile} facts={facts} now={new Date()} {...slots} />;
}
