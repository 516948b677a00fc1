import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { Hono, type MiddlewareHandler } from 'hono';
import { isLang } from '../src/domain/constants';
import { prerenderedFile, prerenderedPageOf } from '../src/domain/prerender.rules';
import { onboardingPageOf } from '../src/domain/public-pages.rules';

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
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

/**
 * Serves the built SPA from `distDir`: existing files as they are (hashed assets with a one-year immutable cache,
 * everything else `no-cache`), and `index.html` for any other GET so deep links like `/ru/orders/12` work (the
 * prerendered Auth pages and the public root's page for their addresses). Paths
 * under `/api/` never fall back (the API answers them, or 404). A missing file with an extension is a 404, not the
 * page, so a stale chunk fails loudly instead of parsing HTML as script. Text files go out as their precompressed
 * brotli or gzip copy when the browser accepts it (`Vary: Accept-Encoding`).
 */
export function spaRoutes(distDir: string): Hono {
  const root = resolve(distDir);
  const app = new Hono();
  const preload = messagesPreloads(root);
  const send = (file: string, cache: string, acceptEncoding: string | undefined) => {
    const headers: Record<string, string> = {
      'Content-Type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'Cache-Control': cache,
    };
    const copy = precompressedCopy(file, acceptEncoding);
    if (copy) {
      headers['Content-Encoding'] = copy.encoding;
      headers.Vary = 'Accept-Encoding';
      return new Response(readFileSync(copy.path), { headers });
    }
    // the answer differs by Accept-Encoding whenever the file has compressed copies at all
    if (existsSync(`${file}.gz`) || existsSync(`${file}.br`)) headers.Vary = 'Accept-Encoding';
    return new Response(readFileSync(file), { headers });
  };
  app.on(['GET', 'HEAD'], '*', (c) => {
    const acceptEncoding = c.req.header('Accept-Encoding');
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
      return send(
        file,
        HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
        acceptEncoding,
      );
    }
    if (extname(rel) !== '') return c.text('Not Found', 404);
    // a public onboarding page's address gets the public root's page when the build has one (docs/decisions.md NC15),
    // a prerendered Auth page without a query its HTML (LB12), any other address the app's page
    const publicPage = join(root, 'public.html');
    const ahead = prerenderedPageOf(rel, new URL(c.req.url).search);
    const prerendered = ahead ? join(root, prerenderedFile(ahead.lang, ahead.page)) : undefined;
    const index =
      prerendered !== undefined && existsSync(prerendered)
        ? prerendered
        : onboardingPageOf(rel) !== null && existsSync(publicPage)
          ? publicPage
          : join(root, 'index.html');
    if (!existsSync(index)) return c.text('The SPA is not built: run `npx rsbuild build`.', 503);
    const page = send(index, 'no-cache', acceptEncoding);
    const link = preload(rel);
    if (link) page.headers.set('Link', link);
    return page;
  });
  return app;
}

/**
 * The build's chunks of a language's first messages (src/i18n/i18n.ts names them): `messages-<lang>-start` for the
 * app's pages, `messages-<lang>-shell` for the public root's (docs/decisions.md NC15).
 */
const MESSAGES_CHUNK = /^messages-([a-z]+)-(start|shell)\.[0-9a-f]{8,}\.js$/;

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
