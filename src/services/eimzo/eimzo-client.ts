/**
 * Websocket client of the local E-IMZO signing module (protocol doc "Transport", "Request and reply",
 * "Calls the portal needs"; spec 4 signing flow, spec 7 "Local signing module").
 *
 * Browser code: no Node APIs. Each call opens its own socket, sends one JSON text frame, reads one reply frame; the
 * module then closes with 1000. Every failure rejects with an EimzoFailure.
 */
import { eimzoInstalledVersion, isEimzoVersionSupported } from '@/domain/eimzo.rules';
import { type EimzoKey, parseAlias } from './eimzo-alias';
import { type EimzoError, EimzoFailure, errorFromReply } from './eimzo-errors';

/** Port and path of the module over plain ws (pages served over http). */
export const EIMZO_WS_URL = 'ws://127.0.0.1:64646/service/cryptapi';
/** Port and path of the module over wss (pages served over https). */
export const EIMZO_WSS_URL = 'wss://127.0.0.1:64443/service/cryptapi';

/** The part of a WebSocket instance the client uses (the browser's WebSocket and the `ws` package both fit). */
export interface EimzoSocket {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/** A WebSocket constructor (the browser's `WebSocket`, or `ws`'s in Node tests). */
export type EimzoSocketCtor = new (url: string) => EimzoSocket;

/** Options of createEimzoClient. */
export interface EimzoClientOptions {
  /** module URL; defaults by the page's protocol (wss on https, else ws) */
  url?: string;
  /** WebSocket constructor; defaults to globalThis.WebSocket. Missing → every call fails with noWebsocket. */
  WebSocketImpl?: EimzoSocketCtor | typeof WebSocket;
  /** time-out of a call without user interaction (default 30 s) → connection error */
  timeoutMs?: number;
  /** time-out of create_pkcs7, which waits for the user to type the password (default 10 min) */
  signTimeoutMs?: number;
  /** flat domain,key pairs sent by apikey() */
  apiKeys?: readonly string[];
  /** the portal runs in its mobile version: connection errors pick the mobile text */
  isMobile?: boolean;
}

/** What `version` reports; `installed` is major*100+minor, compared with EIMZO_MIN_VERSION. */
export interface EimzoVersion {
  major: number;
  minor: number;
  /** absent in replies of some builds */
  patch: number | undefined;
  installed: number;
}

/** A created signature, exactly the reply fields of pkcs7.create_pkcs7. */
export interface EimzoSignature {
  /** base64 CMS SignedData, posted as `pcs7` to POST /online-sales/documents/verify (spec 7) */
  pkcs7_64: string;
  signer_serial_number: string;
  signature_hex: string;
}

/** The client's calls, one socket each. */
export interface EimzoClient {
  /** `version`: the module's version */
  version(): Promise<EimzoVersion>;
  /** `apikey`: registers the configured domain/key pairs (needed before plugin calls from a non-local domain) */
  apikey(): Promise<void>;
  /** `pfx.list_all_certificates`, aliases parsed (type pfx) */
  listKeys(): Promise<EimzoKey[]>;
  /** `pfx.load_key`: returns the keyId; no password is asked here */
  loadKey(key: Pick<EimzoKey, 'disk' | 'path' | 'name' | 'alias'>): Promise<string>;
  /**
   * `pkcs7.create_pkcs7`: the module asks the password in its own window during this call. Aborting `signal` closes
   * the socket (the module then drops the request) and rejects with `cancelled`.
   */
  sign(keyId: string, base64Data: string, detached?: boolean, signal?: AbortSignal): Promise<EimzoSignature>;
  /** `pfx.unload_key` */
  unloadKey(keyId: string): Promise<void>;
}

/** A request frame: `plugin` is omitted for the main functions (version, apikey, apidoc). */
interface EimzoRequest {
  plugin?: string;
  name: string;
  arguments?: string[];
}

type Reply = Record<string, unknown>;

const NORMAL_CLOSE = 1000;
/** WebSocket.OPEN, spelled out because the constructor may be a stand-in without static constants. */
const OPEN = 1;
const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_SIGN_TIMEOUT_MS = 600_000;

/** The module URL for a page served with `protocol` (e.g. location.protocol). */
export function defaultEimzoUrl(protocol: string | undefined): string {
  return protocol === 'https:' ? EIMZO_WSS_URL : EIMZO_WS_URL;
}

/** The oldVersion error for a module below 4.40 (spec 7 / 9), undefined when the version is supported. */
export function unsupportedVersion(v: Pick<EimzoVersion, 'installed'>): EimzoError | undefined {
  return isEimzoVersionSupported(v.installed) ? undefined : { kind: 'oldVersion', installed: v.installed };
}

/** Base64 of a text's UTF-8 bytes: what create_pkcs7 expects as data. */
export function encodeBase64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function pageProtocol(): string | undefined {
  return (globalThis as { location?: { protocol?: string } }).location?.protocol;
}

function str(reply: Reply, field: string): string | undefined {
  const v = reply[field];
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
}

function requireStr(reply: Reply, field: string): string {
  const v = str(reply, field);
  if (v === undefined) throw new EimzoFailure({ kind: 'generic', reason: `reply without ${field}` });
  return v;
}

function toInt(text: string | undefined): number | undefined {
  if (text === undefined || !/^\s*-?\d+\s*$/.test(text)) return undefined;
  return Number.parseInt(text, 10);
}

/** Creates a client. Nothing is opened until a method is called. */
export function createEimzoClient(opts: EimzoClientOptions = {}): EimzoClient {
  const mobile = opts.isMobile ?? false;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const signTimeoutMs = opts.signTimeoutMs ?? DEFAULT_SIGN_TIMEOUT_MS;

  function call(request: EimzoRequest, ms = timeoutMs, signal?: AbortSignal): Promise<Reply> {
    const Impl = (opts.WebSocketImpl ?? (globalThis as { WebSocket?: EimzoSocketCtor }).WebSocket) as
      | EimzoSocketCtor
      | undefined;
    if (typeof Impl !== 'function') return Promise.reject(new EimzoFailure({ kind: 'noWebsocket' }));
    const url = opts.url ?? defaultEimzoUrl(pageProtocol());

    return new Promise<Reply>((resolve, reject) => {
      let settled = false;
      let socket: EimzoSocket | undefined;
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        outcome();
      };
      const connectionError = () => reject(new EimzoFailure({ kind: 'connection', mobile }));
      // U20: the caller gave up (Escape, Cancel, the dialog closed): close the socket, so the module drops the
      // request and closes its password window, instead of waiting for a password nobody will type
      const onAbort = () => {
        finish(() => reject(new EimzoFailure({ kind: 'cancelled' })));
        try {
          socket?.close(NORMAL_CLOSE);
        } catch {
          // not open yet: the constructor's socket is closed below as soon as it exists
        }
      };
      if (signal?.aborted) {
        onAbort();
        return;
      }
      signal?.addEventListener('abort', onAbort, { once: true });
      const timer = setTimeout(() => {
        finish(connectionError);
        try {
          socket?.close();
        } catch {
          // the socket may not be open yet; nothing to release
        }
      }, ms);

      let ws: EimzoSocket;
      try {
        ws = new Impl(url);
      } catch {
        // A malformed URL or a blocked port throws synchronously in browsers.
        finish(connectionError);
        return;
      }
      socket = ws;
      ws.onopen = () => {
        if (settled) {
          ws.close(NORMAL_CLOSE);
          return;
        }
        try {
          ws.send(JSON.stringify(request));
        } catch {
          finish(connectionError);
        }
      };
      ws.onmessage = (event) => {
        finish(() => {
          // The module closes after its one reply; closing here too releases builds that leave it open.
          if (ws.readyState === OPEN) ws.close(NORMAL_CLOSE);
          let reply: unknown;
          try {
            reply = typeof event.data === 'string' ? JSON.parse(event.data) : undefined;
          } catch {
            reply = undefined;
          }
          if (typeof reply !== 'object' || reply === null || Array.isArray(reply)) {
            reject(new EimzoFailure({ kind: 'generic', reason: 'unreadable reply' }));
            return;
          }
          resolve(reply as Reply);
        });
      };
      // Browsers fire `error` and then `close`; `close` decides, so `error` alone does nothing.
      ws.onerror = () => {};
      // Any close before a reply is a connection error (1006 when nothing listens; even 1000 without a frame).
      ws.onclose = () => finish(connectionError);
    });
  }

