import { useTranslation } from 'react-i18next';
import type { UserFacts } from '@/domain/roles.rules';
import { selectProfile, selectUserFacts } from '@/machines/session.selectors';
import type { Profile } from '@/services/contract/session.contract';
import { useProfileSlots } from '@/views/profile/profile-slots.view';
import { SessionContext } from '@/views/session/session.context';
import { DetailsView } from './details.view';

/** The `/{lang}/details` route: financial information of the profile in view, with its widgets. */
export function DetailsPage() {
  const { t } = useTranslation();
  const facts = SessionContext.useSelector(selectUserFacts);
  const profile = SessionContext.useSelector(selectProfile);
  if (!facts || !profile) {
    return (
      <section className="page page--message" data-testid="page-details-unavailable">
        <h1>{t('details.title')}</h1>
        <p>{t('profile.unavailable')}</p>
      </section>
    );
  }
  return <WithSlots profile={profile} facts={facts} />;
}

function WithSlots({ profile, facts }: { profile: Profile; facts: UserFacts }) {
  const slots = useProfileSlots(profile, facts);
  return <DetailsView profile={profile} facts={facts} now={new Date()} {...slots} />;
}
