import type { AnyEventObject } from 'xstate';
import type { ActivityLogEvent, ActivityPage, ActivityRow } from '@/machines/activity-log.machine';
import { ApiFailure } from '@/services/api/api-error';
import { payloadsFor } from '../support/model-universe';

/**
 * Realistic events and actor results of the company's activity log (docs/decisions.md AL1-AL6): the URL's filters as
 * the router reports them — November, one day filtered by an action and a user on page 2, a reversed range, a
 * range of a year and a day, an unknown action, a login with a space (each a refusal), exactly a year; a page of
 * entries (a curator's signed block that partly failed, a staff user's impersonation as a client sees it, the
 * server's timer), an empty filter, a refusal (E005) and a network failure; an export done or failed.
 */

export const activityRows: ActivityRow[] = [
  {
    id: 310,
    at: '2026-11-27T19:30:00.000Z',
    action: 'block',
    actor: { login: 'kurator01', role: 'R004', staff: false },
    impersonated: false,
    targets: [
      { kind: 'number', id: '901234501' },
      { kind: 'number', id: '901234577' },
    ],
    result: 'partial',
    failed: ['901234577'],
    keySerial: '7A2F 19C3',
    requestId: 'req-8f1c2a',
  },
  {
    id: 305,
    at: '2026-11-20T06:05:00.000Z',
    action: 'impersonation.start',
    actor: { login: null, role: 'R002', staff: true },
    impersonated: true,
    targets: [{ kind: 'account', id: '100200300' }],
    result: 'ok',
    failed: [],
    keySerial: null,
    requestId: 'req-77aa01',
  },
  {
    id: 300,
    at: '2026-11-19T19:00:00.000Z',
    action: 'plan.apply',
    actor: { login: null, role: null, staff: false },
    impersonated: false,
    targets: [{ kind: 'plan', id: '12' }],
    result: 'failed',
    failed: ['12'],
    keySerial: null,
    requestId: null,
  },
];

export const activityPage: ActivityPage = { rows: activityRows, total: 43, pages: 3 };
export const noActivity: ActivityPage = { rows: [], total: 0, pages: 0 };
export const oneEntry: ActivityPage = { rows: activityRows.slice(0, 1), total: 1, pages: 1 };

/** The first range a walk's page reads from its URL (`/profile/activity?from=…&to=…`). */
export const NOVEMBER = { from: '2026-11-01', to: '2026-11-30', type: '', user: '', page: 1 } as const;

const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, error: unknown): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error });

export const activityLogPayloads = payloadsFor<ActivityLogEvent>({
  'params.changed': [
    { type: 'params.changed', params: NOVEMBER },
    {
      type: 'params.changed',
      params: { from: '2026-11-27', to: '2026-11-27', type: 'block', user: 'kurator01', page: 2 },
    },
    // reversed, and a year and a day (2025-11-30 … 2026-11-30 is 366 days: allowed; one more is not)
    { type: 'params.changed', params: { ...NOVEMBER, from: '2026-12-01' } },
    { type: 'params.changed', params: { ...NOVEMBER, from: '2025-11-29' } },
    { type: 'params.changed', params: { ...NOVEMBER, from: '2025-11-30' } },
    { type: 'params.changed', params: { ...NOVEMBER, type: 'delete.everything' } },
    { type: 'params.changed', params: { ...NOVEMBER, user: 'kurator 01' } },
  ],
  retry: [{ type: 'retry' }],
  'export.start': [
    { type: 'export.start', format: 'csv' },
    { type: 'export.start', format: 'xlsx' },
  ],
  'export.dismiss': [{ type: 'export.dismiss' }],
  'xstate.done.actor.fetchActivity': [
    done('fetchActivity', activityPage),
    done('fetchActivity', noActivity),
    done('fetchActivity', oneEntry),
  ],
  'xstate.error.actor.fetchActivity': [
    fail('fetchActivity', new ApiFailure({ kind: 'server', code: 'E005' })),
    fail('fetchActivity', new ApiFailure({ kind: 'network' })),
  ],
  'xstate.done.actor.exportActivity': [done('exportActivity', undefined)],
  'xstate.error.actor.exportActivity': [fail('exportActivity', new ApiFailure({ kind: 'network' }))],
});

export const activityLogModelEntry = { id: 'activityLog', payloads: activityLogPayloads } as const;
