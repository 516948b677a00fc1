import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEimzoClient, encodeBase64Utf8 } from '@/services/eimzo/eimzo-client';
import { EIMZO_STATUS, isEimzoFailure } from '@/services/eimzo/eimzo-errors';
import { DEMO_COMPANIES } from '../../server/db/demo-accounts';
import { loadOrCreateTlsCertificate } from '../../server/eimzo/ca';
import { escapeHtml, renderControlPage } from '../../server/eimzo/control-page';
import {
  DEMO_COMPANY_TINS,
  DEMO_KEYS,
  DEMO_PROSPECT_TINS,
  DEMO_UNKNOWN_TIN,
  demoKeyTin,
} from '../../server/eimzo/demo-keys';
import { REASON, STATUS } from '../../server/eimzo/protocol';
import { type SimulatorHandle, startSimulator } from '../../server/eimzo/simulator';
import { testCaTrust } from '../../server/eimzo/trust';
import { verifyPkcs7 } from '../../server/eimzo/verify';
import { MAIN_KEY, NAVOIY_KEY, rawCall, socketFrom, TEST_KEYS, tempDir } from '../support/eimzo';

const data = tempDir();
let sim: SimulatorHandle;

beforeAll(async () => {
  sim = await startSimulator({
    port: 0,
    controlPort: 0,
    wss: true,
    wssPort: 0,
    dataDir: data.dir,
    keys: TEST_KEYS,
    mode: 'interactive',
    passwordTimeoutMs: 1500,
  });
});

afterAll(async () => {
  await sim.close();
  data.remove();
});

afterEach(() => {
  sim.clearScript();
  sim.setVersion({ major: 6, minor: 4, patch: 7 });
  for (const p of sim.pending()) sim.cancel(p.id);
});

const client = () =>
  createEimzoClient({ url: sim.url, WebSocketImpl: socketFrom('http://localhost:3000'), timeoutMs: 5000 });

