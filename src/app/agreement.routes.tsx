import { AgreementRegistrationPage } from '@/views/agreement/agreement-page.view';

/** The `/{lang}/agreement-registration` route: contract registration (its logic comes from the composition root). */
export function AgreementRoute() {
  return <AgreementRegistrationPage />;
}
