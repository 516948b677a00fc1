import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocketServer } from 'ws';
import { hasEimzoNewApi, isEimzoVersionSupported } from '@/domain/eimzo.rules';
import { pickKeyForTin } from '@/services/eimzo/eimzo-alias';
import {
  createEimzoClient,
  defaultEimzoUrl,
  EIMZO_WS_URL,
  EIMZO_WSS_URL,
  type EimzoClientOptions,
  encodeBase64Utf8,
  unsupportedVersion,
} from '@/services/eimzo/eimzo-client';
import { type EimzoError, eimzoErrorKey, isEimzoFailure } from '@/services/eimzo/eimzo-errors';
import { type SimulatorHandle, startSimulator } from '../../server/eimzo/simulator';
import { testCaTrust } from '../../server/eimzo/trust';
import { verifyPkcs7 } from '../../server/eimzo/verify';
import { MAIN_KEY, NAVOIY_KEY, socketFrom, TEST_KEYS, tempDir } from '../support/eimzo';

const LOCAL_ORIGIN = 'http://localhost:3000';
let sim: SimulatorHandle;
const data = tempDir();

beforeAll(async () => {
  sim = await startSimulator({
    port: 0,
    controlPort: 0,
    dataDir: data.dir,
    keys: TEST_KEYS,
    mode: 'scripted',
    apiKeys: { 'portal.example': 'PORTAL-KEY', 'partner.example': 'PARTNER-KEY' },
  });
});

afterAll(async () => {
  await sim.close();
  data.remove();
});

afterEach(async () => {
  sim.clearScript();
  sim.setVersion({ major: 6, minor: 4, patch: 7 });
  await sim.setRunning(true);
  vi.unstubAllGlobals();
});

function client(extra: EimzoClientOptions = {}) {
  return createEimzoClient({
    url: sim.url,
    WebSocketImpl: socketFrom(LOCAL_ORIGIN),
    timeoutMs: 5000,
    ...extra,
  });
}

/** The EimzoError a promise rejects with (fails the test when it resolves or throws something else). */
async function failure(promise: Promise<unknown>): Promise<EimzoError> {
  try {
    await promise;
  } catch (e) {
    if (isEimzoFailure(e)) return e.error;
    throw e;
  }
  throw new Error('expected an EimzoFailure');
}

async function loadedKeyId(c = client(), tin = MAIN_KEY.inn ?? '') {
  const keys = await c.listKeys();
  const pick = pickKeyForTin(keys, tin, new Date());
  if (!pick.ok) throw new Error(pick.reason);
  return c.loadKey(pick.key);
}

