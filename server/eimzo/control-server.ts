/**
 * The simulator's control page and JSON control API (docs/decisions.md 17): the password window of the real module,
 * the module's version and presence, and the scripted outcomes of the tests. It only talks to the simulator through
 * `ControlTarget`, so the protocol dispatch and the password queue stay in server/eimzo/simulator.ts.
 */
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { CONTROL_PAGE_CSS, type PendingSignature, renderControlPage } from './control-page';
import { buildAlias, type DemoKey, demoKeyTin } from './demo-keys';
import {
  type AnswerResult,
  hostForUrl,
  listen,
  MAX_BODY,
  parseVersionText,
  type ScriptedOutcome,
  type SimVersion,
  stopListening,
  versionText,
} from './simulator-net';

/** What the control server reads and changes on the running simulator. */
export interface ControlTarget {
  snapshot(): {
    version: SimVersion;
    mode: 'scripted' | 'interactive';
    running: boolean;
    url: string;
    wssUrl: string | undefined;
    registeredDomains: string[];
    scripted: { call: string; outcome: ScriptedOutcome }[];
    keys: readonly DemoKey[];
  };
  pending(): PendingSignature[];
  answer(id: string, password: string): AnswerResult;
  cancel(id: string): boolean;
  setVersion(v: SimVersion): void;
  setRunning(running: boolean): Promise<void>;
  /** queues an outcome; returns the queue length (throws for an outcome the call cannot have) */
  script(outcome: ScriptedOutcome, call?: string): number;
  clearScript(): void;
}

/** Starts the control server on `host:port` (0 picks a free port). */
export async function startControlServer(
  sim: ControlTarget,
  opts: { host: string; port: number },
): Promise<{ port: number; close(): Promise<void> }> {
  const host = opts.host;
  const controlServer = createHttpServer((req, res) => {
    handleControl(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('error');
    });
  });
  const controlPort = await listen(controlServer, opts.port, host);
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
    const st = sim.snapshot();
    return {
      version: versionText(st.version),
      mode: st.mode,
      running: st.running,
      url: st.url,
      wssUrl: st.wssUrl,
      registeredDomains: st.registeredDomains,
      scripted: st.scripted,
      keys: st.keys.map((k) => ({
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
      const st = sim.snapshot();
      const html = renderControlPage({
        version: versionText(st.version),
        mode: st.mode,
        running: st.running,
        url: st.url,
        wssUrl: st.wssUrl,
        pending: sim.pending(),
        keys: st.keys.map((k) => ({ ...k, alias: buildAlias(k), tin: demoKeyTin(k) })),
        registeredDomains: st.registeredDomains,
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
    if (method === 'GET' && url.pathname === '/pending') return sendJson(res, 200, sim.pending());
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
          return redirect(res, sim.answer(form.get('id') ?? '', form.get('password') ?? '').outcome);
        case '/ui/cancel':
          return redirect(res, sim.cancel(form.get('id') ?? '') ? 'cancelled' : 'unknownRequest');
        case '/ui/version': {
          const v = parseVersionText(form.get('version') ?? '');
          if (!v) return redirect(res, 'badVersion');
          sim.setVersion(v);
          return redirect(res, 'version');
        }
        case '/ui/running':
          await sim.setRunning(form.get('running') === 'on');
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
        return sendJson(res, 200, sim.answer(json.id, json.password));
      case '/cancel':
        return sendJson(res, 200, { cancelled: typeof json.id === 'string' && sim.cancel(json.id) });
      case '/script': {
        const outcome = json.outcome;
        const valid =
          (typeof outcome === 'string' &&
            ['ok', 'wrongPassword', 'cancel', 'drop', 'notRunning'].includes(outcome)) ||
          (typeof outcome === 'object' &&
            outcome !== null &&
            typeof (outcome as { password?: unknown }).password === 'string');
        if (!valid) return sendJson(res, 400, { error: 'unknown outcome' });
        let queued: number;
        try {
          queued = sim.script(
            outcome as ScriptedOutcome,
            typeof json.call === 'string' ? json.call : undefined,
          );
        } catch (e) {
          return sendJson(res, 400, { error: (e as Error).message });
        }
        return sendJson(res, 200, { queued });
      }
      case '/script/clear':
        sim.clearScript();
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
        sim.setVersion(v);
        return sendJson(res, 200, { version: versionText(v) });
      }
      case '/running':
        if (typeof json.running !== 'boolean')
          return sendJson(res, 400, { error: 'running: boolean required' });
        await sim.setRunning(json.running);
        return sendJson(res, 200, { running: sim.snapshot().running });
      default:
        return sendJson(res, 404, { error: 'not found' });
    }
  }

  return { port: controlPort, close: () => stopListening(controlServer) };
}