async function control(path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(new URL(path, sim.controlUrl), {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

async function loaded(serial = MAIN_KEY.serialNumber) {
  const c = client();
  const key = (await c.listKeys()).find((k) => k.serialNumber === serial.toUpperCase());
  if (!key) throw new Error('key not listed');
  return { c, keyId: await c.loadKey(key) };
}

describe('wire protocol', () => {
  it('answers version with strings and closes with 1000 Done', async () => {
    const r = await rawCall(sim.url, JSON.stringify({ name: 'version' }));
    expect(r.reply).toEqual({ success: true, status: 1, major: '6', minor: '4', patch: '7' });
    expect(r.closeCode).toBe(1000);
    expect(r.closeReason).toBe('Done');
  });

  it('answers status 0 for unknown functions, bad JSON, binary frames and wrong argument counts', async () => {
    const notFound = { success: false, status: 0, reason: REASON.functionNotFound };
    expect((await rawCall(sim.url, JSON.stringify({ plugin: 'pfx', name: 'nope' }))).reply).toEqual(notFound);
    expect((await rawCall(sim.url, '{not json')).reply).toEqual(notFound);
    expect((await rawCall(sim.url, Buffer.from('{"name":"version"}'))).reply).toEqual(notFound);
    expect((await rawCall(sim.url, JSON.stringify({ name: 'version', arguments: [1] }))).reply).toEqual(
      notFound,
    );
    const loadKey = JSON.stringify({ plugin: 'pfx', name: 'load_key', arguments: ['C:'] });
    expect((await rawCall(sim.url, loadKey)).reply).toEqual(notFound);
    expect((await rawCall(sim.url, JSON.stringify({ name: 'apikey', arguments: ['odd'] }))).reply).toEqual(
      notFound,
    );
  });

  it('lists certificates as {disk, path, name, alias}', async () => {
    const r = await rawCall(sim.url, JSON.stringify({ plugin: 'pfx', name: 'list_all_certificates' }));
    const certs = r.reply?.certificates as Record<string, string>[];
    expect(certs).toHaveLength(TEST_KEYS.length);
    expect(certs[1]).toEqual({
      disk: 'C:',
      path: 'DSKEYS',
      name: MAIN_KEY.file,
      alias:
        'cn=abdullayeva malika,name=malika,surname=abdullayeva,c=uz,o=toshkent savdo invest mchj,uid=512300101,1.2.860.3.16.1.2=42103880010011,t=direktor,1.2.860.3.16.1.1=302145876,serialnumber=7a3c0002,validfrom=2025.01.15 09:00:00,validto=2035.01.15 23:59:59',
    });
  });

  it('loads keys with a 32-hex keyId of type PFX_KEY_STORE, or -2002 / -2006', async () => {
    const args = [MAIN_KEY.disk, MAIN_KEY.path, MAIN_KEY.file];
    const alias = (await client().listKeys())[1]?.alias ?? '';
    const good = await rawCall(
      sim.url,
      JSON.stringify({ plugin: 'pfx', name: 'load_key', arguments: [...args, alias] }),
    );
    expect(good.reply).toMatchObject({ success: true, type: 'PFX_KEY_STORE' });
    expect(good.reply?.keyId).toMatch(/^[0-9a-f]{32}$/);
    const noFile = await rawCall(
      sim.url,
      JSON.stringify({ plugin: 'pfx', name: 'load_key', arguments: ['D:', 'X', 'Y', alias] }),
    );
    expect(noFile.reply).toMatchObject({ success: false, status: -2002 });
    const noAlias = await rawCall(
      sim.url,
      JSON.stringify({ plugin: 'pfx', name: 'load_key', arguments: [...args, 'cn=someone else'] }),
    );
    expect(noAlias.reply).toMatchObject({ success: false, status: -2006 });
  });

  it('answers the hardware probes with empty lists', async () => {
    const probe = async (plugin: string, name: string) =>
      (await rawCall(sim.url, JSON.stringify({ plugin, name }))).reply;
    expect(await probe('idcard', 'list_readers')).toEqual({ success: true, status: 1, readers: [] });
    expect(await probe('baikey', 'list_tokens')).toEqual({ success: true, status: 1, tokens: [] });
    expect(await probe('ckc', 'list_ckc')).toEqual({ success: true, status: 1, devices: [] });
  });

  it('refuses plugin calls without an Origin (-1021) but answers main functions', async () => {
    const list = JSON.stringify({ plugin: 'pfx', name: 'list_all_certificates' });
    expect((await rawCall(sim.url, list, null)).reply).toMatchObject({ success: false, status: -1021 });
    expect((await rawCall(sim.url, JSON.stringify({ name: 'version' }), null)).reply).toMatchObject({
      success: true,
    });
    expect((await rawCall(sim.url, list, 'http://127.0.0.1:8080')).reply).toMatchObject({ success: true });
  });

  it('uses the statuses the client knows', () => {
    expect(EIMZO_STATUS).toEqual({
      ok: STATUS.ok,
      functionNotFound: STATUS.functionNotFound,
      keyNotFound: STATUS.keyNotFound,
      badApiKey: STATUS.badApiKey,
      noOrigin: STATUS.noOrigin,
      domainNotAllowed: STATUS.domainNotAllowed,
      passwordCancelled: STATUS.passwordCancelled,
    });
  });

  it('speaks wss with its self-signed certificate', async () => {
    expect(sim.wssUrl).toMatch(/^wss:\/\/127\.0\.0\.1:\d+\/service\/cryptapi$/);
    const tls = loadOrCreateTlsCertificate(data.dir);
    const c = createEimzoClient({
      url: sim.wssUrl ?? '',
      WebSocketImpl: socketFrom('https://localhost:8443', { ca: tls.certPem }),
    });
    expect((await c.version()).installed).toBe(604);
    expect(await c.listKeys()).toHaveLength(TEST_KEYS.length);
  });
});

describe('interactive password', () => {
  it('waits for the password, asks again after a wrong one (6.x), then signs', async () => {
    const { c, keyId } = await loaded();
    const signing = c.sign(keyId, encodeBase64Utf8('sn=901234567'));
    const p = await sim.waitForPending();
    expect(p).toMatchObject({
      keyId,
      serialNumber: MAIN_KEY.serialNumber,
      tin: '302145876',
      dataText: 'sn=901234567',
    });
    expect(p.triesLeft).toBe(3);
    expect(sim.answer(p.id, 'wrong')).toEqual({ outcome: 'wrongPassword', triesLeft: 2 });
    expect(sim.pending()[0]).toMatchObject({ id: p.id, triesLeft: 2, lastError: 'wrongPassword' });
    expect(sim.answer(p.id, MAIN_KEY.password)).toEqual({ outcome: 'signed' });
    const sig = await signing;
    expect(
      await verifyPkcs7(sig.pkcs7_64, { trust: testCaTrust(sim.ca.caCertPem), now: new Date() }),
    ).toMatchObject({
      ok: true,
      signedData: 'sn=901234567',
    });
    expect(sim.pending()).toEqual([]);
    expect(sim.answer(p.id, MAIN_KEY.password)).toEqual({ outcome: 'unknownRequest' });
  });

  it('gives up with -5000 after three wrong passwords on 6.x', async () => {
    const { c, keyId } = await loaded();
    const signing = c.sign(keyId, encodeBase64Utf8('x')).catch((e: unknown) => e);
    const p = await sim.waitForPending();
    sim.answer(p.id, 'a');
    sim.answer(p.id, 'b');
    expect(sim.answer(p.id, 'c')).toEqual({ outcome: 'cancelled', triesLeft: 0 });
    const error = await signing;
    expect(isEimzoFailure(error) && error.error).toEqual({ kind: 'cancelled' });
  });

  it('answers BadPaddingException at the first wrong password before 6.0', async () => {
    sim.setVersion({ major: 5, minor: 17, patch: 0 });
    const { c, keyId } = await loaded();
    const signing = c.sign(keyId, encodeBase64Utf8('x')).catch((e: unknown) => e);
    const p = await sim.waitForPending();
    expect(p.triesLeft).toBe(1);
    expect(sim.answer(p.id, 'wrong')).toEqual({ outcome: 'wrongPassword', triesLeft: 0 });
    const error = await signing;
    expect(isEimzoFailure(error) && error.error).toEqual({ kind: 'badPassword' });
  });

  it('cancels a request nobody answers before the time-out', async () => {
    const { c, keyId } = await loaded(NAVOIY_KEY.serialNumber);
    const started = Date.now();
    const error = await c.sign(keyId, encodeBase64Utf8('x')).catch((e: unknown) => e);
    expect(isEimzoFailure(error) && error.error).toEqual({ kind: 'cancelled' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
  });

  it('drops a pending request whose caller went away', async () => {
    const { keyId } = await loaded();
    const c = createEimzoClient({
      url: sim.url,
      WebSocketImpl: socketFrom('http://localhost:3000'),
      signTimeoutMs: 300,
    });
    const signing = c.sign(keyId, encodeBase64Utf8('x')).catch((e: unknown) => e);
    await sim.waitForPending();
    const error = await signing;
    expect(isEimzoFailure(error) && error.error).toEqual({ kind: 'connection', mobile: false });
    await expect.poll(() => sim.pending().length).toBe(0);
  });

  it('drops the request at once when the portal gives up waiting (Escape: the signal closes the socket, U20)', async () => {
    const { c, keyId } = await loaded();
    const abort = new AbortController();
    const signing = c.sign(keyId, encodeBase64Utf8('x'), false, abort.signal).catch((e: unknown) => e);
    await sim.waitForPending();
    expect(sim.pending()).toHaveLength(1);
    abort.abort();
    const error = await signing;
    expect(isEimzoFailure(error) && error.error).toEqual({ kind: 'cancelled' });
    await expect.poll(() => sim.pending().length, { timeout: 2000 }).toBe(0);
  });

  it('lets a scripted outcome answer even in interactive mode', async () => {
    const { c, keyId } = await loaded();
    sim.script({ password: MAIN_KEY.password });
    await expect(c.sign(keyId, encodeBase64Utf8('x'))).resolves.toHaveProperty(
      'signer_serial_number',
      '7a3c0002',
    );
  });
});

describe('control API', () => {
  it('reports state, keys and passwords', async () => {
    const { status, json } = await control('/state');
    expect(status).toBe(200);
    expect(json).toMatchObject({ version: '6.4.7', mode: 'interactive', running: true, url: sim.url });
    expect(json.keys).toContainEqual(
      expect.objectContaining({ serialNumber: '7a3c0002', tin: '302145876', password: '1111' }),
    );
  });

  it('lists and answers pending requests over JSON', async () => {
    const { c, keyId } = await loaded();
    const signing = c.sign(keyId, encodeBase64Utf8('json'));
    await sim.waitForPending();
    const pending = (await fetch(new URL('/pending', sim.controlUrl)).then((r) => r.json())) as {
      id: string;
    }[];
    expect(pending).toHaveLength(1);
    const id = pending[0]?.id ?? '';
    expect((await control('/answer', { id, password: 'nope' })).json).toEqual({
      outcome: 'wrongPassword',
      triesLeft: 2,
    });
    expect((await control('/answer', { id, password: MAIN_KEY.password })).json).toEqual({
      outcome: 'signed',
    });
    await expect(signing).resolves.toHaveProperty('pkcs7_64');
  });

  it('cancels over JSON', async () => {
    const { c, keyId } = await loaded();
    const signing = c.sign(keyId, encodeBase64Utf8('x')).catch((e: unknown) => e);
    const p = await sim.waitForPending();
    expect((await control('/cancel', { id: p.id })).json).toEqual({ cancelled: true });
    const error = await signing;
    expect(isEimzoFailure(error) && error.error).toEqual({ kind: 'cancelled' });
  });

  it('scripts outcomes and validates them', async () => {
    expect((await control('/script', { outcome: 'cancel' })).json).toEqual({ queued: 1 });
    const { c, keyId } = await loaded();
    const error = await c.sign(keyId, encodeBase64Utf8('x')).catch((e: unknown) => e);
    expect(isEimzoFailure(error) && error.error).toEqual({ kind: 'cancelled' });
    expect((await control('/script', { outcome: 'explode' })).status).toBe(400);
    expect((await control('/script', { outcome: 'cancel', call: 'version' })).status).toBe(400);
  });

  it('sets the version', async () => {
    expect((await control('/version', { major: 4, minor: 39, patch: 0 })).json).toEqual({
      version: '4.39.0',
    });
    expect((await client().version()).installed).toBe(439);
    expect((await control('/version', { version: '5.1' })).json).toEqual({ version: '5.1.0' });
    expect((await control('/version', { version: 'new' })).status).toBe(400);
  });

  it('stops and restarts the module', async () => {
    expect((await control('/running', { running: false })).json).toEqual({ running: false });
    const error = await client()
      .version()
      .catch((e: unknown) => e);
    expect(isEimzoFailure(error) && error.error).toEqual({ kind: 'connection', mobile: false });
    expect((await control('/running', { running: true })).json).toEqual({ running: true });
    expect((await client().version()).installed).toBe(604);
  });

  it('refuses non-JSON posts and foreign origins', async () => {
    const plain = await fetch(new URL('/version', sim.controlUrl), { method: 'POST', body: 'version=1.0' });
    expect(plain.status).toBe(415);
    const foreign = await control('/version', { version: '1.0' }, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(sim.getVersion()).toEqual({ major: 6, minor: 4, patch: 7 });
  });
});

describe('control page', () => {
  async function page(path = '/') {
    const res = await fetch(new URL(path, sim.controlUrl));
    return { res, html: await res.text() };
  }

  async function postForm(path: string, fields: Record<string, string>, origin?: string) {
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (origin) headers.origin = origin;
    return fetch(new URL(path, sim.controlUrl), {
      method: 'POST',
      headers,
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });
  }

  it('is served with a strict CSP, no scripts, and refreshes while idle', async () => {
    const { res, html } = await page();
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).toContain('http-equiv="refresh"');
    expect(html).toContain('Нет запросов на подписание.');
    const css = await fetch(new URL('/style.css', sim.controlUrl));
    expect(css.headers.get('content-type')).toContain('text/css');
  });

  it('shows a pending request with a labelled password form, escapes the data, and signs on post', async () => {
    const { c, keyId } = await loaded();
    const evil = '<script>alert(1)</script>&"\'';
    const signing = c.sign(keyId, encodeBase64Utf8(evil));
    const p = await sim.waitForPending();
    const { html } = await page();
    expect(html).not.toContain('<script>');
    expect(html).toContain(escapeHtml(evil));
    expect(html).toContain(`<label for="pw-${p.id}">Пароль ключа</label>`);
    expect(html).toContain(`<input id="pw-${p.id}" name="password" type="password"`);
    expect(html).toContain('<form method="post" action="/ui/answer">');
    expect(html).not.toContain('http-equiv="refresh"');

    const wrong = await postForm(
      '/ui/answer',
      { id: p.id, password: 'bad' },
      sim.controlUrl.replace(/\/$/, ''),
    );
    expect(wrong.status).toBe(303);
    expect(wrong.headers.get('location')).toBe('/?n=wrongPassword');
    const after = await page('/?n=wrongPassword');
    expect(after.html).toContain('Неверный пароль. Осталось попыток: 2');

    const foreign = await postForm(
      '/ui/answer',
      { id: p.id, password: MAIN_KEY.password },
      'https://evil.example',
    );
    expect(foreign.status).toBe(403);
    const good = await postForm('/ui/answer', { id: p.id, password: MAIN_KEY.password });
    expect(good.headers.get('location')).toBe('/?n=signed');
    await expect(signing).resolves.toHaveProperty('signer_serial_number', MAIN_KEY.serialNumber);
  });

  it('changes the version and the running state through forms', async () => {
    expect((await postForm('/ui/version', { version: '4.39' })).headers.get('location')).toBe('/?n=version');
    expect(sim.getVersion()).toEqual({ major: 4, minor: 39, patch: 0 });
    expect((await postForm('/ui/version', { version: 'x' })).headers.get('location')).toBe('/?n=badVersion');
    await postForm('/ui/running', { running: 'off' });
    expect(sim.isRunning()).toBe(false);
    await postForm('/ui/running', { running: 'on' });
    expect(sim.isRunning()).toBe(true);
  });

  it('escapes every text it renders', () => {
    const html = renderControlPage({
      version: '<v>',
      mode: 'interactive',
      running: true,
      url: 'ws://"x"',
      wssUrl: undefined,
      pending: [],
      keys: [{ ...MAIN_KEY, cn: '<b>cn</b>', note: '<i>', alias: 'a', tin: '<t>' }],
      registeredDomains: ['<d>'],
      notice: '<n>',
    });
    for (const raw of ['<v>', '<b>cn</b>', '<i>', '<t>', '<d>', '<n>', 'ws://"x"'])
      expect(html).not.toContain(raw);
    expect(html).toContain('&lt;b&gt;cn&lt;/b&gt;');
  });
});

describe('demo keys', () => {
  const companyTins = new Set<string>(DEMO_COMPANIES.map((c) => c.tin));

  it('sign for the demo companies of the backend seed, except the unknown-TIN key', () => {
    for (const tin of DEMO_COMPANY_TINS) expect(companyTins.has(tin)).toBe(true);
    expect(companyTins.has(DEMO_UNKNOWN_TIN)).toBe(false);
    for (const k of DEMO_KEYS) {
      const tin = demoKeyTin(k) ?? '';
      const prospect = (Object.values(DEMO_PROSPECT_TINS) as string[]).includes(tin);
      expect(
        tin === DEMO_UNKNOWN_TIN || prospect || (DEMO_COMPANY_TINS as readonly string[]).includes(tin),
      ).toBe(true);
    }
    // the registration wizard's companies are not clients yet (the onboarding requirements)
    for (const tin of Object.values(DEMO_PROSPECT_TINS)) expect(companyTins.has(tin)).toBe(false);
  });

  it('have unique serials and files, positive hex serials, and one expired key', () => {
    expect(new Set(DEMO_KEYS.map((k) => k.serialNumber)).size).toBe(DEMO_KEYS.length);
    expect(new Set(DEMO_KEYS.map((k) => k.file)).size).toBe(DEMO_KEYS.length);
    for (const k of DEMO_KEYS) expect(k.serialNumber).toMatch(/^[0-7][0-9a-f]*$/);
    const now = new Date(2026, 10, 22);
    const expired = DEMO_KEYS.filter((k) => {
      const [d] = k.validTo.split(' ');
      const [y, m, day] = (d ?? '').split('.').map(Number);
      return new Date(y ?? 0, (m ?? 1) - 1, day) < now;
    });
    expect(expired.map((k) => k.serialNumber)).toEqual(['7a3c0001']);
  });
});
