import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pluginPrecompress, precompressDir, unparsableScripts } from '../../scripts/lib/precompress';
import { compressReplies } from '../../server/compress';
import { acceptedCodings, spaRoutes } from '../../server/static';

/** Static files go out as their build-time brotli or gzip copy; API replies are compressed per request. */
let dist: string;
const script = `var texts = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `строка ${i}`))};\n`;

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'portal-precompress-'));
  writeFileSync(join(dist, 'index.html'), `<!doctype html><title>x</title>${'<p>page</p>'.repeat(100)}`);
  writeFileSync(join(dist, 'app.3f9a1c2b.js'), script);
  writeFileSync(join(dist, 'tiny.js'), 'x');
  expect(precompressDir(dist)).toBe(1);
  // the start messages' chunks as the build names them (src/i18n/i18n.ts), and one of another kind
  mkdirSync(join(dist, 'static/js/async'), { recursive: true });
  for (const name of [
    'messages-ru-start.0a1b2c3d4e.js',
    'messages-uz-start.5f6a7b8c9d.js',
    'i.64ccce7351.js',
  ])
    writeFileSync(join(dist, 'static/js/async', name), 'x');
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('Accept-Encoding', () => {
  it('reads codings with their weights', () => {
    const a = acceptedCodings('gzip, deflate, br;q=0');
    expect([a('br'), a('gzip')]).toEqual([false, true]);
    const b = acceptedCodings('*;q=0.5');
    expect([b('br'), b('gzip')]).toEqual([true, true]);
    const c = acceptedCodings(undefined);
    expect([c('br'), c('gzip')]).toEqual([false, false]);
  });
});

