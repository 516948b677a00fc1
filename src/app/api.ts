import { type ApiClient, createApiClient } from '@/services/api/client';
import { appConfig } from './config';

/** Lazily loads the app's one API client. */
export type ApiLoader = () => Promise<ApiClient>;

let expiredListener: () => void = () => {};
let client: Promise<ApiClient> | undefined;

/**
 * The app's single API client. It is part of the app's first scripts, not a chunk loaded on first use: the session
 * check is the first thing the app does, so a lazy client only made the page wait for one more round trip. Every
 * area's actors share it, so E009 from any call reaches the session through one listener.
 */
export const appApi: ApiLoader = () => {
  client ??= Promise.resolve(
    createApiClient({ baseURL: appConfig.apiBase, onSessionExpired: () => expiredListener() }),
  );
  return client;
};

/** Connects the API client's E009 signal to the session actor (the composition root does this once). */
export function onApiSessionExpired(listener: () => void): void {
  expiredListener = listener;
}
