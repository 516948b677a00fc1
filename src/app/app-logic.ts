import { SYSTEM_IDS } from '@/machines/actor-system';
import { notificationsMachine } from '@/machines/notifications.machine';
import type { DraftStore } from '@/services/drafts/draft-store';
import type { WorkflowLogic } from '@/views/common/workflow-logic.context';
import { createAdminLogic } from './admin.services';
import type { AppApi } from './api';
import { type BlockRestoreServiceOptions, createBlockRestoreLogic } from './block-restore.services';
import { createDebtLogic } from './debt.services';
import { createProfileLogic } from './profile.services';
import { createSessionLogic, createSettingsLogic } from './session.services';

/** What the workflows need besides the API client. */
export interface AppDeps extends BlockRestoreServiceOptions {
  /** where typed form data is kept across an expiry (the browser's sessionStorage in production) */
  readonly drafts: DraftStore;
}

/**
 * The composition root: every workflow's chart provided with its real actors, built once per app on one API client.
 * `AppProviders` (src/app/app-providers.tsx) mounts the result at the top of the app; tests mount the same providers
 * with fakes (tests/support/render-workflow.tsx). A new workflow adds one line here (docs/new-workflow.md).
 */
export function createAppLogic(api: AppApi, deps: AppDeps): WorkflowLogic {
  const admin = createAdminLogic(api);
  return {
    session: createSessionLogic(api, deps),
    notifications: notificationsMachine,
    settings: createSettingsLogic(api, deps),
    numbers: createProfileLogic(api).numbers,
    blockRestore: createBlockRestoreLogic(api.load, deps),
    searchBox: admin.searchBox,
    impersonation: admin.impersonation,
    userSearch: admin.userSearch,
    userAdmin: admin.userAdmin,
    debt: createDebtLogic(api.load),
    // E009 from any call of any workflow ends a signed-in session (spec 8); while signed out the failing call itself
    // decides (a first visit without a session is not an expiry)
    connect: (system) =>
      api.watchExpiry(() => {
        const session = system.get(SYSTEM_IDS.session);
        if (session?.getSnapshot().matches('authenticated')) session.send({ type: 'session.expired' });
      }),
  };
}
