import { fromPromise } from 'xstate';
import { ACTIVITY_PAGE_SIZE, type ActivityParams } from '@/domain/activity.rules';
import { formatPhone } from '@/domain/phone.rules';
import { i18n } from '@/i18n/i18n';
import {
  type ActivityPage,
  type ActivityRow,
  activityLogMachine,
  type ExportActivityInput,
} from '@/machines/activity-log.machine';
import type { ActivityEntryWire } from '@/services/contract/activity.contract';
import { activityTable } from '@/services/export/activity.export';
import { saveFile } from '@/services/export/download.export';
import { fetchAllPages } from '@/services/export/numbers.export';
import { exportFileName } from '@/services/export/table.export';
import { exportTableFile } from '@/services/export/table-file.export';
import { ACTIVITY_COLUMNS, activityCells } from '@/views/activity/activity.texts';
import type { ApiLoader, AppApi } from './api';

/** Rows per request of the export (the contract's largest page). */
const EXPORT_PAGE = 1000;

const toRow = (e: ActivityEntryWire): ActivityRow => ({
  id: e.id,
  at: e.at,
  action: e.action,
  actor: { login: e.actor.login, role: e.actor.role, staff: e.actor.staff },
  impersonated: e.impersonated,
  targets: e.targets.map((x) => ({ kind: x.kind, id: x.id })),
  result: e.result,
  failed: [...e.failed],
  keySerial: e.keySerial,
  requestId: e.requestId,
});

/** The query of a filter: the range always, the action and the user when chosen. */
const listQuery = (p: ActivityParams) => ({
  from: p.from,
  to: p.to,
  ...(p.type === '' ? {} : { type: p.type }),
  ...(p.user === '' ? {} : { user: p.user }),
});

/**
 * Real actors of the company's activity log (docs/decisions.md AL4) on the app's one API client. `createAppLogic`
 * (src/app/app-logic.ts) builds it once with the other page workflows; tests provide fakes to the same machine.
 */
export function createActivityLogLogic(api: ApiLoader, save = { file: saveFile }) {
  return activityLogMachine.provide({
    actors: {
      fetchActivity: fromPromise<ActivityPage, ActivityParams>(async ({ input, signal }) => {
        const r = await (await api()).call(
          'activity.list',
          { query: { ...listQuery(input), page: input.page - 1, size: ACTIVITY_PAGE_SIZE } },
          { signal },
        );
        return { total: r.totalElements, pages: r.totalPages, rows: r.content.map(toRow) };
      }),
      exportActivity: fromPromise<void, ExportActivityInput>(async ({ input }) => {
        const client = await api();
        const rows = await fetchAllPages(
          async (page, size) => {
            const r = await client.call('activity.list', {
              query: { ...listQuery(input.params), page, size },
            });
            return { rows: r.content.map(toRow), totalPages: r.totalPages };
          },
          { size: EXPORT_PAGE },
        );
        const t = i18n.t.bind(i18n);
        const table = activityTable(
          ACTIVITY_COLUMNS.map((c) => t(`activityLog.columns.${c}`)),
          rows.map((r) => {
            const cells = activityCells(t, r, formatPhone);
            return ACTIVITY_COLUMNS.map((c) => cells[c]);
          }),
        );
        const { params, format } = input;
        const name = exportFileName(['activity', params.from, params.to, params.type, params.user], format);
        await exportTableFile(table, { name, format, sheetName: t('activityLog.title') }, save.file);
      }),
    },
  });
}

/** The page workflows this area provides (its manifest ./activity-log.workflow.ts; composed in ./page-logic.generated.ts). */
export const pageLogic = (api: AppApi) => ({ activityLog: createActivityLogLogic(api.load) });
