/**
 * A real websocket server that speaks the E-IMZO module's protocol (protocol doc, "The simulator we ship").
 *
 * Listens on 127.0.0.1:64646 (ws) and optionally 64443 (wss, self-signed) at /service/cryptapi; one request and one
 * reply per socket, then close 1000. Keys are demo keys with real certificates from the local test CA; create_pkcs7
 * returns a real CMS SignedData. The password the module would ask in its own window comes from a script (tests) or
 * from the control page / JSON control API (interactive).
 */
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';
import {
  type DemoKeyMaterial,
  loadOrCreateCa,
  loadOrCreateDemoKeyMaterial,
  loadOrCreateTlsCertificate,
  type TestCa,
} from './ca';
import { createSignedData } from './cms';
import { CONTROL_PAGE_CSS, type PendingSignature, renderControlPage } from './control-page';
import { buildAlias, DEMO_KEYS, type DemoKey, demoKeyTin } from './demo-keys';
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

export type { PendingSignature } from './control-page';

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

/** Result of answering a pending request. */
export interface AnswerResult {
  outcome: 'signed' | 'wrongPassword' | 'cancelled' | 'unknownRequest';
  /** attempts left when the build asks again */
  triesLeft?: number;
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
const MAX_BODY = 64 * 1024;
const PASSWORD_OUTCOMES = new Set(['ok', 'wrongPassword', 'cancel']);

interface LoadedKey {
  key: DemoKey;
  material: DemoKeyMaterial;
}

interface PendingEntry {
  info: PendingSignature;
  loaded: LoadedKey;
  content: Buffer;
  finish: (reply: WireReply) => void;
  timer: NodeJS.Timeout;
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

function versionText(v: SimVersion): string {
  return `${v.major}.${v.minor}.${v.patch}`;
}

function parseVersionText(text: string): SimVersion | undefined {
  const m = /^\s*(\d{1,3})\.(\d{1,3})(?:\.(\d{1,3}))?\s*$/.exec(text);
  if (!m) return undefined;
  return { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3] ?? 0) };
}

