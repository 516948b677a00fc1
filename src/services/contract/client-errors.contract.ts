import { z } from 'zod/mini';
import {
  CLIENT_ERROR_KINDS,
  CLIENT_ERROR_MESSAGE_MAX,
  CLIENT_ERROR_ROUTE_PATTERN,
  REQUEST_ID_PATTERN,
} from '@/domain/client-errors.rules';
import { defineEndpoint } from './endpoint';

/**
 * A browser's report of a failure it saw (docs/decisions.md OBS9), on zod/mini: the SPA's reporter is a chunk of its
 * own, loaded on the first failure, and carries this slice instead of the whole endpoint table. A field the schema
 * does not name is dropped by the parse, so nothing else rides along into the log.
 */
export const clientErrorBody = z.object({
  kind: z.enum(CLIENT_ERROR_KINDS),
  /** the `X-Request-Id` of the reply it failed on, when there was one */
  requestId: z.optional(z.string().check(z.regex(REQUEST_ID_PATTERN))),
  /** the page's route pattern (`/:lang/orders/:id`) or, for a contract break, the call's name */
  route: z.string().check(z.regex(CLIENT_ERROR_ROUTE_PATTERN)),
  /** `safeErrorMessage` of the failure: one line, no query, no digits runs, no quoted input */
  message: z.string().check(z.maxLength(CLIENT_ERROR_MESSAGE_MAX)),
});
export type ClientErrorReport = z.infer<typeof clientErrorBody>;

/** Whether the report was counted and logged (false past the per-address rate limit: dropped quietly). */
export const clientErrorResult = z.looseObject({ counted: z.boolean() });

export const clientErrorEndpoints = {
  'report.clientError': defineEndpoint({
    method: 'POST',
    path: 'client-errors',
    body: clientErrorBody,
    result: clientErrorResult,
    auth: 'public',
    summary:
      'a browser reports an uncaught error or a contract break (kind, request id, route pattern, short message; rate-limited per address; OBS9)',
  }),
} as const;