describe('E-IMZO client against the simulator', () => {
  it('reads the version with installed = major*100+minor', async () => {
    const v = await client().version();
    expect(v).toEqual({ major: 6, minor: 4, patch: 7, installed: 604 });
    expect(isEimzoVersionSupported(v.installed)).toBe(true);
  });

  it('exposes 4.39 as installed 439, which is not supported', async () => {
    sim.setVersion({ major: 4, minor: 39, patch: 0 });
    const v = await client().version();
    expect(v.installed).toBe(439);
    expect(isEimzoVersionSupported(v.installed)).toBe(false);
    expect(hasEimzoNewApi(v.installed)).toBe(true);
    const error = unsupportedVersion(v);
    expect(error).toEqual({ kind: 'oldVersion', installed: 439 });
    expect(error && eimzoErrorKey(error)).toBe('eimzo.oldVersion');
    sim.setVersion({ major: 4, minor: 40, patch: 1 });
    const supported = await client().version();
    expect(isEimzoVersionSupported(supported.installed)).toBe(true);
    expect(unsupportedVersion(supported)).toBeUndefined();
  });

  it('registers API keys', async () => {
    await expect(
      client({ apiKeys: ['localhost', 'ANY', 'portal.example', 'PORTAL-KEY'] }).apikey(),
    ).resolves.toBe(undefined);
    expect(sim.registeredDomains()).toContain('portal.example');
  });

  it('lists the keys with their aliases parsed, type pfx', async () => {
    const keys = await client().listKeys();
    expect(keys.map((k) => k.serialNumber)).toEqual(TEST_KEYS.map((k) => k.serialNumber.toUpperCase()));
    const main = keys[1];
    expect(main).toMatchObject({
      type: 'pfx',
      TIN: '302145876',
      CN: 'ABDULLAYEVA MALIKA',
      disk: MAIN_KEY.disk,
      path: MAIN_KEY.path,
      name: MAIN_KEY.file,
    });
    expect(main?.alias).toMatch(/^cn=abdullayeva malika,/);
  });

  it('loads the matching key, signs attached data the backend verifies, and unloads it', async () => {
    const c = client();
    const keyId = await loadedKeyId(c);
    expect(keyId).toMatch(/^[0-9a-f]{32}$/);
    const text = 'sn=901234567;ban=100234561';
    const sig = await c.sign(keyId, encodeBase64Utf8(text));
    expect(sig.signer_serial_number).toBe(MAIN_KEY.serialNumber);
    expect(sig.signature_hex).toMatch(/^[0-9a-f]{512}$/);
    const verified = await verifyPkcs7(sig.pkcs7_64, {
      trust: testCaTrust(sim.ca.caCertPem),
      tsa: sim.ca.tsa,
      now: new Date(),
      expectedTin: '302145876',
    });
    expect(verified).toMatchObject({
      ok: true,
      tin: '302145876',
      signedData: text,
      serialNumber: MAIN_KEY.serialNumber,
    });
    await c.unloadKey(keyId);
    expect(await failure(c.sign(keyId, encodeBase64Utf8(text)))).toEqual({ kind: 'keyNotFound' });
  });

  it('signs detached when asked', async () => {
    const c = client();
    const keyId = await loadedKeyId(c, NAVOIY_KEY.inn);
    const sig = await c.sign(keyId, encodeBase64Utf8('x'), true);
    expect(
      await verifyPkcs7(sig.pkcs7_64, { trust: testCaTrust(sim.ca.caCertPem), now: new Date() }),
    ).toEqual({
      ok: false,
      reason: 'detached',
    });
  });

  it('encodes UTF-8 text as base64', () => {
    expect(encodeBase64Utf8('Подпись')).toBe(Buffer.from('Подпись', 'utf8').toString('base64'));
  });
});

