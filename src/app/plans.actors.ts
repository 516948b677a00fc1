import { fromPromise } from 'xstate';
import { PLANS_PAGE_SIZE, type PlansParams } from '@/domain/plans.rules';
import {
  type CancelPlanInput,
  type PlanRow,
  type PlansPage,
  plansListMachine,
} from '@/machines/plans-list.machine';
import type { PlanWire } from '@/services/contract/plans.contract';
import type { ApiLoader, AppApi } from './api';

/** A plan as the list shows it; the failed numbers of a run that partly or wholly failed. */
const toRow = (p: PlanWire): PlanRow => ({
  id: p.id,
  action: p.action,
  ban: p.ban,
  sns: p.sns === null ? null : [...p.sns],
  numbers: p.numbers,
  runAt: p.runAt,
  status: p.status,
  createdBy: { login: p.createdBy.login, role: p.createdBy.role, staff: p.createdBy.staff },
  keySerial: p.keySerial,
  price: p.price,
  failed: p.result === null ? [] : [...p.result.failed],
  reason: p.reason,
});

/**
 * Real actors of the company's planned blocks and restores (docs/decisions.md SP9) on the app's one API client.
 * `createAppLogic` (src/app/app-logic.ts) builds it once with the other page workflows; tests provide fakes.
 */
export function createPlansListLogic(api: ApiLoader) {
  return plansListMachine.provide({
    actors: {
      fetchPlans: fromPromise<PlansPage, PlansParams>(async ({ input, signal }) => {
        const r = await (await api()).call(
          'plans.list',
          {
            query: {
              ...(input.status === '' ? {} : { status: input.status as PlanWire['status'] }),
              page: input.page - 1,
              size: PLANS_PAGE_SIZE,
            },
          },
          { signal },
        );
        return { total: r.totalElements, pages: r.totalPages, rows: r.content.map(toRow) };
      }),
      cancelPlan: fromPromise<PlanRow, CancelPlanInput>(async ({ input, signal }) =>
        toRow(await (await api()).call('plans.cancel', { params: { id: String(input.id) } }, { signal })),
      ),
    },
  });
}

/** The page workflows this area provides (its manifest ./plans.workflow.ts; composed in ./page-logic.generated.ts). */
export const pageLogic = (api: AppApi) => ({ plansList: createPlansListLogic(api.load) });
