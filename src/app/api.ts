import type { ApiClient } from '@/services/api/client';

/** Lazily loads the app's one API client. */
export type ApiLoader = () => Promise<ApiClient>;

/**
 * The app's API client as the composition root hands it to every workflow: `load` gives the one client (loaded as its
 * own chunk on first use, so zod and the contract schemas stay out of the login page's initial JavaScript), and
 * `watchExpiry` lets the session's `watchExpiry` actor hear E009 from any call.
 */
export interface AppApi {
  readonly load: ApiLoader;
  /** Calls `listener` whenever a call answers E009; returns the unsubscribe function. */
  readonly watchExpiry: (listener: () => void) => () => void;
}

/** One API client per app (the composition root calls this once; tests build their own or fake `load`). */
export function createAppApi(opts: { baseURL: string }): AppApi {
  const listeners = new Set<() => void>();
  let client: Promise<ApiClient> | undefined;
  const load: ApiLoader = () => {
    client ??= import('@/services/api/client').then((m) =>
      m.createApiClient({
        baseURL: opts.baseURL,
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
