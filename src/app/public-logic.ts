import type { PublicLogicLoaders } from '@/views/common/workflow-logic.context';
import type { ApiLoader } from './api';
import { loadChunk } from './lazy-route';

/**
 * The public pages' workflows, each page's its own chunk, without the signed-in page workflows or the other page's:
 * the app's composition root (src/app/app-logic.ts) and the public root (src/app/public-app.tsx) both hand out these.
 */
export function createPublicLogicLoaders(load: ApiLoader): PublicLogicLoaders {
  return {
    newClient: async () =>
      (
        await loadChunk(() => import(/* webpackChunkName: "logic-new-client" */ './new-client.actors'))
      ).createNewClientLogic(load),
    newNumbers: async () =>
      (
        await loadChunk(() => import(/* webpackChunkName: "logic-new-numbers" */ './new-numbers.actors'))
      ).createNewNumbersLogic(load),
  };
}
