import { assign, emit, setup } from 'xstate';
import { SYSTEM_IDS, tellSystem } from './actor-system';
import { failTo } from './call-fragment';
import { errorCodeOf, unprovided } from './error-code';
import type { SubscriberTarget } from './search-box.machine';
import type { StateMeta } from './state-meta';

/**
 * The client whose account is shown while an administration user impersonates it, and who is acting: what the banner
 * says ("whose account is shown and by whom"). Built from the server's user reply (`ban`, `profile`, `user_name`).
 */
export interface ViewedClient {
  readonly ban: string | null;
  readonly sn: string | null;
  /** company name of the account, when known */
  readonly name: string | null;
  /** login of the administration user acting as the client */
  readonly actor: string;
}

export interface ImpersonationContext {
  /** the client being viewed; null while the user works as themself */
  readonly client: ViewedClient | null;
  /** the subscriber chosen in the search box, while the switch runs */
  readonly pending: SubscriberTarget | null;
  readonly errorCode: string | null;
}

/**
 * Events of the impersonation chart.
 * - `impersonation.choose`: user intent from the search box, view this subscriber as the client.
 * - `impersonation.back`: user intent from the banner, return to the head account.
 * - `session.synced`: fact from the session chart (through the actor system), the server's user says whom the session
 *   is viewing (`backToHeadBan` set → that client; cleared → null). Sent whenever the session's user or profile
 *   changes: page load, refresh, logout, expiry.
 * - `error.dismiss`: user intent, close the 'Ошибка!' dialog of a failed switch.
 */
export type ImpersonationEvent =
  | { type: 'impersonation.choose'; target: SubscriberTarget }
  | { type: 'impersonation.back' }
  | { type: 'session.synced'; client: ViewedClient | null }
  | { type: 'error.dismiss' };

/**
 * What the chart tells the app (the router glue in src/app/workflow-glue.tsx navigates):
 * - `impersonation.started`: the client's account is now shown (go to its profile);
 * - `impersonation.ended`: back on the head account (go to the administration search).
 */
export type ImpersonationEmitted =
  | { type: 'impersonation.started'; client: ViewedClient }
  | { type: 'impersonation.ended' };

/**
 * Virtual login as a managed account (spec 4 "search, choose and back set and clear a back-to-head-account flag";
 * spec 6 "Administration users can search and impersonate a subscriber profile, with a way back to the head BAN").
 * Choosing sets the server's flag (POST user/impersonate), going back clears it (POST user/back-to-head); both then
 * tell the session to refresh (through the actor system), whose user is the one source of the flag.
 */
export const impersonationMachine = setup({
  types: {
    context: {} as ImpersonationContext,
    events: {} as ImpersonationEvent,
    emitted: {} as ImpersonationEmitted,
    meta: {} as StateMeta,
  },
  actors: {
    /** POST user/impersonate {ban|sn}: the client now shown. */
    startImpersonation: unprovided<ViewedClient, SubscriberTarget>('startImpersonation'),
    /** POST user/back-to-head. */
    backToHead: unprovided<void>('backToHead'),
  },
  guards: {
    hasSyncedClient: (_, params: { client: ViewedClient | null }) => params.client !== null,
    hasClient: ({ context }) => context.client !== null,
  },
  actions: {
    assignPending: assign((_, params: { target: SubscriberTarget }) => ({
      pending: params.target,
      errorCode: null,
    })),
    assignClient: assign((_, params: { client: ViewedClient | null }) => ({
      client: params.client,
      pending: null,
      errorCode: null,
    })),
    clearClient: assign({ client: null, pending: null, errorCode: null }),
    assignError: assign((_, params: { error: unknown }) => ({
      errorCode: errorCodeOf(params.error),
      pending: null,
    })),
    clearError: assign({ errorCode: null }),
    emitStarted: emit((_, params: { client: ViewedClient }) => ({
      type: 'impersonation.started' as const,
      client: params.client,
    })),
    emitEnded: emit({ type: 'impersonation.ended' as const }),
    /** The server's user changed: the session re-reads it (and the profile in view). */
    refreshSession: tellSystem(SYSTEM_IDS.session, { type: 'session.refresh' }),
  },
}).createMachine({
  id: 'impersonation',
  description:
    'Viewing a subscriber as the client: choose in the search box, the banner while viewing, back to the head BAN.',
  context: { client: null, pending: null, errorCode: null },
  initial: 'direct',
  states: {
    direct: {
      description: 'The user works as themself (back-to-head flag cleared); no banner.',
      meta: { view: 'no banner', testId: 'impersonation' },
      on: {
        'impersonation.choose': {
          target: 'starting',
          actions: { type: 'assignPending', params: ({ event }) => ({ target: event.target }) },
        },
        'session.synced': {
          guard: { type: 'hasSyncedClient', params: ({ event }) => ({ client: event.client }) },
          target: 'viewing',
          actions: { type: 'assignClient', params: ({ event }) => ({ client: event.client }) },
        },
      },
    },
    starting: {
      description:
        'Asks the server to show the chosen subscriber (POST user/impersonate), then tells the session to refresh.',
      meta: { view: 'loading overlay', testId: 'loading-overlay' },
      tags: ['busy'],
      invoke: {
        id: 'startImpersonation',
        src: 'startImpersonation',
        input: ({ context }) => context.pending ?? { kind: 'ban', value: '' },
        onDone: {
          target: 'viewing',
          actions: [
            { type: 'assignClient', params: ({ event }) => ({ client: event.output }) },
            'refreshSession',
            { type: 'emitStarted', params: ({ event }) => ({ client: event.output }) },
          ],
        },
        onError: failTo('failed'),
      },
    },
    viewing: {
      description:
        'The client account is shown (back-to-head flag set): the banner says whose account and by whom, with the way back.',
      meta: {
        view: 'banner: whose account is shown, by whom, and the back button',
        testId: 'impersonation-banner',
      },
      on: {
        'impersonation.back': { target: 'returning' },
        'impersonation.choose': {
          target: 'starting',
          actions: { type: 'assignPending', params: ({ event }) => ({ target: event.target }) },
        },
        'session.synced': [
          {
            guard: { type: 'hasSyncedClient', params: ({ event }) => ({ client: event.client }) },
            actions: { type: 'assignClient', params: ({ event }) => ({ client: event.client }) },
          },
          { target: 'direct', actions: 'clearClient' },
        ],
      },
    },
    returning: {
      description: 'Returns to the head account (POST user/back-to-head), then tells the session to refresh.',
      meta: { view: 'banner with the back button busy, loading overlay', testId: 'impersonation-back' },
      tags: ['busy'],
      invoke: {
        id: 'backToHead',
        src: 'backToHead',
        onDone: { target: 'direct', actions: ['clearClient', 'refreshSession', 'emitEnded'] },
        onError: failTo('failed'),
      },
    },
    failed: {
      description:
        "Choosing or going back failed: the 'Ошибка!' dialog shows the text; the previous account stays.",
      meta: { view: "'Ошибка!' dialog with the error text", testId: 'impersonation-failed' },
      tags: ['error'],
      on: {
        'error.dismiss': [
          { guard: 'hasClient', target: 'viewing', actions: 'clearError' },
          { target: 'direct', actions: 'clearError' },
        ],
      },
    },
  },
});

export type ImpersonationMachine = typeof impersonationMachine;