  /** Sends a request and returns the reply when `success` is true; `status` is optional (some builds omit it). */
  async function invoke(request: EimzoRequest, ms?: number, signal?: AbortSignal): Promise<Reply> {
    const reply = await call(request, ms, signal);
    if (reply.success === true) return reply;
    const status = toInt(str(reply, 'status'));
    throw new EimzoFailure(errorFromReply(status, str(reply, 'reason')));
  }

  return {
    async version() {
      const reply = await invoke({ name: 'version' });
      const major = toInt(str(reply, 'major'));
      const minor = toInt(str(reply, 'minor'));
      if (major === undefined || minor === undefined) {
        throw new EimzoFailure({ kind: 'generic', reason: 'version without major/minor' });
      }
      return {
        major,
        minor,
        patch: toInt(str(reply, 'patch')),
        installed: eimzoInstalledVersion(major, minor),
      };
    },

    async apikey() {
      await invoke({ name: 'apikey', arguments: [...(opts.apiKeys ?? [])] });
    },

    async listKeys() {
      const reply = await invoke({ plugin: 'pfx', name: 'list_all_certificates' });
      const list = Array.isArray(reply.certificates) ? (reply.certificates as unknown[]) : [];
      const keys: EimzoKey[] = [];
      for (const item of list) {
        if (typeof item !== 'object' || item === null) continue;
        const entry = item as Reply;
        const alias = str(entry, 'alias');
        if (alias === undefined) continue;
        keys.push({
          ...parseAlias(alias),
          type: 'pfx',
          alias,
          disk: str(entry, 'disk') ?? '',
          path: str(entry, 'path') ?? '',
          name: str(entry, 'name') ?? '',
        });
      }
      return keys;
    },

    async loadKey(key) {
      const reply = await invoke({
        plugin: 'pfx',
        name: 'load_key',
        arguments: [key.disk, key.path, key.name, key.alias],
      });
      return requireStr(reply, 'keyId');
    },

    async sign(keyId, base64Data, detached = false, signal) {
      const reply = await invoke(
        { plugin: 'pkcs7', name: 'create_pkcs7', arguments: [base64Data, keyId, detached ? 'yes' : 'no'] },
        signTimeoutMs,
        signal,
      );
      return {
        pkcs7_64: requireStr(reply, 'pkcs7_64'),
        signer_serial_number: str(reply, 'signer_serial_number') ?? '',
        signature_hex: str(reply, 'signature_hex') ?? '',
      };
    },

    async unloadKey(keyId) {
      await invoke({ plugin: 'pfx', name: 'unload_key', arguments: [keyId] });
    },
  };
}
