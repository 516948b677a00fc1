import type { ChartOracle } from '../../support/oracle';
import { codeOf, done, failed } from './oracle-helpers';

/**
 * Expected behaviour of the impersonation chart: spec 4 "Virtual login as a managed account: search, choose and
 * back set and clear a back-to-head-account flag", spec 6 "Administration users can search and impersonate a
 * subscriber profile, with a way back to the head BAN", decisions A5-A7.
 */
const S4 = 'spec 4 Virtual login';

export const impersonationOracle: ChartOracle = {
  id: 'impersonation',
  initial: { to: 'direct' },
  // A5: staff start as themselves
  context: () => ({ client: null, pending: null, errorCode: null }),
  invokes: {
    // A5: POST user/impersonate with the chosen subscriber
    starting: { startImpersonation: (c) => c.pending },
    returning: { backToHead: () => undefined },
  },
  rows: [
    {
      from: ['direct', 'viewing'],
      event: 'impersonation.choose',
      to: 'starting',
      ctx: (_, ev) => ({ pending: ev.target, errorCode: null }),
      spec: `${S4} choose; A5 choosing again while viewing switches client`,
    },
    {
      from: 'direct',
      event: 'session.synced',
      when: (_, ev) => ev.client !== null,
      to: 'viewing',
      ctx: (_, ev) => ({ client: ev.client }),
      spec: "A5 the flag is the server's: a reload shows the banner without a call",
    },
    {
      from: 'starting',
      event: done('startImpersonation'),
      to: 'viewing',
      ctx: (_, ev) => ({ client: ev.output, pending: null, errorCode: null }),
      effects: () => [{ type: 'refreshSession' }],
      emits: (_, ev) => [{ type: 'impersonation.started', client: ev.output }],
      spec: `${S4}; A6 after choosing the app goes to the client's profile; AR2 impersonation tells the session to refresh`,
    },
    {
      from: 'starting',
      event: failed('startImpersonation'),
      to: 'failed',
      ctx: (_, ev) => ({ errorCode: codeOf(ev), pending: null }),
      spec: "A6 a failed switch keeps the previous account; spec 8 'Ошибка!'",
    },
    { from: 'viewing', event: 'impersonation.back', to: 'returning', spec: `${S4} back` },
    {
      from: 'viewing',
      event: 'session.synced',
      when: (_, ev) => ev.client !== null,
      to: '.',
      ctx: (_, ev) => ({ client: ev.client }),
      spec: 'A5 the session user is the one source of the flag',
    },
    {
      from: 'viewing',
      event: 'session.synced',
      to: 'direct',
      ctx: () => ({ client: null, pending: null, errorCode: null }),
      spec: 'A5 logout, a new login and expiry clear the flag',
    },
    {
      from: 'returning',
      event: done('backToHead'),
      to: 'direct',
      ctx: () => ({ client: null, pending: null, errorCode: null }),
      effects: () => [{ type: 'refreshSession' }],
      emits: () => [{ type: 'impersonation.ended' }],
      spec: `${S4} back clears the flag; A6 then administration search; AR2 impersonation tells the session to refresh`,
    },
    {
      from: 'returning',
      event: failed('backToHead'),
      to: 'failed',
      ctx: (_, ev) => ({ errorCode: codeOf(ev) }),
      spec: "A6; spec 8 'Ошибка!'",
    },
    {
      from: 'failed',
      event: 'error.dismiss',
      when: (c) => c.client !== null,
      to: 'viewing',
      ctx: () => ({ errorCode: null }),
      spec: 'A6 the client being viewed stays',
    },
    {
      from: 'failed',
      event: 'error.dismiss',
      to: 'direct',
      ctx: () => ({ errorCode: null }),
      spec: "A6 the user's own account stays",
    },
  ],
};
