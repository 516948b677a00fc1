/**
 * The reporter chunk (docs/decisions.md OBS9), loaded on a page's first failure: sends `report.clientError` with the
 * kind, the request id it failed on, the route pattern (never the address: `/ru/orders/12?q=…` is reported as
 * `/:lang/orders/:id`) and a safe one-line message. Its own API client carries only this call's definition, and has
 * no contract-break listener: a report that fails is dropped, never reported.
 */

import { appConfig } from '@/config';
import { REQUEST_ID_PATTERN, type SeenFailure, safeErrorMessage } from '@/domain/client-errors.rules';
import { pagePatternOf } from '@/domain/page-patterns.rules';
import { createApiClient } from '@/services/api/client';
import { clientErrorEndpoints } from '@/services/contract/client-errors.contract';

/** `Name: message` of an Error, the text of anything else (an object's contents are never sent). */
export function describeFailure(reason: unknown): string {
  if (reason instanceof Error) return `${reason.name}: ${reason.message}`;
  if (typeof reason === 'string') return reason;
  return Object.prototype.toString.call(reason);
}

/** The report's body for a failure seen at `pathname`. */
export function reportBody(failure: SeenFailure, pathname: string) {
  const requestId =
    failure.requestId !== undefined && REQUEST_ID_PATTERN.test(failure.requestId)
      ? failure.requestId
      : undefined;
  return {
    kind: failure.kind,
    ...(requestId === undefined ? {} : { requestId }),
    route: failure.route ?? pagePatternOf(pathname) ?? 'unknown',
    message: safeErrorMessage(describeFailure(failure.reason)),
  };
}

export async function sendReport(
  failure: SeenFailure,
  opts: { fetch?: typeof fetch; pathname?: string } = {},
): Promise<void> {
  const client = createApiClient({
    baseURL: appConfig.apiBase,
    atHand: clientErrorEndpoints,
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
  });
  await client.call('report.clientError', {
    body: reportBody(failure, opts.pathname ?? window.location.pathname),
  });
}
