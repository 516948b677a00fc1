import { ProfileRoute } from '@/views/profile/profile-slots.view';
import { ProfileView } from './profile.view';

/** The `/{lang}/profile` route: the profile in view from the session, with its widgets and number list. */
export function ProfilePage() {
  return <ProfileRoute page="profile" View={ProfileView} />;
}
