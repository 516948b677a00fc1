/**
 * A real websocket server that speaks the E-IMZO module's protocol (protocol doc, "The simulator we ship").
 *
 * Listens on 127.0.0.1:64646 (ws) and optionally 64443 (wss, self-signed) at /service/cryptapi; one request and one
 * reply per socket, then close 1000. Keys are demo keys with real certificates from the local test CA; create_pkcs7
 * returns a real CMS SignedData. The password the module would ask in its own window comes from a script (tests) or
 * from the control page / JSON control API (interactive).
 */
import { randomBytes } from 'node:crypto';
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { type WebSocket, WebSocketServer } from 'ws';
import {
  type DemoKeyMaterial,
  loadOrCreateCa,
  loadOrCreateDemoKeyMaterial,
  loadOrCreateTlsCertificate,
  type TestCa,
} from './ca';
import { createSignedData } from './cms';
import type { PendingSignature } from './control-page';
import { startControlServer } from './control-server';
import { buildAlias, DEMO_KEYS, type DemoKey, demoKeyTin } from './demo-keys';
import { createPasswordQueue } from './password-queue';
import {
  callName,
  fail,
  functionNotFound,
  MAIN_FUNCTIONS,
  ok,
  parseRequest,
  REASON,
  STATUS,
  type WireReply,
  type WireRequest,
} from './protocol';
import {
  type AnswerResult,
  hostForUrl,
  listen,
  type ScriptedOutcome,
  type SimVersion,
  stopListening,
} from './simulator-net';

export type { PendingSignature } from './control-page';
export type { AnswerResult, ScriptedOutcome, SimVersion } from './simulator-net';

/** Options of startSimulator. */
export interface SimulatorOptions {
  /** ws port (default 64646; 0 picks a free one) */
  port?: number;
  /** listen address (default 127.0.0.1, as the real module) */
  host?: string;
  /** reported version (default 6.4.7) */
  version?: SimVersion;
  /** keys the module lists (default DEMO_KEYS) */
  keys?: readonly DemoKey[];
  /** scripted: create_pkcs7 without a scripted outcome signs at once; interactive: it waits for the control page */
  mode?: 'scripted' | 'interactive';
  /** control page / JSON API port (default 64650; 0 picks a free one) */
  controlPort?: number;
  /** where the test CA and key certificates live (default ~/.local/share/b2b-portal/eimzo) */
  dataDir?: string;
  /** hosts always allowed besides localhost and 127.0.0.1 (Origin host names, no port) */
  allowedOrigins?: readonly string[];
  /** valid API keys, domain → key; `apikey` registers a domain only with its key */
  apiKeys?: Readonly<Record<string, string>>;
  /** also listen with TLS (self-signed for 127.0.0.1) */
  wss?: boolean;
  /** wss port (default 64443; 0 picks a free one) */
  wssPort?: number;
  /** how long an unanswered password prompt waits before it counts as cancelled (default 5 minutes) */
  passwordTimeoutMs?: number;
  /** one line per call, without passwords or signed data (default: silent) */
  log?: (line: string) => void;
}

/** A running simulator. */
export interface SimulatorHandle {
  /** ws://host:port/service/cryptapi */
  url: string;
  /** wss URL when `wss` was set */
  wssUrl: string | undefined;
  /** http://host:controlPort/ */
  controlUrl: string;
  port: number;
  controlPort: number;
  /** the test CA the signatures chain to (give caCertPem and tsa to verifyPkcs7) */
  ca: TestCa;
  keys: readonly DemoKey[];
  close(): Promise<void>;
  setVersion(version: SimVersion): void;
  getVersion(): SimVersion;
  /** queues an outcome for the next call named `call` (default 'pkcs7.create_pkcs7'; '*' = any call) */
  script(outcome: ScriptedOutcome, call?: string): void;
  clearScript(): void;
  pending(): PendingSignature[];
  /** resolves with the next request that waits for a password (or the oldest one already waiting) */
  waitForPending(timeoutMs?: number): Promise<PendingSignature>;
  answer(id: string, password: string): AnswerResult;
  cancel(id: string): boolean;
  /** stop or resume listening on the module ports (control port stays up) */
  setRunning(running: boolean): Promise<void>;
  isRunning(): boolean;
  registeredDomains(): string[];
}

