import { useTranslation } from 'react-i18next';
import type { UserFacts } from '@/domain/roles.rules';
import { selectProfile, selectUserFacts } from '@/machines/session.selectors';
import type { Profile } from '@/services/contract/session.contract';
import { useProfileSlots } from '@/views/profile/profile-slots.view';
import { SessionContext } from '@/views/session/session.context';
import { ProfileView } from './profile.view';

/** The `/{lang}/profile` route: the profile in view from the session, with its widgets and number list. */
export function ProfilePage() {
  const { t } = useTranslation();
  const facts = SessionContext.useSelector(selectUserFacts);
  const profile = SessionContext.useSelector(selectProfile);
  if (!facts || !profile) {
    return (
      <section className="page page--message" data-testid="page-profile-unavailable">
        <h1>{t('profile.title')}</h1>
        <p>{t('profile.unavailable')}</p>
      </section>
    );
  }
  return <WithSlots profile={profile} facts={facts} />;
}

function WithSlots({ profile, facts }: { profile: Profile; facts: UserFacts }) {
  const slots = useProfileSlots(profile, facts);
  return <ProfileView profile={profile} facts={facts} now={new Date()} {...slots} />;
}
