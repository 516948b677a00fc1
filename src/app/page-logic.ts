import { browserDraftStore } from '@/services/drafts/draft-store';
import { readGoldenChoice } from '@/services/drafts/golden-choice';
import type { PageLogic } from '@/views/common/workflow-logic.context';
import * as addons from './addons.actors';
import * as admin from './admin.actors';
import * as agreement from './agreement.actors';
import type { AppApi } from './api';
import type { AppDeps } from './app-deps';
import * as at39 from './at39.actors';
import * as blockRestore from './block-restore.actors';
import * as debt from './debt.actors';
import * as documents from './documents.actors';
import * as employees from './employees-list.actors';
import * as golden from './golden.actors';
import { createImpersonationLogic } from './impersonation.actors';
import * as newOrder from './new-order.actors';
import * as orders from './orders.actors';
import * as preorders from './preorder-list.actors';
import * as profile from './profile.actors';
import * as recoveryContact from './recovery-contact.actors';
import * as settings from './settings.actors';
import * as upload from './upload.actors';

/**
 * The signed-in pages' workflows, provided with their real actors: a chunk of its own that `createAppLogic`
 * (./app-logic.ts) fetches on first use, so that the login page neither downloads nor evaluates their charts, actors
 * and wire mappers (docs/benchmarks.md). Built once per app; every view then gets the same provided charts.
 */
export function createPageLogic(api: AppApi, given: AppDeps): PageLogic {
  const deps = { ...given, drafts: given.drafts ?? browserDraftStore() };
  const adminLogic = admin.createAdminLogic(api);
  const documentsLogic = documents.createDocumentsLogic(api.load);
  const addonsLogic = addons.createAddonsLogic(api.load);
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
    services: addonsLogic.services,
    servicesCheckout: addonsLogic.servicesCheckout,
    preorderList: preorders.createPreorderListLogic(api.load),
    employeesList: employees.createEmployeesListLogic(api.load),
    recoveryContact: recoveryContact.createRecoveryContactLogic(api.load, deps),
  };
}
