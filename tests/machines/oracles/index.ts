import type { ChartOracle } from '../../support/oracle';
import { servicesOracle } from './addons.oracle';
import { servicesCheckoutOracle } from './addons-checkout.oracle';
import { agreementOracle } from './agreement.oracle';
import { at39ListOracle } from './at39-list.oracle';
import { at39RegistrationOracle } from './at39-registration.oracle';
import { authFlowOracle } from './auth-flow.oracle';
import { blockRestoreOracle } from './block-restore.oracle';
import { debtOracle } from './debt.oracle';
import { documentsOracle } from './documents.oracle';
import { downloadOracle } from './download.oracle';
import { employeesListOracle } from './employees-list.oracle';
import { goldenCheckoutOracle } from './golden-checkout.oracle';
import { impersonationOracle } from './impersonation.oracle';
import { newClientOracle } from './new-client.oracle';
import { newNumbersOracle } from './new-numbers.oracle';
import { newOrderOracle } from './new-order.oracle';
import { notificationsOracle } from './notifications.oracle';
import { numbersOracle } from './numbers.oracle';
import { ordersOracle } from './orders.oracle';
import { preRegistrationOracle } from './pre-registration.oracle';
import { preorderListOracle } from './preorder-list.oracle';
import { recoveryContactOracle } from './recovery-contact.oracle';
import { searchBoxOracle } from './search-box.oracle';
import { sessionOracle } from './session.oracle';
import { settingsOracle } from './settings.oracle';
import { signingOracle } from './signing.oracle';
import { uploadOracle } from './upload.oracle';
import { userAdminOracle } from './user-admin.oracle';
import { userSearchOracle } from './user-search.oracle';

/** The hand-written oracle of every chart, by chart id (a chart without one fails tests/machines/oracle-paths). */
export const chartOracles: Readonly<Record<string, ChartOracle>> = {
  signing: signingOracle,
  impersonation: impersonationOracle,
  searchBox: searchBoxOracle,
  numbers: numbersOracle,
  userSearch: userSearchOracle,
  userAdmin: userAdminOracle,
  settings: settingsOracle,
  blockRestore: blockRestoreOracle,
  session: sessionOracle,
  authFlow: authFlowOracle,
  notifications: notificationsOracle,
  debt: debtOracle,
  newClient: newClientOracle,
  preRegistration: preRegistrationOracle,
  newNumbers: newNumbersOracle,
  preorderList: preorderListOracle,
  employeesList: employeesListOracle,
  goldenCheckout: goldenCheckoutOracle,
  newOrder: newOrderOracle,
  orders: ordersOracle,
  upload: uploadOracle,
  agreement: agreementOracle,
  at39Registration: at39RegistrationOracle,
  at39List: at39ListOracle,
  documents: documentsOracle,
  download: downloadOracle,
  services: servicesOracle,
  servicesCheckout: servicesCheckoutOracle,
  recoveryContact: recoveryContactOracle,
};
