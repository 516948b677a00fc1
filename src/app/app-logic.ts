import { SYSTEM_IDS } from '@/machines/actor-system';
import { notificationsMachine } from '@/machines/notifications.machine';
import type { DraftStore } from '@/services/drafts/draft-store';
import type { AppLogic } from '@/views/common/workflow-logic.context';
import type { AppApi } from './api';
import type { BlockRestoreServiceOptions } from './block-restore.services';
import { createImpersonationLogic } from './impersonation.services';
import { loadChunk } from './lazy-route';
import { createPublicLogicLoaders } from './public-logic';
import { createSessionLogic } from './session.services';

/** What the workflows need besides the API client. */
export interface AppDeps extends BlockRestoreServiceOptions {
  /** where typed form data is kept across an expiry (the browser's sessionStorage in production) */
  readonly drafts: DraftStore;
}

/**
 * The composition root: every workflow's chart provided with its real actors, built once per app on one API client.
 * `AppProviders` (src/app/app-providers.tsx) mounts the result at the top of the app; tests mount the same providers
 * with fakes (tests/support/render-workflow.tsx). A new workflow adds one line here (docs/new-workflow.md).
 *
 * The workflows the login route needs are built at once; the others (`loadPageLogic`) are imported on first use, as
 * their own chunks, so that their charts, actors and wire mappers stay out of the login route's scripts (the budget
 * of docs/benchmarks.md). The loader runs once per app; every view then gets the same provided charts.
 */
export function createAppLogic(api: AppApi, deps: AppDeps): AppLogic {
  return {
    session: createSessionLogic(api, deps),
    notifications: notificationsMachine,
    impersonation: createImpersonationLogic(api),
    loadPageLogic: async () => {
      const [
        settings,
        profile,
        blockRestore,
        admin,
        debt,
        upload,
        documents,
        internet,
        golden,
        orders,
        agreement,
        at39,
        newOrder,
        preorders,
        employees,
      ] = await loadChunk(() =>
        Promise.all([
          import('./settings.services'),
          import('./profile.services'),
          import('./block-restore.services'),
          import('./admin.services'),
          import('./debt.services'),
          import('./upload.services'),
          import('./documents.services'),
          import('./internet.services'),
          import('./golden.services'),
          import('./orders.services'),
          import('./agreement.services'),
          import('./at39.services'),
          import('./new-order.services'),
          import('./preorder-list.services'),
          import('./employees-list.services'),
        ]),
      );
      const adminLogic = admin.createAdminLogic(api);
      const documentsLogic = documents.createDocumentsLogic(api.load);
      const servicesLogic = internet.createServicesLogic(api.load);
      const at39Logic = at39.createAt39Logic(api.load);
      return {
        settings: settings.createSettingsLogic(api, deps),
        numbers: profile.createProfileLogic(api).numbers,
        blockRestore: blockRestore.createBlockRestoreLogic(api.load, deps),
        searchBox: adminLogic.searchBox,
        userSearch: adminLogic.userSearch,
        userAdmin: adminLogic.userAdmin,
        debt: debt.createDebtLogic(api.load),
        goldenCheckout: golden.createGoldenLogic(api.load),
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
      };
    },
    // the public pages' workflows: each page's its own chunk, without the signed-in page workflows or the other's
    loadPublicLogic: createPublicLogicLoaders(api.load),
    // E009 from any call of any workflow ends a signed-in session (spec 8); while signed out the failing call itself
    // decides (a first visit without a session is not an expiry)
    connect: (system) =>
      api.watchExpiry(() => {
        const session = system.get(SYSTEM_IDS.session);
        if (session?.getSnapshot().matches('authenticated')) session.send({ type: 'session.expired' });
      }),
  };
}
