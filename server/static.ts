import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { isLang, LANGS } from '../src/domain/constants';
import { isPagePath } from '../src/domain/page-patterns.rules';
import { prerenderedFile, prerenderedPageOf, publicPageFile } from '../src/domain/prerender.rules';
import { ONBOARDING_PAGES, onboardingPageOf } from '../src/domain/public-pages.rules';
import { FILE_HASH_DIGITS } from './file-hash';
import { noteRoute } from './request-context';

/** The E-IMZO module's local websocket endpoints (eimzo-protocol.md "Transport"). */
export const EIMZO_CONNECT = ['ws://127.0.0.1:64646', 'wss://127.0.0.1:64443'] as const;

/**
 * Security headers on every response. The CSP allows no inline script (`script-src 'self'`) and no inline style:
 * the production build extracts CSS to files and React sets `style` props through the CSSOM, which CSP does not
 * block. `connect-src` adds the signing module's local sockets (plus `extraConnect`, e.g. a simulator on another
 * port in tests).
 */
export function securityHeaders(extraConnect: readonly string[] = []): MiddlewareHandler {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${["'self'", ...EIMZO_CONNECT, ...extraConnect].join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
  return async (c, next) => {
    await next();
    c.header('Content-Security-Policy', csp);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'same-origin');
    c.header('X-Frame-Options', 'DENY');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
  };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.pdf': 'application/pdf',
};

/**
 * The codings a request accepts with a non-zero weight (RFC 9110 12.5.3): `br;q=0` refuses brotli, `*` accepts any
 * coding not named.
 */
export function acceptedCodings(header: string | undefined): (coding: 'br' | 'gzip') => boolean {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  return (coding) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
}

/**
 * The build-time compressed copy of `file` (scripts/lib/precompress.ts) to send for this Accept-Encoding: brotli
 * first (smaller), then gzip; none when the client accepts neither or the build made no copy (small files).
 */
export function precompressedCopy(
  file: string,
  acceptEncoding: string | undefined,
): { path: string; encoding: 'br' | 'gzip' } | undefined {
  const accepts = acceptedCodings(acceptEncoding);
  for (const [encoding, suffix] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    if (accepts(encoding) && existsSync(file + suffix)) return { path: file + suffix, encoding };
  }
  return undefined;
}

/** A content hash in the file name (`index.3f9a1c2b.js`): such a file never changes, so it may be cached for good. */
const HASHED = new RegExp(`[.-][0-9a-f]{${FILE_HASH_DIGITS},}\\.[a-z0-9]+$`, 'i');

/** HTML smaller than this is sent as it is (the headers would cost what compression saves); the app's page, 0.9 KB,
 *  is 0.35 KB in brotli. */
const HTML_MIN_BYTES = 256;

/** One version of a file as it is sent: its bytes (an HTML page after `transformHtml`), the validators. */
interface Prepared {
  readonly version: string;
  readonly body: Buffer;
  /** the entity tag's base: a hash of the bytes; a compressed representation adds `-br` / `-gzip` */
  readonly hash: string;
  readonly lastModified: Date;
  /** an HTML page's compressed copies, made on first use (docs/decisions.md OBS8) */
  readonly packed: { br?: Buffer; gzip?: Buffer };
}

const hashOf = (body: Buffer | string) => createHash('sha1').update(body).digest('base64url').slice(0, 22);

/**
 * Whether the request's validators say the client's copy is current (RFC 9110 13.1): `If-None-Match` (weak
 * comparison, any encoding of the same bytes) when sent, else `If-Modified-Since` against the file's time.
 */