describe('static files', () => {
  const get = (path: string, encoding?: string) =>
    spaRoutes(dist).request(path, { headers: encoding ? { 'Accept-Encoding': encoding } : {} });

  it('sends the brotli copy when brotli is accepted', async () => {
    const res = await get('/app.3f9a1c2b.js', 'gzip, deflate, br');
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(res.headers.get('Vary')).toBe('Accept-Encoding');
    expect(res.headers.get('Content-Type')).toMatch(/^text\/javascript/);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBeLessThan(Buffer.byteLength(script));
    expect(brotliDecompressSync(body).toString('utf8')).toBe(script);
  });

  it('sends the gzip copy when only gzip is accepted', async () => {
    const res = await get('/app.3f9a1c2b.js', 'gzip');
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8')).toBe(script);
  });

  it('compresses the page itself when serving it (the server may rewrite it first, docs/decisions.md OBS8)', async () => {
    const res = await get('/ru/login', 'gzip, br');
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(res.headers.get('Vary')).toBe('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString('utf8')).toContain(
      '<title>x</title>',
    );
    const gz = await get('/ru/login', 'gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString('utf8')).toContain('<title>x</title>');
    const plain = await get('/ru/login');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toContain('<title>x</title>');
  });

  it('sends the file itself when no coding is accepted, still varying by Accept-Encoding', async () => {
    const res = await get('/app.3f9a1c2b.js');
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(res.headers.get('Vary')).toBe('Accept-Encoding');
    expect(await res.text()).toBe(script);
  });

  it('names the page language’s start messages in a preload Link header of the page, and nothing else', async () => {
    const link = async (path: string) => (await get(path, 'br')).headers.get('Link');
    expect(await link('/ru/login')).toBe(
      '</static/js/async/messages-ru-start.0a1b2c3d4e.js>; rel=preload; as=script',
    );
    expect(await link('/uz/profile/employees')).toBe(
      '</static/js/async/messages-uz-start.5f6a7b8c9d.js>; rel=preload; as=script',
    );
    expect(await link('/uz')).toContain('messages-uz-start');
    // no language in the path (the app picks the remembered one), another language, or not a page
    for (const path of ['/', '/login', '/en/login', '/rux/login', '/app.3f9a1c2b.js', '/api/user/'])
      expect(await link(path), path).toBeNull();
  });

  it('leaves files too small to gain as they are', async () => {
    const res = await get('/tiny.js', 'br');
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(await res.text()).toBe('x');
  });
});

describe('the two roots (docs/decisions.md NC15)', () => {
  let twoRoots: string;
  beforeAll(() => {
    twoRoots = mkdtempSync(join(tmpdir(), 'portal-roots-'));
    writeFileSync(join(twoRoots, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(twoRoots, 'public.html'), '<!doctype html><title>public</title>');
    mkdirSync(join(twoRoots, 'static/js/async'), { recursive: true });
    for (const name of [
      'messages-ru-start.0a1b2c3d4e.js',
      'messages-ru-shell.1a2b3c4d5e.js',
      'messages-uz-start.5f6a7b8c9d.js',
      'messages-uz-shell.6f7a8b9c0d.js',
    ])
      writeFileSync(join(twoRoots, 'static/js/async', name), 'x');
  });
  afterAll(() => rmSync(twoRoots, { recursive: true, force: true }));
  const page = async (root: () => string, path: string) => {
    const res = await spaRoutes(root()).request(path);
    return { title: /<title>(.*)<\/title>/.exec(await res.text())?.[1], link: res.headers.get('Link') };
  };

  it('answers a public onboarding page with the public root’s page, preloading its shell messages', async () => {
    expect(await page(() => twoRoots, '/ru/new-client')).toEqual({
      title: 'public',
      link: '</static/js/async/messages-ru-shell.1a2b3c4d5e.js>; rel=preload; as=script',
    });
    expect(await page(() => twoRoots, '/uz/new-numbers?from=poster')).toEqual({
      title: 'public',
      link: '</static/js/async/messages-uz-shell.6f7a8b9c0d.js>; rel=preload; as=script',
    });
  });

  it('answers every other page with the app’s, preloading its start messages', async () => {
    for (const path of ['/ru/login', '/ru/new-client/extra', '/ru/profile', '/en/new-client'])
      expect((await page(() => twoRoots, path)).title, path).toBe('app');
    expect((await page(() => twoRoots, '/uz/login')).link).toContain('messages-uz-start');
  });

  it('answers a public page with the app’s page when the build has no public root', async () => {
    expect(await page(() => dist, '/ru/new-client')).toEqual({
      title: 'x',
      link: '</static/js/async/messages-ru-start.0a1b2c3d4e.js>; rel=preload; as=script',
    });
  });
});

describe('the precompress plugin', () => {
  it('compresses the browser output only, not the prerender environment’s Node bundle', async () => {
    const web = mkdtempSync(join(tmpdir(), 'portal-web-'));
    const node = mkdtempSync(join(tmpdir(), 'portal-node-'));
    writeFileSync(join(web, 'app.js'), script);
    writeFileSync(join(node, 'prerender.js'), script);
    let afterBuild: ((p: unknown) => void) | undefined;
    const api = {
      onAfterBuild: (fn: (p: unknown) => void) => {
        afterBuild = fn;
      },
    };
    pluginPrecompress().setup(api as never);
    afterBuild?.({
      environments: {
        web: { distPath: web, config: { output: { target: 'web' } } },
        prerender: { distPath: node, config: { output: { target: 'node' } } },
      },
    });
    expect([existsSync(join(web, 'app.js.br')), existsSync(join(node, 'prerender.js.br'))]).toEqual([
      true,
      false,
    ]);
    rmSync(web, { recursive: true, force: true });
    rmSync(node, { recursive: true, force: true });
  });
});

describe('a script the build broke (docs/decisions.md NC28)', () => {
  // what rspack's hash rewrite once made of zod's float32 bound in the vendor script
  const broken = 'var bounds={float32:[-340282935f8f52886e22,340282935f8f52886e22]};';
  const whole = 'var bounds={float32:[-34028234663852886e22,34028234663852886e22]};';

  it('is found by name with V8’s message; whole scripts and other files are not', () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-parse-'));
    mkdirSync(join(dir, 'static/js/async'), { recursive: true });
    writeFileSync(join(dir, 'static/js/lib-vendor.474ce7.js'), whole);
    writeFileSync(join(dir, 'static/js/async/3l.7cd91f.js'), broken);
    writeFileSync(join(dir, 'static/js/async/3l.7cd91f.js.LICENSE.txt'), broken);
    const found = unparsableScripts(dir);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(join('static/js/async/3l.7cd91f.js: '));
    expect(found[0]).toMatch(/Invalid or unexpected token/);
    rmSync(dir, { recursive: true, force: true });
  });

  it('fails the build before anything is compressed', () => {
    const web = mkdtempSync(join(tmpdir(), 'portal-web-'));
    writeFileSync(join(web, 'lib-vendor.js'), `${broken}${script}`);
    let afterBuild: ((p: unknown) => void) | undefined;
    pluginPrecompress().setup({ onAfterBuild: (fn: (p: unknown) => void) => (afterBuild = fn) } as never);
    expect(() =>
      afterBuild?.({ environments: { web: { distPath: web, config: { output: { target: 'web' } } } } }),
    ).toThrow(/do not parse:\n.*lib-vendor\.js: Invalid or unexpected token/);
    expect(existsSync(join(web, 'lib-vendor.js.br'))).toBe(false);
    rmSync(web, { recursive: true, force: true });
  });
});

describe('the prerendered Auth pages (docs/decisions.md LB12)', () => {
  let built: string;
  beforeAll(() => {
    built = mkdtempSync(join(tmpdir(), 'portal-prerendered-'));
    writeFileSync(join(built, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(built, 'public.html'), '<!doctype html><title>public</title>');
    mkdirSync(join(built, 'prerendered'));
    // the build writes every page of PRERENDERED_PATHS; two are enough to tell them apart
    writeFileSync(join(built, 'prerendered', 'ru-login.html'), '<!doctype html><title>ru login</title>');
    writeFileSync(
      join(built, 'prerendered', 'uz-register.html'),
      '<!doctype html><title>uz register</title>',
    );
    mkdirSync(join(built, 'static/js/async'), { recursive: true });
    writeFileSync(join(built, 'static/js/async', 'messages-uz-start.5f6a7b8c9d.js'), 'x');
  });
  afterAll(() => rmSync(built, { recursive: true, force: true }));
  const title = async (path: string) =>
    /<title>(.*)<\/title>/.exec(await (await spaRoutes(built).request(path)).text())?.[1];

  it('answers a prerendered address with its page, still preloading the start messages', async () => {
    expect(await title('/ru/login')).toBe('ru login');
    // an empty query is no query (the page's `location.search` is empty too)
    expect(await title('/ru/login?')).toBe('ru login');
    const res = await spaRoutes(built).request('/uz/register');
    expect(/<title>(.*)<\/title>/.exec(await res.text())?.[1]).toBe('uz register');
    expect(res.headers.get('Link')).toContain('messages-uz-start');
  });

  it('answers the same address with a query, and every other Auth page, with the app’s page', async () => {
    for (const path of ['/ru/login?sso=failed', '/ru/restore?r=abc', '/ru/check', '/ru/login/', '/en/login'])
      expect(await title(path), path).toBe('app');
  });

  it('answers a prerendered address the build did not write with the app’s page', async () => {
    expect(await title('/uz/login')).toBe('app');
    expect(await title('/ru/new-client')).toBe('public');
  });
});

describe('API replies', () => {
  const big = { status: 'OKOK', result: Array.from({ length: 300 }, (_, i) => ({ sn: 900000000 + i })) };
  const app = new Hono();
  app.use('/api/*', compressReplies());
  app.get('/api/big', (c) => c.json(big));
  app.get('/api/small', (c) => c.json({ status: 'OKOK', result: null }));

  it('compresses a large JSON reply with brotli, else gzip', async () => {
    const br = await app.request('/api/big', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(br.headers.get('Vary')).toContain('Accept-Encoding');
    expect(JSON.parse(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString('utf8'))).toEqual(
      big,
    );
    const gz = await app.request('/api/big', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('Content-Encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString('utf8'))).toEqual(big);
  });

  it('leaves small replies and clients without codings uncompressed', async () => {
    const small = await app.request('/api/small', { headers: { 'Accept-Encoding': 'br' } });
    expect(small.headers.get('Content-Encoding')).toBeNull();
    expect(await small.json()).toEqual({ status: 'OKOK', result: null });
    const plain = await app.request('/api/big');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.json()).toEqual(big);
  });
});
