import { browserDraftStore } from '@/services/drafts/draft-store';
import { readGoldenChoice } from '@/services/drafts/golden-choice';
import type { PageLogic } from '@/views/common/workflow-logic.context';
import * as admin from './admin.services';
import * as agreement from './agreement.services';
import type { AppApi } from './api';
import type { AppDeps } from './app-deps';
import * as at39 from './at39.services';
import * as blockRestore from './block-restore.services';
import * as debt from './debt.services';
import * as documents from './documents.services';
import * as employees from './employees-list.services';
import * as golden from './golden.services';
import { createImpersonationLogic } from './impersonation.services';
import * as internet from './internet.services';
import * as newOrder from './new-order.services';
import * as orders from './orders.services';
import * as preorders from './preorder-list.services';
import * as profile from './profile.services';
import * as recoveryContact from './recovery-contact.services';
import * as settings from './settings.services';
import * as upload from './upload.services';

/**
 * The signed-in pages' workflows, provided with their real actors: a chunk of its own that `createAppLogic`
 * (./app-logic.ts) fetches on first use, so that the login page neither downloads nor evaluates their charts, actors
 * and wire mappers (docs/benchmarks.md). Built once per app; every view then gets the same provided charts.
 */
export function createPageLogic(api: AppApi, given: AppDeps): PageLogic {
  const deps = { ...given, drafts: given.drafts ?? browserDraftStore() };
  const adminLogic = admin.createAdminLogic(api);
  const documentsLogic = documents.createDocumentsLogic(api.load);
  const servicesLogic = internet.createServicesLogic(api.load);
  const at39Logic = at39.createAt39Logic(api.load);
  return {
    impersonation: createImpersonationLogic(api),
    settings: settings.createSettingsLogic(api, deps),
    numbers: profile.createProfileLogic(api).numbers,
    blockRestore: blockRestore.createBlockRestoreLogic(api.load, deps),
    searchBox: adminLogic.searchBox,
    userSearch: adminLogic.userSearch,
    userAdmin: adminLogic.userAdmin,
    debt: debt.createDebtLogic(api.load),
    goldenCheckout: golden.createGoldenLogic(api.load, deps),
    readGoldenChoice: (key) => readGoldenChoice(deps.drafts, key),
    newOrder: newOrder.createNewOrderLogic(api.load, deps),
    orders: orders.createOrdersLogic(api.load),
    upload: upload.createUploadLogic(api.load),
    agreement: agreement.createAgreementLogic(api.load),
    at39List: at39Logic.at39List,
    at39Registration: at39Logic.at39Registration,
    at39Upload: at39Logic.at39Upload,
    documents: documentsLogic.documents,
    download: documentsLogic.download,
    services: servicesLogic.services,
    servicesCheckout: servicesLogic.servicesCheckout,
    preorderList: preorders.createPreorderListLogic(api.load),
    employeesList: employees.createEmployeesListLogic(api.load),
    recoveryContact: recoveryContact.createRecoveryContactLogic(api.load, deps),
  };
}
