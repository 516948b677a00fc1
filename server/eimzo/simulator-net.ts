/**
 * What the simulator's parts share: the module's version and scripted outcomes, the result of answering a password
 * request, and listening helpers (a busy port rejects instead of throwing an unhandled error).
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The version the simulated module reports. */
export interface SimVersion {
  major: number;
  minor: number;
  patch: number;
}

/**
 * What happens at the next matching call.
 * - `ok`: the user types the right password (create_pkcs7 only)
 * - `{ password }`: the user types this password (create_pkcs7 only)
 * - `wrongPassword`: builds before 6.0 answer BadPaddingException; 6.x asks 3 times, then -5000
 * - `cancel`: the user closes the password window: -5000 'Ввод пароля отменен'
 * - `drop`: the socket is torn down without a close frame (the client sees 1006)
 * - `notRunning`: the module quits: the socket is torn down and the port stops listening
 */
export type ScriptedOutcome =
  | 'ok'
  | 'wrongPassword'
  | 'cancel'
  | 'drop'
  | 'notRunning'
  | { password: string };

/** Result of answering a pending request. */
export interface AnswerResult {
  outcome: 'signed' | 'wrongPassword' | 'cancelled' | 'unknownRequest';
  /** attempts left when the build asks again */
  triesLeft?: number;
}

/** Largest control request body accepted. */
export const MAX_BODY = 64 * 1024;

export function versionText(v: SimVersion): string {
  return `${v.major}.${v.minor}.${v.patch}`;
}

export function parseVersionText(text: string): SimVersion | undefined {
  const m = /^\s*(\d{1,3})\.(\d{1,3})(?:\.(\d{1,3}))?\s*$/.exec(text);
  if (!m) return undefined;
  return { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3] ?? 0) };
}

export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (e: Error) => reject(e);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export function stopListening(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}
