import { At39ListPage } from '@/views/at39/at39-list.view';
import { At39RegistrationPage } from '@/views/at39/at39-registration.view';

/** `/{lang}/at39-registration`: the registrations list (its logic comes from the composition root). */
export function At39ListRoute() {
  return <At39ListPage />;
}

/** `/{lang}/at39-registration/new` (`?id=` resumes a registration). */
export function At39NewRoute() {
  return <At39RegistrationPage />;
}
