import { DebtControlPage } from '@/views/debt/debt-control.view';

/** The `/{lang}/debt-control` route: the notice view (its logic comes from the composition root). */
export function DebtRoute() {
  return <DebtControlPage />;
}