describe('E-IMZO client failures', () => {
  it('noWebsocket without any WebSocket', async () => {
    vi.stubGlobal('WebSocket', undefined);
    const c = createEimzoClient({ url: sim.url });
    const error = await failure(c.version());
    expect(error).toEqual({ kind: 'noWebsocket' });
    expect(eimzoErrorKey(error)).toBe('eimzo.noWebsocket');
  });

  it('connection error when the module is not running', async () => {
    await sim.setRunning(false);
    expect(await failure(client().version())).toEqual({ kind: 'connection', mobile: false });
    const mobile = await failure(client({ isMobile: true }).listKeys());
    expect(mobile).toEqual({ kind: 'connection', mobile: true });
    expect(eimzoErrorKey(mobile)).toBe('eimzo.connectionMobile');
    await sim.setRunning(true);
    expect((await client().version()).installed).toBe(604);
  });

  it('connection error when the module drops the connection', async () => {
    sim.script('drop', '*');
    expect(await failure(client().listKeys())).toEqual({ kind: 'connection', mobile: false });
    const c = client();
    const keyId = await loadedKeyId(c);
    sim.script('drop');
    expect(await failure(c.sign(keyId, encodeBase64Utf8('x')))).toEqual({
      kind: 'connection',
      mobile: false,
    });
  });

  it('connection error when the module quits while asking the password, and afterwards', async () => {
    const c = client();
    const keyId = await loadedKeyId(c);
    sim.script('notRunning');
    expect(await failure(c.sign(keyId, encodeBase64Utf8('x')))).toEqual({
      kind: 'connection',
      mobile: false,
    });
    expect(sim.isRunning()).toBe(false);
    expect(await failure(c.version())).toEqual({ kind: 'connection', mobile: false });
  });

  it('badPassword on builds before 6 (BadPaddingException)', async () => {
    sim.setVersion({ major: 5, minor: 17, patch: 0 });
    const c = client();
    const keyId = await loadedKeyId(c);
    sim.script('wrongPassword');
    const error = await failure(c.sign(keyId, encodeBase64Utf8('x')));
    expect(error).toEqual({ kind: 'badPassword' });
    expect(eimzoErrorKey(error)).toBe('eimzo.badPassword');
    sim.script({ password: 'not-it' });
    expect(await failure(c.sign(keyId, encodeBase64Utf8('x')))).toEqual({ kind: 'badPassword' });
    sim.script({ password: MAIN_KEY.password });
    await expect(c.sign(keyId, encodeBase64Utf8('x'))).resolves.toHaveProperty(
      'signer_serial_number',
      '7a3c0002',
    );
  });

  it('cancelled after wrong passwords on 6.x builds (3 tries, then -5000)', async () => {
    const c = client();
    const keyId = await loadedKeyId(c);
    sim.script('wrongPassword');
    expect(await failure(c.sign(keyId, encodeBase64Utf8('x')))).toEqual({ kind: 'cancelled' });
  });

  it('cancelled when the password window is closed', async () => {
    const c = client();
    const keyId = await loadedKeyId(c);
    sim.script('cancel');
    const error = await failure(c.sign(keyId, encodeBase64Utf8('x')));
    expect(error).toEqual({ kind: 'cancelled' });
    expect(eimzoErrorKey(error)).toBe('eimzo.cancelled');
  });

  it('keyNotFound for an unknown keyId', async () => {
    const error = await failure(client().sign('0123456789abcdef0123456789abcdef', encodeBase64Utf8('x')));
    expect(error).toEqual({ kind: 'keyNotFound' });
    expect(await failure(client().unloadKey('nope'))).toEqual({ kind: 'keyNotFound' });
  });

  it('apiKey errors for a foreign origin until its key is registered', async () => {
    const foreign = client({ WebSocketImpl: socketFrom('https://shop.example') });
    const refused = await failure(foreign.listKeys());
    expect(refused).toEqual({ kind: 'apiKey', status: -1022 });
    expect(eimzoErrorKey(refused)).toBe('eimzo.domainNotAllowed');
    // Main functions are not checked.
    await expect(foreign.version()).resolves.toHaveProperty('installed', 604);

    const partner = socketFrom('https://partner.example');
    const wrong = client({ WebSocketImpl: partner, apiKeys: ['partner.example', 'WRONG'] });
    expect(await failure(wrong.apikey())).toEqual({ kind: 'apiKey', status: -1020 });
    expect(await failure(wrong.listKeys())).toEqual({ kind: 'apiKey', status: -1022 });
    const registered = client({ WebSocketImpl: partner, apiKeys: ['partner.example', 'PARTNER-KEY'] });
    await registered.apikey();
    await expect(registered.listKeys()).resolves.toHaveLength(TEST_KEYS.length);
  });

  it('apiKey -1021 when the page has no identifiable origin', async () => {
    expect(await failure(client({ WebSocketImpl: socketFrom(undefined) }).listKeys())).toEqual({
      kind: 'apiKey',
      status: -1021,
    });
    expect(await failure(client({ WebSocketImpl: socketFrom('null') }).listKeys())).toEqual({
      kind: 'apiKey',
      status: -1021,
    });
  });

  it('generic for a missing key file', async () => {
    const error = await failure(client().loadKey({ disk: 'Z:', path: 'NONE', name: 'DS0', alias: 'cn=x' }));
    expect(error).toMatchObject({ kind: 'generic', status: -2002 });
    expect(eimzoErrorKey(error)).toBe('eimzo.generic');
  });
});

