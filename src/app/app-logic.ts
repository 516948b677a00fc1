import { SYSTEM_IDS } from '@/machines/actor-system';
import { notificationsMachine } from '@/machines/notifications.machine';
import type { AppLogic } from '@/views/common/workflow-logic.context';
import type { AppApi } from './api';
import type { AppDeps } from './app-deps';
import { loadChunk } from './lazy-route';
import { createPublicLogicLoaders } from './public-logic';
import { createSessionLogic } from './session.actors';

export type { AppDeps } from './app-deps';

/**
 * The composition root: every workflow's chart provided with its real actors, built once per app on one API client.
 * `AppProviders` (src/app/app-providers.tsx) mounts the result at the top of the app; tests mount the same providers
 * with fakes (tests/support/render-workflow.tsx). A new page workflow is a line of its area's manifest, which
 * `npm run workflows` writes into `createPageLogic` (./page-logic.generated.ts; docs/new-workflow.md).
 *
 * The workflows the login route needs are built at once; the others (`loadPageLogic`) are imported on first use, as
 * one chunk (./page-logic.generated.ts), so that their charts, actors and wire mappers stay out of the login route's scripts
 * (the budget of docs/benchmarks.md), and evaluated one area per task (docs/decisions.md LB19). The loader runs once per
 * app; every view then gets the same provided charts.
 */
export function createAppLogic(api: AppApi, deps: AppDeps): AppLogic {
  return {
    session: createSessionLogic(api, deps),
    notifications: notificationsMachine,
    // the signed-in pages' workflows: one chunk (./page-logic.generated.ts), fetched on first use
    loadPageLogic: () =>
      loadChunk(() => import('./page-logic.generated')).then((m) => m.createPageLogic(api, deps)),
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