export function notModified(
  ifNoneMatch: string | undefined,
  ifModifiedSince: string | undefined,
  prepared: Pick<Prepared, 'hash' | 'lastModified'>,
): boolean {
  if (ifNoneMatch !== undefined) {
    return ifNoneMatch.split(',').some((tag) => {
      const t = tag.trim().replace(/^W\//, '');
      return t === '*' || t.replace(/^"|"$/g, '').replace(/-(br|gzip)$/, '') === prepared.hash;
    });
  }
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  return Number.isFinite(since) && Math.floor(prepared.lastModified.getTime() / 1000) * 1000 <= since;
}

/** `robots.txt` (docs/decisions.md OBS8): the login page and the public onboarding pages of each language, and the
 *  scripts and styles they need, may be crawled; the cabinet, the API and everything else may not. */
export function robotsTxt(): string {
  const allowed = LANGS.flatMap((lang) => ['login', ...ONBOARDING_PAGES].map((page) => `/${lang}/${page}$`));
  return [
    'User-agent: *',
    ...allowed.map((path) => `Allow: ${path}`),
    'Allow: /static/',
    'Allow: /favicon.ico$',
    'Disallow: /',
    '',
  ].join('\n');
}

export interface SpaOptions {
  /** rewrites every HTML page once per file version before it is compressed and sent (the signing simulator's
   *  address in a meta tag, server/start.ts) */
  transformHtml?: (html: string) => string;
}

/**
 * Serves the built SPA from `distDir`: existing files as they are (hashed assets with a one-year immutable cache,
 * everything else `no-cache` with an ETag and Last-Modified, answered 304 when the browser's copy is current), and a
 * page for any other GET so deep links like `/ru/orders/12` work (the prerendered Auth pages and the public pages'
 * copies for their addresses, the app's page for the rest). An address that is no page of the SPA
 * (src/domain/page-routes.rules.ts) gets the app's page with HTTP 404: the app draws its not-found page there
 * (docs/decisions.md OBS6). Paths under `/api/` never fall back (the API answers them, or 404). A missing file with an
 * extension is a 404, not the page, so a stale chunk fails loudly instead of parsing HTML as script. Text files go out
 * as their precompressed brotli or gzip copy when the browser accepts it (`Vary: Accept-Encoding`); HTML pages are
 * compressed here, once per version, after `transformHtml`.
 */
export function spaRoutes(distDir: string, opts: SpaOptions = {}): Hono {
  const root = resolve(distDir);
  const app = new Hono();
  const preload = messagesPreloads(root);
  const prepared = new Map<string, Prepared>();

  const prepare = (file: string): Prepared => {
    const st = statSync(file);
    const version = `${st.mtimeMs}:${st.size}`;
    const known = prepared.get(file);
    if (known?.version === version) return known;
    let body = readFileSync(file);
    if (opts.transformHtml && extname(file) === '.html')
      body = Buffer.from(opts.transformHtml(body.toString('utf8')));
    const entry: Prepared = { version, body, hash: hashOf(body), lastModified: st.mtime, packed: {} };
    prepared.set(file, entry);
    return entry;
  };

  const packedHtml = (entry: Prepared, encoding: 'br' | 'gzip'): Buffer => {
    let packed = entry.packed[encoding];
    if (!packed) {
      packed =
        encoding === 'br'
          ? brotliCompressSync(entry.body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
              },
            })
          : gzipSync(entry.body, { level: 9 });
      entry.packed[encoding] = packed;
    }
    return packed;
  };

  const send = (c: Context, file: string, status: 200 | 404 = 200): Response => {
    const headers: Record<string, string> = {
      'Content-Type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'Cache-Control': HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    const acceptEncoding = c.req.header('Accept-Encoding');
    if (HASHED.test(file)) {
      // never changes: no validators needed, the build's compressed copy when there is one
      const copy = precompressedCopy(file, acceptEncoding);
      if (copy) {
        headers['Content-Encoding'] = copy.encoding;
        headers.Vary = 'Accept-Encoding';
        return new Response(readFileSync(copy.path), { status, headers });
      }
      if (existsSync(`${file}.gz`) || existsSync(`${file}.br`)) headers.Vary = 'Accept-Encoding';
      return new Response(readFileSync(file), { status, headers });
    }
    const entry = prepare(file);
    let body: Buffer = entry.body;
    let encoding: 'br' | 'gzip' | undefined;
    if (extname(file) === '.html') {
      if (entry.body.length >= HTML_MIN_BYTES) {
        headers.Vary = 'Accept-Encoding';
        const accepts = acceptedCodings(acceptEncoding);
        encoding = accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : undefined;
        if (encoding) body = packedHtml(entry, encoding);
      }
    } else {
      const copy = precompressedCopy(file, acceptEncoding);
      if (copy) {
        encoding = copy.encoding;
        body = readFileSync(copy.path);
      }
      // the answer differs by Accept-Encoding whenever the file has compressed copies at all
      if (copy || existsSync(`${file}.gz`) || existsSync(`${file}.br`)) headers.Vary = 'Accept-Encoding';
    }
    headers.ETag = `"${entry.hash}${encoding ? `-${encoding}` : ''}"`;
    headers['Last-Modified'] = entry.lastModified.toUTCString();
    // a not-found page is never "not modified": its status is the news
    if (
      status === 200 &&
      notModified(c.req.header('If-None-Match'), c.req.header('If-Modified-Since'), entry)
    )
      return new Response(null, { status: 304, headers: withoutBodyHeaders(headers) });
    if (encoding) headers['Content-Encoding'] = encoding;
    return new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), {
      status,
      headers,
    });
  };

  const robots = Buffer.from(robotsTxt());
  const robotsEntry: Prepared = {
    version: 'robots',
    body: robots,
    hash: hashOf(robots),
    lastModified: new Date(),
    packed: {},
  };
  app.on(['GET', 'HEAD'], '/robots.txt', (c) => {
    noteRoute('/robots.txt');
    const headers = {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-cache',
      ETag: `"${robotsEntry.hash}"`,
      'Last-Modified': robotsEntry.lastModified.toUTCString(),
    };
    if (notModified(c.req.header('If-None-Match'), c.req.header('If-Modified-Since'), robotsEntry))
      return new Response(null, { status: 304, headers });
    return new Response(robots, { headers });
  });

  app.on(['GET', 'HEAD'], '*', (c) => {
    const path = c.req.path;
    if (path === '/api' || path.startsWith('/api/')) return c.notFound();
    let rel: string;
    try {
      rel = decodeURIComponent(path);
    } catch {
      return c.text('Bad Request', 400);
    }
    const file = normalize(join(root, rel));
    if (file !== root && !file.startsWith(root + sep)) return c.text('Not Found', 404);
    if (rel !== '/' && existsSync(file) && statSync(file).isFile()) {
      noteRoute('static');
      return send(c, file);
    }
    if (extname(rel) !== '') return c.text('Not Found', 404);
    // spec 2 names every page in lowercase: a page's address typed in capitals (`/ru/LOGIN`) is moved for good to its
    // own, with its query, so the app never renders under an address its pages do not read (docs/decisions.md RT7)
    const lower = rel.toLowerCase();
    if (lower !== rel && isLang(rel.split('/')[1] ?? '') && isPagePath(lower)) {
      noteRoute('spa');
      return c.redirect(`${encodeURI(lower)}${new URL(c.req.url).search}`, 301);
    }
    noteRoute('spa');
    // a prerendered Auth page without a query gets its HTML (LB12), a public onboarding page its copy of the public
    // root's page in its language, else the public root's page itself (NC15, OBS8), any other address the app's page
    const ahead = prerenderedPageOf(rel, new URL(c.req.url).search);
    const onboarding = onboardingPageOf(rel);
    const lang = rel.split('/')[1] ?? '';
    const candidates = [
      ahead ? join(root, prerenderedFile(ahead.lang, ahead.page)) : undefined,
      onboarding && isLang(lang) ? join(root, publicPageFile(lang, onboarding)) : undefined,
      onboarding ? join(root, 'public.html') : undefined,
      join(root, 'index.html'),
    ];
    const index = candidates.find((f): f is string => f !== undefined && existsSync(f));
    if (index === undefined) return c.text('The SPA is not built: run `npx rsbuild build`.', 503);
    const page = send(c, index, isPagePath(rel) ? 200 : 404);
    const link = preload(rel);
    if (link && page.status !== 304) page.headers.set('Link', link);
    return page;
  });
  return app;
}

