import { ProfileRoute } from '@/views/profile/profile-slots.view';
import { DetailsView } from './details.view';

/** The `/{lang}/details` route: financial information of the profile in view, with its widgets. */
export function DetailsPage() {
  return <ProfileRoute page="details" View={DetailsView} />;
}