describe('E-IMZO client against a misbehaving module', () => {
  let server: WebSocketServer;
  let behave: (socket: import('ws').WebSocket) => void = () => {};
  let url = '';

  beforeAll(async () => {
    server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    server.on('connection', (socket) => behave(socket));
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const address = server.address();
    url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/service/cryptapi`;
  });

  afterAll(async () => {
    for (const c of server.clients) c.terminate();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const raw = (ms = 2000) =>
    createEimzoClient({ url, WebSocketImpl: socketFrom(LOCAL_ORIGIN), timeoutMs: ms });

  it('times out as a connection error when no reply comes', async () => {
    behave = () => {};
    expect(await failure(raw(200).version())).toEqual({ kind: 'connection', mobile: false });
  });

  it('treats a close 1000 without a reply as a connection error', async () => {
    behave = (socket) => socket.close(1000, 'Done');
    expect(await failure(raw().version())).toEqual({ kind: 'connection', mobile: false });
  });

  it('accepts replies without status, relying on success', async () => {
    behave = (socket) =>
      socket.on('message', () => {
        socket.send(JSON.stringify({ success: true, major: '4', minor: '40' }));
        socket.close(1000, 'Done');
      });
    expect(await raw().version()).toEqual({ major: 4, minor: 40, patch: undefined, installed: 440 });
  });

  it('reads statuses sent as strings and Java reasons without status', async () => {
    let reply: object = {};
    behave = (socket) =>
      socket.on('message', () => {
        socket.send(JSON.stringify(reply));
        socket.close(1000, 'Done');
      });
    reply = { success: false, status: '-5000', reason: 'Ввод пароля отменен' };
    expect(await failure(raw().sign('k', 'eA=='))).toEqual({ kind: 'cancelled' });
    reply = { success: false, reason: 'javax.crypto.BadPaddingException: pad block corrupted' };
    expect(await failure(raw().sign('k', 'eA=='))).toEqual({ kind: 'badPassword' });
    reply = {
      success: false,
      status: 0,
      reason: 'Функция не найдена или версия E-IMZO устарела. Обновите E-IMZO.',
    };
    expect(await failure(raw().listKeys())).toEqual({
      kind: 'generic',
      status: 0,
      reason: 'Функция не найдена или версия E-IMZO устарела. Обновите E-IMZO.',
    });
  });

  it('generic for an unreadable reply or a version without numbers', async () => {
    let frame = 'not json';
    behave = (socket) =>
      socket.on('message', () => {
        socket.send(frame);
        socket.close(1000, 'Done');
      });
    expect(await failure(raw().version())).toMatchObject({ kind: 'generic' });
    frame = JSON.stringify({ success: true, major: 'x' });
    expect(await failure(raw().version())).toMatchObject({ kind: 'generic' });
  });

  it('sends the protocol frames', async () => {
    const frames: unknown[] = [];
    behave = (socket) =>
      socket.on('message', (d) => {
        frames.push(JSON.parse(d.toString()));
        socket.send(
          JSON.stringify({
            success: true,
            status: 1,
            major: '6',
            minor: '4',
            keyId: 'a'.repeat(32),
            pkcs7_64: 'MA==',
          }),
        );
        socket.close(1000, 'Done');
      });
    const c = createEimzoClient({
      url,
      WebSocketImpl: socketFrom(LOCAL_ORIGIN),
      apiKeys: ['localhost', 'K'],
    });
    await c.version();
    await c.apikey();
    await c.listKeys();
    await c.loadKey({ disk: 'C:', path: 'DSKEYS', name: 'DS1', alias: 'cn=a' });
    await c.sign('k1', 'ZGF0YQ==');
    await c.sign('k1', 'ZGF0YQ==', true);
    await c.unloadKey('k1');
    expect(frames).toEqual([
      { name: 'version' },
      { name: 'apikey', arguments: ['localhost', 'K'] },
      { plugin: 'pfx', name: 'list_all_certificates' },
      { plugin: 'pfx', name: 'load_key', arguments: ['C:', 'DSKEYS', 'DS1', 'cn=a'] },
      { plugin: 'pkcs7', name: 'create_pkcs7', arguments: ['ZGF0YQ==', 'k1', 'no'] },
      { plugin: 'pkcs7', name: 'create_pkcs7', arguments: ['ZGF0YQ==', 'k1', 'yes'] },
      { plugin: 'pfx', name: 'unload_key', arguments: ['k1'] },
    ]);
  });
});

describe('module URL', () => {
  it('uses wss on https pages and ws otherwise', () => {
    expect(defaultEimzoUrl('https:')).toBe(EIMZO_WSS_URL);
    expect(defaultEimzoUrl('http:')).toBe(EIMZO_WS_URL);
    expect(defaultEimzoUrl(undefined)).toBe('ws://127.0.0.1:64646/service/cryptapi');
    expect(EIMZO_WSS_URL).toBe('wss://127.0.0.1:64443/service/cryptapi');
  });

  it('connects to the default URL by the page protocol when none is given', async () => {
    const seen: string[] = [];
    class Recorder {
      readyState = 0;
      onopen = null;
      onmessage = null;
      onerror = null;
      onclose: ((e: { code: number }) => void) | null = null;
      constructor(u: string) {
        seen.push(u);
        queueMicrotask(() => this.onclose?.({ code: 1006 }));
      }
      send() {}
      close() {}
    }
    vi.stubGlobal('location', { protocol: 'https:' });
    await failure(createEimzoClient({ WebSocketImpl: Recorder }).version());
    vi.stubGlobal('location', { protocol: 'http:' });
    await failure(createEimzoClient({ WebSocketImpl: Recorder }).version());
    expect(seen).toEqual([EIMZO_WSS_URL, EIMZO_WS_URL]);
  });
});
