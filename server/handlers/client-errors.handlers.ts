import { type ClientErrorSink, createClientErrorSink } from '../client-errors';
import type { Handlers, Services } from '../handler';

/** One sink (and so one rate limit) per backend instance. */
const sinks = new WeakMap<Services, ClientErrorSink>();

function sinkOf(svc: Services): ClientErrorSink {
  let sink = sinks.get(svc);
  if (!sink) {
    sink = createClientErrorSink({ logger: svc.logger, metrics: svc.metrics, now: () => svc.clock.now() });
    sinks.set(svc, sink);
  }
  return sink;
}

/** The browsers' failure reports (docs/decisions.md OBS9): public, CSRF header, body checked by the contract. */
export const clientErrorHandlers: Handlers = {
  'report.clientError': ({ input, svc, ip }) => ({ counted: sinkOf(svc).report(input.body, ip) }),
};