/** A 304 carries the validators and caching headers of the 200 it stands for, not its body's type and coding. */
function withoutBodyHeaders(headers: Record<string, string>): Record<string, string> {
  const { 'Content-Type': _type, ...rest } = headers;
  return rest;
}

/**
 * The build's chunks of a language's first messages (src/i18n/i18n.ts names them): `messages-<lang>-start` for the
 * app's pages, `messages-<lang>-shell` for the public root's (docs/decisions.md NC15).
 */
const MESSAGES_CHUNK = new RegExp(`^messages-([a-z]+)-(start|shell)\\.[0-9a-f]{${FILE_HASH_DIGITS},}\\.js$`);

/**
 * The preload `Link` header for a page: the first messages of the language its path names (its first segment, spec
 * 2), in the part its root starts with (a public onboarding page's root starts with the `shell` part, every other
 * page with `start`). The root asks for them as soon as its entry script runs, and paints nothing before they are in;
 * named in the page's own answer, they download side by side with the first scripts instead of one round trip after
 * them. A path without a language (`/`) gets none: the app picks the remembered language there.
 */
export function messagesPreloads(root: string): (path: string) => string | undefined {
  const dir = join(root, 'static', 'js', 'async');
  const chunks = new Map<string, string>();
  if (existsSync(dir)) {
    for (const name of readdirSync(dir)) {
      const m = MESSAGES_CHUNK.exec(name);
      if (m?.[1] !== undefined && isLang(m[1])) chunks.set(`${m[1]}-${m[2]}`, `/static/js/async/${name}`);
    }
  }
  const publicRoot = existsSync(join(root, 'public.html'));
  return (path) => {
    const part = publicRoot && onboardingPageOf(path) !== null ? 'shell' : 'start';
    const href = chunks.get(`${path.split('/')[1] ?? ''}-${part}`);
    return href === undefined ? undefined : `<${href}>; rel=preload; as=script`;
  };
}

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** True when dist/index.html is missing or older than any file in src/ or rsbuild.config.ts. */
export function needsBuild(projectRoot: string): boolean {
  const index = join(projectRoot, 'dist', 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  const sources = Math.max(
    newestMtime(join(projectRoot, 'src')),
    newestMtime(join(projectRoot, 'rsbuild.config.ts')),
  );
  return sources > built;
}

/** Runs `npx rsbuild build` in the project; throws when it fails. */
export function buildSpa(projectRoot: string): void {
  // Always a production build: a NODE_ENV inherited from a test runner ('test') would produce a development bundle
  // that references `process` and renders a blank page.
  const r = spawnSync('npx', ['rsbuild', 'build'], {
    cwd: projectRoot,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error(`rsbuild build failed (exit ${r.status ?? r.signal})`);
}