const PATH = '/service/cryptapi';
const DEFAULT_VERSION: SimVersion = { major: 6, minor: 4, patch: 7 };
const ALWAYS_ALLOWED = ['localhost', '127.0.0.1'];
const RETRY_BUILD_MAJOR = 6;
const MAX_TRIES = 3;
const PASSWORD_OUTCOMES = new Set(['ok', 'wrongPassword', 'cancel']);

interface LoadedKey {
  key: DemoKey;
  material: DemoKeyMaterial;
}

interface ScriptEntry {
  outcome: ScriptedOutcome;
  call: string;
}

function hex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

function originHost(origin: string | undefined): string | undefined {
  if (!origin || origin === 'null') return undefined;
  try {
    const host = new URL(origin).hostname.toLowerCase();
    return host.replace(/^\[(.*)\]$/, '$1') || undefined;
  } catch {
    return undefined;
  }
}

function isBase64(text: string): boolean {
  return text === '' || /^[A-Za-z0-9+/]+={0,2}$/.test(text.replace(/\s+/g, ''));
}

/** Starts the simulator; resolves once every port listens. */
export async function startSimulator(opts: SimulatorOptions = {}): Promise<SimulatorHandle> {
  const host = opts.host ?? '127.0.0.1';
  const mode = opts.mode ?? 'scripted';
  const keys = opts.keys ?? DEMO_KEYS;
  const passwordTimeoutMs = opts.passwordTimeoutMs ?? 5 * 60_000;
  const log = opts.log ?? (() => {});
  const allowedHosts = new Set([
    ...ALWAYS_ALLOWED,
    ...(opts.allowedOrigins ?? []).map((h) => h.toLowerCase()),
  ]);
  const validApiKeys = new Map(Object.entries(opts.apiKeys ?? {}).map(([d, k]) => [d.toLowerCase(), k]));

  const ca = loadOrCreateCa(opts.dataDir);
  const materials = loadOrCreateDemoKeyMaterial(ca, keys);

  let version: SimVersion = { ...(opts.version ?? DEFAULT_VERSION) };
  let running = true;
  const registered = new Set<string>();
  const loadedKeys = new Map<string, LoadedKey>();
  const queue: ScriptEntry[] = [];
  const sockets = new Set<WebSocket>();

  // ---------------------------------------------------------------- module calls

  function takeScripted(name: string, passwordStep: boolean): ScriptedOutcome | undefined {
    const index = queue.findIndex((entry) => {
      if (entry.call !== '*' && entry.call !== name) return false;
      const isPassword = typeof entry.outcome === 'object' || PASSWORD_OUTCOMES.has(entry.outcome);
      return isPassword === passwordStep;
    });
    if (index < 0) return undefined;
    const [entry] = queue.splice(index, 1);
    return entry?.outcome;
  }

  function sign(loaded: LoadedKey, content: Buffer, detached: boolean): WireReply {
    const created = createSignedData(content, loaded.material, { detached, signingTime: new Date() });
    return ok({
      pkcs7_64: created.der.toString('base64'),
      signer_serial_number: created.serialHex,
      signature_hex: created.signature.toString('hex'),
    });
  }

  /** 6.x builds ask again after a wrong password; older builds fail at once with the Java exception. */
  function asksAgain(): boolean {
    return version.major >= RETRY_BUILD_MAJOR;
  }

  function wrongPasswordReply(): WireReply {
    return asksAgain()
      ? fail(STATUS.passwordCancelled, REASON.passwordCancelled)
      : fail(undefined, REASON.badPadding);
  }

  function cancelledReply(): WireReply {
    return fail(STATUS.passwordCancelled, REASON.passwordCancelled);
  }

  const passwords = createPasswordQueue<LoadedKey>(
    {
      passwordOf: (loaded) => loaded.key.password,
      sign: (loaded, content, detached) => sign(loaded, content, detached),
      asksAgain,
      badPadding: () => fail(undefined, REASON.badPadding),
      cancelled: cancelledReply,
    },
    log,
  );
  const pendingList = () => passwords.list();
  const answer = (id: string, password: string) => passwords.answer(id, password);
  const cancel = (id: string) => passwords.cancel(id);
  const waitForPending = (timeoutMs?: number) => passwords.next(timeoutMs);

  function apikey(req: WireRequest): WireReply {
    const args = req.arguments;
    if (args.length % 2 !== 0) return functionNotFound();
    const domains: string[] = [];
    for (let i = 0; i < args.length; i += 2) {
      const domain = (args[i] ?? '').toLowerCase();
      const key = args[i + 1] ?? '';
      // Local hosts need no real key (the vendor's demo keys for them are public); others must match the table.
      const valid = allowedHosts.has(domain) ? key !== '' : validApiKeys.get(domain) === key && key !== '';
      if (!valid) return fail(STATUS.badApiKey, REASON.badApiKey);
      domains.push(domain);
    }
    for (const d of domains) registered.add(d);
    return ok();
  }

  function originCheck(origin: string | undefined): WireReply | undefined {
    const hostName = originHost(origin);
    if (!hostName) return fail(STATUS.noOrigin, REASON.noOrigin);
    if (!allowedHosts.has(hostName) && !registered.has(hostName)) {
      return fail(STATUS.domainNotAllowed, REASON.domainNotAllowed);
    }
    return undefined;
  }

  function listCertificates(): WireReply {
    return ok({
      certificates: keys.map((k) => ({ disk: k.disk, path: k.path, name: k.file, alias: buildAlias(k) })),
    });
  }

  function loadKey(req: WireRequest): WireReply {
    if (req.arguments.length !== 4) return functionNotFound();
    const [disk, path, name, alias] = req.arguments as [string, string, string, string];
    const key = keys.find((k) => k.disk === disk && k.path === path && k.file === name);
    if (!key) return fail(STATUS.keyFileNotFound, REASON.keyFileNotFound);
    if (buildAlias(key) !== alias.toLowerCase()) return fail(STATUS.aliasNotFound, REASON.aliasNotFound);
    const material = materials.get(key.serialNumber);
    if (!material) return fail(STATUS.keyFileNotFound, REASON.keyFileNotFound);
    const keyId = hex(16);
    loadedKeys.set(keyId, { key, material });
    return ok({ keyId, type: 'PFX_KEY_STORE' });
  }

  function unloadKey(req: WireRequest): WireReply {
    if (req.arguments.length !== 1) return functionNotFound();
    return loadedKeys.delete(req.arguments[0] ?? '') ? ok() : fail(STATUS.keyNotFound, REASON.keyNotFound);
  }

  /** create_pkcs7: resolves with the reply, or 'drop' / 'stop' when the socket must be torn down. */
  function createPkcs7(req: WireRequest, socket: WebSocket): Promise<WireReply | 'drop' | 'stop'> {
    if (req.arguments.length !== 3) return Promise.resolve(functionNotFound());
    const [data, keyId, detachedArg] = req.arguments as [string, string, string];
    const loaded = loadedKeys.get(keyId);
    if (!loaded) return Promise.resolve(fail(STATUS.keyNotFound, REASON.keyNotFound));
    if (!isBase64(data) || (detachedArg !== 'yes' && detachedArg !== 'no')) {
      return Promise.resolve(fail(undefined, REASON.badData));
    }
    const content = Buffer.from(data.replace(/\s+/g, ''), 'base64');
    const detached = detachedArg === 'yes';

    const scripted = takeScripted('pkcs7.create_pkcs7', true);
    if (scripted !== undefined || mode === 'scripted') {
      const outcome = scripted ?? 'ok';
      if (outcome === 'ok') return Promise.resolve(sign(loaded, content, detached));
      if (outcome === 'cancel') return Promise.resolve(cancelledReply());
      if (outcome === 'wrongPassword') return Promise.resolve(wrongPasswordReply());
      if (typeof outcome === 'object') {
        return Promise.resolve(
          outcome.password === loaded.key.password ? sign(loaded, content, detached) : wrongPasswordReply(),
        );
      }
    }

    const id = hex(8);
    const info: PendingSignature = {
      id,
      keyId,
      serialNumber: loaded.key.serialNumber,
      alias: loaded.material.alias,
      cn: loaded.key.cn.toUpperCase(),
      tin: demoKeyTin(loaded.key),
      dataBase64: data,
      dataText: content.toString('utf8'),
      detached,
      createdAt: new Date().toISOString(),
      triesLeft: asksAgain() ? MAX_TRIES : 1,
    };
    return passwords.wait(info, loaded, content, socket, passwordTimeoutMs);
  }

  async function dispatch(req: WireRequest, origin: string | undefined, socket: WebSocket) {
    const name = callName(req);
    const stop = takeScripted(name, false);
    if (stop === 'drop') return 'drop' as const;
    if (stop === 'notRunning') return 'stop' as const;

    if (!req.plugin && (MAIN_FUNCTIONS as readonly string[]).includes(req.name)) {
      switch (req.name) {
        case 'version':
          return ok({
            major: String(version.major),
            minor: String(version.minor),
            patch: String(version.patch),
          });
        case 'apikey':
          return apikey(req);
        case 'apidoc':
          return ok({
            functions: ['pfx.list_all_certificates', 'pfx.load_key', 'pfx.unload_key', 'pkcs7.create_pkcs7'],
          });
      }
    }
    const refused = originCheck(origin);
    if (refused) return refused;
    switch (name) {
      case 'pfx.list_all_certificates':
        return listCertificates();
      case 'pfx.load_key':
        return loadKey(req);
      case 'pfx.unload_key':
        return unloadKey(req);
      case 'pkcs7.create_pkcs7':
        return createPkcs7(req, socket);
      case 'idcard.list_readers':
        return ok({ readers: [] });
      case 'baikey.list_tokens':
        return ok({ tokens: [] });
      case 'ckc.list_ckc':
        return ok({ devices: [] });
      default:
        return functionNotFound();
    }
  }

  function onConnection(socket: WebSocket, request: IncomingMessage) {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.terminate());
    const origin = request.headers.origin;
    let answered = false;
    socket.on('message', (data, isBinary) => {
      // One request per socket: later frames are ignored, as the module closes after its reply.
      if (answered) return;
      answered = true;
      const req = isBinary ? undefined : parseRequest(data.toString());
      const replyPromise = req ? dispatch(req, origin, socket) : Promise.resolve(functionNotFound());
      replyPromise.then(
        async (reply) => {
          const name = req ? callName(req) : '(unreadable)';
          if (reply === 'drop') {
            log(`${name}: connection dropped (scripted)`);
            socket.terminate();
            return;
          }
          if (reply === 'stop') {
            log(`${name}: module stopped (scripted)`);
            socket.terminate();
            await setRunning(false);
            return;
          }
          log(`${name}: ${reply.success ? 'ok' : `failed ${reply.status ?? ''}`}`);
          if (socket.readyState !== socket.OPEN) return;
          socket.send(JSON.stringify(reply));
          socket.close(1000, 'Done');
        },
        () => socket.terminate(),
      );
    });
  }

  // ---------------------------------------------------------------- listeners

  const moduleServer = createHttpServer((_req, res) => {
    res
      .writeHead(426, { 'content-type': 'text/plain; charset=utf-8' })
      .end('E-IMZO simulator: websocket only');
  });
  const wsServer = new WebSocketServer({ server: moduleServer, path: PATH, maxPayload: 16 * 1024 * 1024 });
  wsServer.on('connection', onConnection);
  // ws re-emits the http server's errors; a busy port is reported once, by `listen`, not as an unhandled error
  wsServer.on('error', () => {});
  let tlsServer: Server | undefined;
  let wssServer: WebSocketServer | undefined;
  if (opts.wss) {
    const tls = loadOrCreateTlsCertificate(ca.dataDir);
    tlsServer = createHttpsServer({ cert: tls.certPem, key: tls.keyPem }, (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('E-IMZO simulator (wss)');
    });
    wssServer = new WebSocketServer({ server: tlsServer, path: PATH, maxPayload: 16 * 1024 * 1024 });
    wssServer.on('connection', onConnection);
    wssServer.on('error', () => {});
  }

  let port = await listen(moduleServer, opts.port ?? 64646, host);
  let wssPort = tlsServer ? await listen(tlsServer, opts.wssPort ?? 64443, host) : 0;

  async function setRunning(next: boolean) {
    if (next === running) return;
    running = next;
    if (!next) {
      for (const socket of sockets) socket.terminate();
      await stopListening(moduleServer);
      if (tlsServer) await stopListening(tlsServer);
    } else {
      port = await listen(moduleServer, port, host);
      if (tlsServer) wssPort = await listen(tlsServer, wssPort, host);
    }
    log(`module ${next ? 'running' : 'stopped'}`);
  }

  // ---------------------------------------------------------------- control

  function script(outcome: ScriptedOutcome, call = 'pkcs7.create_pkcs7') {
    const passwordStep = typeof outcome === 'object' || PASSWORD_OUTCOMES.has(outcome);
    if (passwordStep && call !== 'pkcs7.create_pkcs7' && call !== '*') {
      throw new Error(`outcome ${JSON.stringify(outcome)} applies to pkcs7.create_pkcs7 only`);
    }
    queue.push({ outcome, call: passwordStep ? 'pkcs7.create_pkcs7' : call });
  }

  function setVersion(next: SimVersion) {
    version = { ...next };
  }

  const moduleUrl = () => `ws://${hostForUrl(host)}:${port}${PATH}`;
  const wssUrl = () => (tlsServer ? `wss://${hostForUrl(host)}:${wssPort}${PATH}` : undefined);

  const control = await startControlServer(
    {
      snapshot: () => ({
        version,
        mode,
        running,
        url: moduleUrl(),
        wssUrl: wssUrl(),
        registeredDomains: [...registered],
        scripted: queue.map((e) => ({ call: e.call, outcome: e.outcome })),
        keys,
      }),
      pending: pendingList,
      answer,
      cancel,
      setVersion,
      setRunning,
      script: (outcome, call) => {
        script(outcome, call);
        return queue.length;
      },
      clearScript: () => {
        queue.length = 0;
      },
    },
    { host, port: opts.controlPort ?? 64650 },
  );
  const controlPort = control.port;

  async function close() {
    passwords.clear();
    for (const socket of sockets) socket.terminate();
    wsServer.close();
    wssServer?.close();
    await stopListening(moduleServer);
    if (tlsServer) await stopListening(tlsServer);
    await control.close();
  }

  return {
    get url() {
      return moduleUrl();
    },
    get wssUrl() {
      return wssUrl();
    },
    controlUrl: `http://${hostForUrl(host)}:${controlPort}/`,
    get port() {
      return port;
    },
    controlPort,
    ca,
    keys,
    close,
    setVersion,
    getVersion: () => ({ ...version }),
    script,
    clearScript: () => {
      queue.length = 0;
    },
    pending: pendingList,
    waitForPending,
    answer,
    cancel,
    setRunning,
    isRunning: () => running,
    registeredDomains: () => [...registered],
  };
}
