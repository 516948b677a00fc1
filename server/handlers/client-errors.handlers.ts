import type { Handlers } from '../handler';

/** The browsers' failure reports (docs/decisions.md OBS9): public, CSRF header, body checked by the contract. */
export const clientErrorHandlers: Handlers = {
  'report.clientError': ({ input, svc, ip }) => ({ counted: svc.clientErrors.report(input.body, ip) }),
};
