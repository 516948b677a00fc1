import { DebtControlPage } from '@/views/debt/debt-control.view';
import { WithDebtServices } from './debt.services';

/** The `/{lang}/debt-control` route: the notice view with its real actors. */
export function DebtRoute() {
  return (
    <WithDebtServices>
      <DebtControlPage />
    </WithDebtServices>
  );
}
