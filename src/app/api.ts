import type { ApiClient } from '@/services/api/client';
import { appConfig } from './config';

/** Lazily loads the app's one API client. */
export type ApiLoader = () => Promise<ApiClient>;

let expiredListener: () => void = () => {};
let client: Promise<ApiClient> | undefined;

/**
 * The app's single API client, loaded as its own chunk on first use (zod and the contract schemas stay out of the
 * login page's initial JavaScript; the session check starts the download at once). Every area's actors share it, so
 * E009 from any call reaches the session through one listener.
 */
export const appApi: ApiLoader = () => {
  client ??= import('@/services/api/client').then((m) =>
    m.createApiClient({ baseURL: appConfig.apiBase, onSessionExpired: () => expiredListener() }),
  );
  return client;
};

/** Connects the API client's E009 signal to the session actor (the composition root does this once). */
export function onApiSessionExpired(listener: () => void): void {
  expiredListener = listener;
}
