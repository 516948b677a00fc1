import { fromPromise } from 'xstate';
import {
  type FetchPreordersInput,
  type MovedPreorder,
  type MovePreorderInput,
  type PreorderListPage,
  preorderListMachine,
} from '@/machines/preorder-list.machine';
import type { ApiLoader, AppApi } from './api';

/**
 * Real actor of the staff pre-order list (decisions NC8, NC11) on the app's one API client. `createAppLogic`
 * (src/app/app-logic.ts) builds it once with the other page workflows; tests provide fakes to the same machine.
 */
export function createPreorderListLogic(api: ApiLoader) {
  return preorderListMachine.provide({
    actors: {
      fetchPreorders: fromPromise<PreorderListPage, FetchPreordersInput>(async ({ input, signal }) => {
        const r = await (await api()).call('preorder.list', { query: { page: input.page } }, { signal });
        return {
          total: r.total,
          rows: r.rows.map((row) => ({
            id: row.id,
            tin: row.tin,
            companyName: row.companyName,
            marketCode: row.marketCode,
            login: row.login,
            status: row.status,
            phoneReserved: row.phoneReserved,
            createdAt: row.createdAt,
          })),
        };
      }),
      movePreorder: fromPromise<MovedPreorder, MovePreorderInput>(async ({ input, signal }) => {
        const r = await (await api()).call(
          'preorder.setStatus',
          { params: { id: String(input.id) }, body: { status: input.status } },
          { signal },
        );
        return { id: r.id, status: r.status, phoneReserved: r.phoneReserved };
      }),
    },
  });
}

/** The page workflows this area provides (its manifest ./preorder-list.workflow.ts; composed in ./page-logic.generated.ts). */
export const pageLogic = (api: AppApi) => ({ preorderList: createPreorderListLogic(api.load) });
