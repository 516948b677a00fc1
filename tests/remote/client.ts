/**
 * A browser-like HTTP client for the black-box security suite: plain `fetch` against `<target>/api/`, a cookie jar
 * (what Set-Cookie gives, sent back; Max-Age=0 or a past Expires deletes) and, on every state-changing call, the CSRF
 * header the SPA sends (src/services/contract/csrf.ts) unless a check leaves it out. It knows nothing of the server's
 * code or database: only the wire. Every reply is recorded (per test file) so the envelope sweep can check them all.
 */
import { describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { CSRF_HEADER, CSRF_VALUE } from '../../src/services/contract/csrf';
import type { SecurityAccounts } from './accounts';

/** The spec's reply envelope (spec 7, 8): `OKOK` or a catalogue code (E + 3 digits, or the search input codes). */
export const envelopeSchema = z.object({
  status: z.string().regex(/^(OKOK|E\d{3}|MANYINVALID|SHORT3)$/, 'OKOK or a catalogue code'),
  description: z.string().optional(),
  result: z.unknown().optional(),
});

export interface Reply {
  method: string;
  path: string;
  http: number;
  /** the envelope's status, or `(not JSON) …` */
  status: string;
  description?: string;
  result?: unknown;
  /** the parsed body, undefined when it was not JSON */
  json: unknown;
  text: string;
  contentType: string;
  setCookie: string[];
  headers: Headers;
}

/** Every reply of this test file (one worker per file), in order. */
export const replies: Reply[] = [];

export interface CallOptions {
  /** send the CSRF header: default on every call but GET (true: on a GET too, as the SPA does for the GETs that
   *  change something, e.g. client/suspend) */
  csrf?: boolean;
  headers?: Record<string, string>;
}

export interface Client {
  jar: Map<string, string>;
  call(method: string, path: string, body?: unknown, opts?: CallOptions): Promise<Reply>;
  login(login: string, password: string, opts?: CallOptions): Promise<Reply>;
}

/** Where the suite runs: the base URL (its `/api/` is tested) and the accounts file's content (global-setup.ts). */
export function target(): { url: string; accounts: SecurityAccounts; https: boolean } {
  const url = inject('securityTarget');
  return { url, accounts: inject('securityAccounts'), https: url.startsWith('https:') };
}

export function createClient(base = target().url): Client {
  const jar = new Map<string, string>();
  const client: Client = {
    jar,
    async call(method, path, body, opts = {}) {
      const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (opts.csrf ?? method !== 'GET') headers[CSRF_HEADER] = CSRF_VALUE;
      const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      if (cookie) headers.cookie = cookie;
      const res = await fetch(`${base.replace(/\/+$/, '')}/api/${path}`, {
        method,
        headers,
        redirect: 'manual',
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const setCookie = res.headers.getSetCookie();
      for (const line of setCookie) {
        const [pair = '', ...attrs] = line.split(';');
        const eq = pair.indexOf('=');
        const name = pair.slice(0, eq).trim();
        const gone = attrs.some(
          (a) =>
            /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=.*19(70|69)/i.test(a) || pair.slice(eq + 1) === '',
        );
        if (gone) jar.delete(name);
        else jar.set(name, pair.slice(eq + 1).trim());
      }
      const text = await res.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      const env = (json ?? {}) as { status?: unknown; description?: unknown; result?: unknown };
      const reply: Reply = {
        method,
        path,
        http: res.status,
        status: json === undefined ? `(not JSON) ${text.slice(0, 80)}` : String(env.status),
        description: typeof env.description === 'string' ? env.description : undefined,
        result: env.result,
        json,
        text,
        contentType: res.headers.get('content-type') ?? '',
        setCookie,
        headers: res.headers,
      };
      replies.push(reply);
      return reply;
    },
    login: (login, password, opts) => client.call('POST', 'user/login', { login, password }, opts),
  };
  return client;
}

/** A client signed in as one of the accounts file's roles; fails the test when the target refuses the login. */
export async function signedIn(role: keyof SecurityAccounts['accounts']): Promise<Client> {
  const account = target().accounts.accounts[role];
  if (!account) throw new Error(`SECURITY_ACCOUNTS names no ${role} account`);
  const c = createClient();
  const r = await c.login(account.login, account.password);
  if (r.status !== 'OKOK') throw new Error(`cannot sign in as ${role} (${account.login}): ${r.status}`);
  return c;
}

/** A reply leaking the server's inside: a stack frame, a source path, SQL or the database engine's words. */
const LEAKS: [string, RegExp][] = [
  ['stack frame', /\bat\s+[\w.$<>[\]]+\s+\(|\bat\s+(file:|node:|\/)[^\s]*:\d+:\d+/],
  ['source path', /\/(node_modules|server|src)\/[\w./-]+\.(t|j)s\b|\.tsx?:\d+/],
  ['SQL', /\b(SELECT\s[\s\S]{0,200}\sFROM|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM)\b/i],
  ['database engine', /SQLITE_|sqlite|better-sqlite|SqliteError|syntax error near|ORA-\d{5}|PG::|psql|pq:/i],
  ['exception name', /\b(TypeError|ReferenceError|RangeError|SyntaxError|Error):\s/],
];

export function leaksOf(text: string): string[] {
  return LEAKS.filter(([, re]) => re.test(text)).map(([what]) => what);
}

/** What is wrong with one reply as a spec reply: not JSON, not the envelope, or a leak. Empty when fine. */
export function envelopeProblems(r: Reply): string[] {
  const problems: string[] = [];
  if (!/^application\/json\b/i.test(r.contentType))
    problems.push(`content-type ${r.contentType || '(none)'}`);
  if (r.json === undefined) problems.push('body is not JSON');
  else {
    const e = envelopeSchema.safeParse(r.json);
    if (!e.success) problems.push(`not the envelope: ${e.error.issues.map((i) => i.message).join('; ')}`);
  }
  problems.push(...leaksOf(r.text));
  return problems;
}

declare module 'vitest' {
  export interface ProvidedContext {
    securityTarget: string;
    securityAccounts: SecurityAccounts;
  }
}

/** The last check of a test file: every reply the file's checks received was a spec reply (finding numbers in
 *  envelope.remote.ts). Call it at the end of the file, after its describe blocks. */
export function sweepReplies(): void {
  describe('every reply above', () => {
    it('is JSON in the spec envelope (OKOK or a catalogue code) and carries no stack trace, source path or SQL', () => {
      expect(replies.length).toBeGreaterThan(0);
      const bad = replies.flatMap((r) => {
        const problems = envelopeProblems(r);
        return problems.length ? [`${r.method} ${r.path} → HTTP ${r.http}: ${problems.join(', ')}`] : [];
      });
      expect(bad).toEqual([]);
    });
  });
}
