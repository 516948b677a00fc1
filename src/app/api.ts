import { type ApiClient, type ApiClientOptions, createApiClient } from '@/services/api/client';

/** Lazily loads the app's one API client. */
export type ApiLoader = () => Promise<ApiClient>;

/**
 * The app's API client as the composition root hands it to every workflow: `load` gives the one client, and
 * `watchExpiry` lets the session's `watchExpiry` actor hear E009 from any call. The client is part of the first
 * scripts, not a chunk loaded on first use: the session check is the first thing the app does, so a lazy client only
 * made the login page wait for one more round trip (the full endpoint table still loads on the first other call).
 */
export interface AppApi {
  readonly load: ApiLoader;
  /** Calls `listener` whenever a call answers E009; returns the unsubscribe function. */
  readonly watchExpiry: (listener: () => void) => () => void;
}

/** One API client per app (the composition root calls this once; tests build their own or fake `load`). */
export function createAppApi(opts: {
  baseURL: string;
  atHand?: ApiClientOptions['atHand'];
  /** a reply that broke the contract (the production roots report it: src/app/error-watch.ts) */
  onContractBreak?: ApiClientOptions['onContractBreak'];
}): AppApi {
  const listeners = new Set<() => void>();
  let client: Promise<ApiClient> | undefined;
  const load: ApiLoader = () => {
    client ??= Promise.resolve(
      createApiClient({
        baseURL: opts.baseURL,
        ...(opts.atHand ? { atHand: opts.atHand } : {}),
        ...(opts.onContractBreak ? { onContractBreak: opts.onContractBreak } : {}),
        onSessionExpired: () => {
          for (const listener of [...listeners]) listener();
        },
      }),
    );
    return client;
  };
  return {
    load,
    watchExpiry: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** An `AppApi` over a given loader whose client never reports E009 by itself (tests, scripts). */
export function appApiOf(load: ApiLoader): AppApi {
  return { load, watchExpiry: () => () => undefined };
}