function isBase64(text: string): boolean {
  return text === '' || /^[A-Za-z0-9+/]+={0,2}$/.test(text.replace(/\s+/g, ''));
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (e: Error) => reject(e);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function stopListening(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
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
  const pendings = new Map<string, PendingEntry>();
  const events = new EventEmitter();
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

    return new Promise((resolve) => {
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
      const finish = (reply: WireReply) => {
        const entry = pendings.get(id);
        if (!entry) return;
        clearTimeout(entry.timer);
        pendings.delete(id);
        socket.off('close', onSocketClose);
        resolve(reply);
      };
      const onSocketClose = () => {
        // The page went away while the password window was open: the module closes the window.
        const entry = pendings.get(id);
        if (entry) {
          clearTimeout(entry.timer);
          pendings.delete(id);
          log(`create_pkcs7 ${id}: caller left`);
        }
      };
      const timer = setTimeout(() => finish(cancelledReply()), passwordTimeoutMs);
      timer.unref();
      socket.on('close', onSocketClose);
      pendings.set(id, { info, loaded, content, finish, timer });
      log(`create_pkcs7 ${id}: waiting for the password of key ${info.serialNumber}`);
      events.emit('pending', info);
    });
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

  function pendingList(): PendingSignature[] {
    return [...pendings.values()].map((p) => ({ ...p.info }));
  }

  function answer(id: string, password: string): AnswerResult {
    const entry = pendings.get(id);
    if (!entry) return { outcome: 'unknownRequest' };
    if (password === entry.loaded.key.password) {
      entry.finish(sign(entry.loaded, entry.content, entry.info.detached));
      return { outcome: 'signed' };
    }
    entry.info.triesLeft -= 1;
    if (!asksAgain()) {
      entry.finish(fail(undefined, REASON.badPadding));
      return { outcome: 'wrongPassword', triesLeft: 0 };
    }
    if (entry.info.triesLeft <= 0) {
      entry.finish(cancelledReply());
      return { outcome: 'cancelled', triesLeft: 0 };
    }
    entry.info.lastError = 'wrongPassword';
    return { outcome: 'wrongPassword', triesLeft: entry.info.triesLeft };
  }

  function cancel(id: string): boolean {
    const entry = pendings.get(id);
    if (!entry) return false;
    entry.finish(cancelledReply());
    return true;
  }

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

  function waitForPending(timeoutMs = 10_000): Promise<PendingSignature> {
    const first = pendingList()[0];
    if (first) return Promise.resolve(first);
    return new Promise((resolve, reject) => {
      const onPending = (info: PendingSignature) => {
        clearTimeout(timer);
        resolve({ ...info });
      };
      const timer = setTimeout(() => {
        events.off('pending', onPending);
        reject(new Error('no signing request arrived'));
      }, timeoutMs);
      events.once('pending', onPending);
    });
  }

  const moduleUrl = () => `ws://${hostForUrl(host)}:${port}${PATH}`;
  const wssUrl = () => (tlsServer ? `wss://${hostForUrl(host)}:${wssPort}${PATH}` : undefined);

  const controlServer = createHttpServer((req, res) => {
    handleControl(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('error');
    });
  });
  const controlPort = await listen(controlServer, opts.controlPort ?? 64650, host);
  const controlOrigins = new Set([
    `http://${hostForUrl(host)}:${controlPort}`,
    `http://127.0.0.1:${controlPort}`,
    `http://localhost:${controlPort}`,
  ]);

  function readBody(req: IncomingMessage): Promise<string> {
    return new Promise((resolve, reject) => {
      let size = 0;
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BODY) {
          reject(new Error('body too large'));
          req.destroy();
          return;
        }
        chunks.push(chunk);
      });
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });
  }

  function sendJson(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  }

  const NOTICES: Record<string, string> = {
    signed: 'Документ подписан.',
    wrongPassword: 'Неверный пароль.',
    cancelled: 'Подписание отменено.',
    unknownRequest: 'Запрос уже завершён.',
    version: 'Версия изменена.',
    badVersion: 'Неверная версия: ожидается формат 6.4.7.',
    running: 'Состояние модуля изменено.',
  };

  function redirect(res: ServerResponse, notice: keyof typeof NOTICES) {
    res.writeHead(303, { location: `/?n=${notice}` }).end();
  }

  function stateJson() {
    return {
      version: versionText(version),
      mode,
      running,
      url: moduleUrl(),
      wssUrl: wssUrl(),
      registeredDomains: [...registered],
      scripted: queue.map((e) => ({ call: e.call, outcome: e.outcome })),
      keys: keys.map((k) => ({
        serialNumber: k.serialNumber,
        alias: buildAlias(k),
        tin: demoKeyTin(k),
        validTo: k.validTo,
        password: k.password,
        note: k.note,
      })),
    };
  }

  async function handleControl(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://control.invalid');
    const method = req.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/') {
      const notice = NOTICES[url.searchParams.get('n') ?? ''];
      const html = renderControlPage({
        version: versionText(version),
        mode,
        running,
        url: moduleUrl(),
        wssUrl: wssUrl(),
        pending: pendingList(),
        keys: keys.map((k) => ({ ...k, alias: buildAlias(k), tin: demoKeyTin(k) })),
        registeredDomains: [...registered],
        ...(notice ? { notice } : {}),
      });
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy':
          "default-src 'none'; style-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'same-origin',
      });
      res.end(html);
      return;
    }
    if (method === 'GET' && url.pathname === '/style.css') {
      res.writeHead(200, { 'content-type': 'text/css; charset=utf-8', 'x-content-type-options': 'nosniff' });
      res.end(CONTROL_PAGE_CSS);
      return;
    }
    if (method === 'GET' && url.pathname === '/pending') return sendJson(res, 200, pendingList());
    if (method === 'GET' && url.pathname === '/state') return sendJson(res, 200, stateJson());
    if (method !== 'POST') return sendJson(res, 404, { error: 'not found' });

    // Forms must come from this page; JSON calls must say they are JSON (a cross-site form cannot).
    const origin = req.headers.origin;
    if (origin !== undefined && !controlOrigins.has(origin))
      return sendJson(res, 403, { error: 'foreign origin' });
    const body = await readBody(req);

    if (url.pathname.startsWith('/ui/')) {
      const form = new URLSearchParams(body);
      switch (url.pathname) {
        case '/ui/answer':
          return redirect(res, answer(form.get('id') ?? '', form.get('password') ?? '').outcome);
        case '/ui/cancel':
          return redirect(res, cancel(form.get('id') ?? '') ? 'cancelled' : 'unknownRequest');
        case '/ui/version': {
          const v = parseVersionText(form.get('version') ?? '');
          if (!v) return redirect(res, 'badVersion');
          setVersion(v);
          return redirect(res, 'version');
        }
        case '/ui/running':
          await setRunning(form.get('running') === 'on');
          return redirect(res, 'running');
        default:
          return sendJson(res, 404, { error: 'not found' });
      }
    }

    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
      return sendJson(res, 415, { error: 'send application/json' });
    }
    let json: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(body || '{}');
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        throw new Error('not an object');
      json = parsed as Record<string, unknown>;
    } catch {
      return sendJson(res, 400, { error: 'bad json' });
    }
    switch (url.pathname) {
      case '/answer':
        if (typeof json.id !== 'string' || typeof json.password !== 'string') {
          return sendJson(res, 400, { error: 'id and password required' });
        }
        return sendJson(res, 200, answer(json.id, json.password));
      case '/cancel':
        return sendJson(res, 200, { cancelled: typeof json.id === 'string' && cancel(json.id) });
      case '/script': {
        const outcome = json.outcome;
        const valid =
          (typeof outcome === 'string' &&
            ['ok', 'wrongPassword', 'cancel', 'drop', 'notRunning'].includes(outcome)) ||
          (typeof outcome === 'object' &&
            outcome !== null &&
            typeof (outcome as { password?: unknown }).password === 'string');
        if (!valid) return sendJson(res, 400, { error: 'unknown outcome' });
        try {
          script(outcome as ScriptedOutcome, typeof json.call === 'string' ? json.call : undefined);
        } catch (e) {
          return sendJson(res, 400, { error: (e as Error).message });
        }
        return sendJson(res, 200, { queued: queue.length });
      }
      case '/script/clear':
        queue.length = 0;
        return sendJson(res, 200, { queued: 0 });
      case '/version': {
        const v =
          typeof json.major === 'number' && typeof json.minor === 'number'
            ? { major: json.major, minor: json.minor, patch: typeof json.patch === 'number' ? json.patch : 0 }
            : typeof json.version === 'string'
              ? parseVersionText(json.version)
              : undefined;
        if (!v || ![v.major, v.minor, v.patch].every((n) => Number.isInteger(n) && n >= 0)) {
          return sendJson(res, 400, { error: 'major/minor/patch or "x.y.z" required' });
        }
        setVersion(v);
        return sendJson(res, 200, { version: versionText(version) });
      }
      case '/running':
        if (typeof json.running !== 'boolean')
          return sendJson(res, 400, { error: 'running: boolean required' });
        await setRunning(json.running);
        return sendJson(res, 200, { running });
      default:
        return sendJson(res, 404, { error: 'not found' });
    }
  }

  async function close() {
    for (const entry of pendings.values()) clearTimeout(entry.timer);
    pendings.clear();
    for (const socket of sockets) socket.terminate();
    wsServer.close();
    wssServer?.close();
    await stopListening(moduleServer);
    if (tlsServer) await stopListening(tlsServer);
    await stopListening(controlServer);
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
