/**
 * Message delivery outside demo mode (docs/decisions.md MSG1-MSG3): e-mail over SMTP to an
 * in-process SMTP server (STARTTLS with a certificate the portal is told to trust, AUTH), SMS to a local HTTP stub of
 * the documented gateway contract; bounded retries, E142 when a message did not go, nothing secret in the log.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryOptionsFromEnv, deliverySummary } from '../../server/delivery/options';
import { createDelivery, type Delivery } from '../../server/delivery/transport';
import { loadOrCreateTlsCertificate } from '../../server/eimzo/ca';
import { createHarness, type Harness, userEntries } from './harness';

const dir = mkdtempSync(join(tmpdir(), 'portal-delivery-'));

interface Mail {
  from: string;
  to: string[];
  user: string | undefined;
  secure: boolean;
  raw: string;
}

/** An SMTP server that asks for STARTTLS and AUTH and keeps what it receives. */
async function smtpSink(): Promise<{
  port: number;
  mails: Mail[];
  caFile: string;
  close: () => Promise<void>;
}> {
  const tls = loadOrCreateTlsCertificate(dir);
  const caFile = join(dir, 'smtp-ca.pem');
  writeFileSync(caFile, tls.certPem);
  const mails: Mail[] = [];
  const server = new SMTPServer({
    key: tls.keyPem,
    cert: tls.certPem,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, done) {
      if (auth.username === 'portal' && auth.password === 's3cret-pass') done(null, { user: auth.username });
      else done(new Error('Invalid username or password'));
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          secure: session.secure,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        done();
      });
    },
    logger: false,
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.server.address() as AddressInfo).port;
  return { port, mails, caFile, close: () => new Promise((r) => server.close(() => r())) };
}

/** The text of a received mail: its body, decoded (nodemailer picks quoted-printable or base64), lines with LF. */
function textOf(mail: Mail | undefined): string {
  const raw = mail?.raw ?? '';
  const split = raw.search(/\r?\n\r?\n/);
  const [head, body] = [raw.slice(0, split), raw.slice(split).trim()];
  const decoded = /^Content-Transfer-Encoding: base64/im.test(head)
    ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
    : Buffer.concat(
        body
          .replace(/=\r?\n/g, '')
          .split(/(=[0-9A-F]{2})/)
          .map((p) =>
            /^=[0-9A-F]{2}$/.test(p) ? Buffer.from([Number.parseInt(p.slice(1), 16)]) : Buffer.from(p),
          ),
      );
  return decoded.toString('utf8').replace(/\r\n/g, '\n');
}

interface Sms {
  auth: string | undefined;
  body: { to: string; text: string; lang: string; sender?: string };
}

/** The SMS gateway stand-in: answers each POST with the next status of `script` (then 200), keeps the bodies. */
async function smsGateway(): Promise<{
  url: string;
  got: Sms[];
  script: number[];
  hang: { on: boolean };
  close: () => Promise<void>;
}> {
  const got: Sms[] = [];
  const script: number[] = [];
  const hang = { on: false };
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ auth: req.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      if (hang.on) return;
      res.writeHead(script.shift() ?? 200, { 'content-type': 'application/json' });
      res.end('{"echo":"whatever the gateway says"}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
  return {
    url,
    got,
    script,
    hang,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

let smtp: Awaited<ReturnType<typeof smtpSink>>;
let sms: Awaited<ReturnType<typeof smsGateway>>;
beforeAll(async () => {
  [smtp, sms] = await Promise.all([smtpSink(), smsGateway()]);
});
afterAll(async () => {
  await Promise.all([smtp.close(), sms.close()]);
});

/** The delivery `npm start` would build from these variables (the retries do not wait in tests). */
function deliveryFrom(env: Record<string, string>): Delivery {
  return { ...createDelivery(deliveryOptionsFromEnv(env)), sleep: async () => {} };
}

const smtpEnv = () => ({
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: String(smtp.port),
  SMTP_USER: 'portal',
  SMTP_PASSWORD: 's3cret-pass',
  SMTP_FROM: 'B2B portal <no-reply@b2b.example.uz>',
  SMTP_CA_FILE: smtp.caFile,
  SMTP_TIMEOUT_MS: '3000',
});
const smsEnv = () => ({
  SMS_GATEWAY_URL: sms.url,
  SMS_GATEWAY_AUTH: 'Bearer gw-token-1',
  SMS_GATEWAY_SENDER: 'B2B',
});

const production = (delivery: Delivery): Harness => createHarness({ config: { demoMode: false }, delivery });

const events = (h: Harness) => h.logs.map((l) => JSON.parse(l) as { event: string; [k: string]: unknown });
/** The `reason` of each log line of `event`, in order. */
const reasons = (h: Harness, event: string) =>
  events(h)
    .filter((e) => e.event === event)
    .map((e) => e.reason);

/** A number of the type-15 company that has no account yet. */
function freeNumber(h: Harness): string {
  return (
    h.db
      .prepare(
        `SELECT sn FROM numbers n WHERE ban = '100457732' AND status = 'A'
           AND NOT EXISTS (SELECT 1 FROM users u WHERE u.sn = n.sn) ORDER BY sn LIMIT 1`,
      )
      .get() as { sn: string }
  ).sn;
}

describe('e-mail over SMTP', () => {
  it('sends the recovery link over STARTTLS with AUTH, in the language asked in, and logs no link', async () => {
    const h = production(deliveryFrom(smtpEnv()));
    const before = smtp.mails.length;
    const r = await h.agent().call('POST', 'user/forgot', { login: 'admin', lang: 'uz' });
    expect(r.status).toBe('OKOK');
    const mail = smtp.mails[before];
    expect(mail).toMatchObject({ from: 'no-reply@b2b.example.uz', to: ['admin@example.uz'], user: 'portal' });
    expect(mail?.secure).toBe(true);
    expect(mail?.raw).toMatch(/^Subject: Parolni tiklash\r?$/m);
    expect(mail?.raw).toMatch(/^Content-Language: uz-Latn\r?$/m);
    expect(textOf(mail)).toMatch(/^admin logini uchun yangi parol oʻrnatish uchun havolani oching: /);
    const link = /http:\/\/127\.0\.0\.1:8080\/uz\/restore\?r=([\w-]+)/.exec(textOf(mail));
    expect(link).not.toBeNull();
    // the link works: the token it carries sets the password
    expect(
      (
        await h
          .agent()
          .call('POST', 'user/restore', { r: link?.[1], password: 'Mailed-2026a', confirm: 'Mailed-2026a' })
      ).status,
    ).toBe('OKOK');
    expect(events(h).find((e) => e.event === 'message.sent')).toMatchObject({
      channel: 'email',
      kind: 'restore-link',
      lang: 'uz',
      attempt: 1,
    });
    expect(h.logs.join('\n')).not.toContain(link?.[1]);
    expect(h.logs.join('\n')).not.toContain('admin@example.uz');
    // demo mode is off: nothing in the outbox
    expect(h.outbox({ login: 'admin' })).toEqual([]);
  });

  it('writes the message in Russian when asked from a Russian page', async () => {
    const h = production(deliveryFrom(smtpEnv()));
    const before = smtp.mails.length;
    expect((await h.agent().call('POST', 'user/forgot', { login: 'admin', lang: 'ru' })).status).toBe('OKOK');
    const raw = smtp.mails[before]?.raw ?? '';
    expect(raw).toMatch(/^Subject: =\?UTF-8\?/m); // Cyrillic subject, encoded
    expect(textOf(smtp.mails[before])).toMatch(
      /^Чтобы задать новый пароль для логина admin, откройте ссылку: http:\/\/127\.0\.0\.1:8080\/ru\/restore\?r=/,
    );
    expect(raw).toMatch(/^Content-Language: ru\r?$/m);
  });

  it('a wrong password at the relay: E142 after one try (a 5xx will not pass), the log says why, not who', async () => {
    const h = production(deliveryFrom({ ...smtpEnv(), SMTP_PASSWORD: 'wrong' }));
    const before = smtp.mails.length;
    const r = await h.agent().call('POST', 'user/forgot', { login: 'admin', lang: 'ru' });
    expect(r.status).toBe('E142');
    expect(smtp.mails.length).toBe(before);
    const failed = events(h).filter((e) => e.event === 'message.failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      channel: 'email',
      kind: 'restore-link',
      attempt: 1,
      reason: 'smtp 535',
    });
    expect(h.logs.join('\n')).not.toMatch(/admin@example\.uz|wrong/);
  });

  it('a relay that is not there: tried MESSAGE_ATTEMPTS times, then E142', async () => {
    const h = production(deliveryFrom({ ...smtpEnv(), SMTP_PORT: '1', MESSAGE_ATTEMPTS: '2' }));
    expect((await h.agent().call('POST', 'user/forgot', { login: 'admin' })).status).toBe('E142');
    expect(events(h).filter((e) => e.event === 'message.retry')).toHaveLength(1);
    expect(events(h).filter((e) => e.event === 'message.failed')).toMatchObject([
      { attempt: 2, reason: 'ESOCKET' },
    ]);
  });

  it('an account whose activation link cannot be sent is not made; the login stays free (MSG3)', async () => {
    const h = production(deliveryFrom({ ...smtpEnv(), SMTP_PORT: '1', MESSAGE_ATTEMPTS: '1' }));
    const admin = h.agent();
    expect((await admin.login('admin')).status).toBe('OKOK');
    const body = {
      kind: 'admin',
      user_name: 'mailless.operator',
      roles: ['R008'],
      email: 'm.operator@example.uz',
      branch_id: 11,
      region_ids: [1],
    };
    expect((await admin.call('POST', 'user/create', body)).status).toBe('E142');
    expect(h.db.prepare('SELECT 1 FROM users WHERE login = ?').get('mailless.operator')).toBeUndefined();
    // the activity log keeps both: the create, and its undoing (AL1)
    expect(userEntries(h.db, 'mailless.operator').map((e) => [e.action, e.result, e.detail])).toEqual([
      ['user.create', 'ok', { roles: ['R008'] }],
      ['user.create', 'failed', { undone: 'activation link not sent' }],
    ]);

    // with a relay that answers, the same login is created and its link arrives, in both languages
    const ok = production(deliveryFrom(smtpEnv()));
    const admin2 = ok.agent();
    await admin2.login('admin');
    const before = smtp.mails.length;
    expect((await admin2.call('POST', 'user/create', body)).status).toBe('OKOK');
    const text = textOf(smtp.mails[before]);
    expect(smtp.mails[before]?.to).toEqual(['m.operator@example.uz']);
    expect(text).toMatch(/^Для вас создана учётная запись mailless\.operator на портале/);
    expect(text).toContain('\n\nKorporativ mijozlar portalida siz uchun mailless.operator hisobi yaratildi.');
    expect(text.match(/\/ru\/restore\?r=/g)).toHaveLength(2);
  });
});

describe('SMS through the gateway', () => {
  it('posts the code in the page language with the configured Authorization and sender', async () => {
    const h = production(deliveryFrom(smsEnv()));
    const sn = freeNumber(h);
    const before = sms.got.length;
    expect((await h.agent().call('POST', 'user/register', { phone: sn, lang: 'uz' })).status).toBe('OKOK');
    const sent = sms.got[before];
    expect(sent?.auth).toBe('Bearer gw-token-1');
    expect(sent?.body).toMatchObject({ to: `998${sn}`, lang: 'uz', sender: 'B2B' });
    const code = /Tasdiqlash kodi: (\d{6})\./.exec(sent?.body.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    // the code that went out is the one the server checks
    const check = await h.agent().call('POST', 'user/check', { phone: sn, code, lang: 'uz' });
    expect(check.status).toBe('OKOK');
    // then the temporary password, in the same language
    expect(sms.got[before + 1]?.body.text).toMatch(/^Login: \d{9}\. Vaqtinchalik parol: /);
    expect(h.logs.join('\n')).not.toContain(code);
    expect(h.logs.join('\n')).not.toContain('gw-token-1');
  });

  it('tries again after 503 and 429 and sends on the third try', async () => {
    const h = production(deliveryFrom(smsEnv()));
    const sn = freeNumber(h);
    const before = sms.got.length;
    sms.script.push(503, 429);
    expect((await h.agent().call('POST', 'user/register', { phone: sn })).status).toBe('OKOK');
    expect(sms.got.length - before).toBe(3);
    expect(sms.got[before + 2]?.body.text).toMatch(/^Код подтверждения: \d{6}\. /);
    expect(events(h).filter((e) => e.event.startsWith('message.'))).toMatchObject([
      { event: 'message.retry', attempt: 1, reason: 'http 503' },
      { event: 'message.retry', attempt: 2, reason: 'http 429' },
      { event: 'message.sent', attempt: 3 },
    ]);
  });

  it('a 400 is not tried again; three 500s end in E142; the user may ask again after the wait', async () => {
    const h = production(deliveryFrom(smsEnv()));
    const sn = freeNumber(h);
    let before = sms.got.length;
    sms.script.push(400);
    expect((await h.agent().call('POST', 'user/register', { phone: sn })).status).toBe('E142');
    expect(sms.got.length - before).toBe(1);
    h.clock.advance(61_000);
    before = sms.got.length;
    sms.script.push(500, 500, 500);
    const r = await h.agent().call('POST', 'user/resend-code', { phone: sn });
    expect(r.status).toBe('E142');
    expect(sms.got.length - before).toBe(3);
    expect(reasons(h, 'message.failed')).toEqual(['http 400', 'http 500']);
  });

  it('a gateway that does not answer within its time-out counts as a failed try', async () => {
    const h = production(deliveryFrom({ ...smsEnv(), SMS_GATEWAY_TIMEOUT_MS: '150', MESSAGE_ATTEMPTS: '1' }));
    sms.hang.on = true;
    try {
      expect((await h.agent().call('POST', 'user/register', { phone: freeNumber(h) })).status).toBe('E142');
    } finally {
      sms.hang.on = false;
    }
    expect(events(h).find((e) => e.event === 'message.failed')).toMatchObject({ reason: 'timeout' });
  });

  it('without a configured channel: E142 at once and message.unsent in the log', async () => {
    const h = production(deliveryFrom({}));
    expect((await h.agent().call('POST', 'user/register', { phone: freeNumber(h) })).status).toBe('E142');
    expect((await h.agent().call('POST', 'user/forgot', { login: 'admin' })).status).toBe('E142');
    expect(reasons(h, 'message.unsent')).toEqual(['SMS_GATEWAY_URL unset', 'SMTP_HOST unset']);
  });

  it('demo mode keeps the outbox and sends nothing, whatever is configured', async () => {
    const h = createHarness({ delivery: deliveryFrom({ ...smsEnv(), ...smtpEnv() }) });
    const [smsBefore, mailBefore] = [sms.got.length, smtp.mails.length];
    const sn = freeNumber(h);
    expect((await h.agent().call('POST', 'user/register', { phone: sn, lang: 'uz' })).status).toBe('OKOK');
    expect(h.outbox({ phone: sn })[0]?.text).toMatch(/^Tasdiqlash kodi: \d{6}\./);
    expect([sms.got.length, smtp.mails.length]).toEqual([smsBefore, mailBefore]);
  });
});

describe('delivery settings', () => {
  it('is off unless configured, and says so in one line', () => {
    const o = deliveryOptionsFromEnv({});
    expect(o).toEqual({ attempts: 3, retryDelayMs: 500 });
    expect(deliverySummary(o, false)).toBe(
      'Messages: e-mail off (SMTP_HOST unset), SMS off (SMS_GATEWAY_URL unset)',
    );
    expect(deliverySummary(deliveryOptionsFromEnv({ ...smtpEnv(), ...smsEnv() }), false)).toBe(
      'Messages: e-mail over SMTP (starttls), SMS through the gateway',
    );
    expect(deliverySummary(o, true)).toBe('Messages: demo outbox (nothing is sent)');
  });

  it('reads the secrets from files, and the defaults of port and TLS', () => {
    const pw = join(dir, 'smtp-password');
    writeFileSync(pw, 'from-file\n');
    const gw = join(dir, 'gw-auth');
    writeFileSync(gw, 'Basic abc=\n');
    const o = deliveryOptionsFromEnv({
      SMTP_HOST: 'mail.example.uz',
      SMTP_FROM: 'x@example.uz',
      SMTP_USER: 'u',
      SMTP_PASSWORD_FILE: pw,
      SMS_GATEWAY_URL: 'https://sms.example.uz/api/send',
      SMS_GATEWAY_AUTH_FILE: gw,
    });
    expect(o.smtp).toMatchObject({ port: 587, tls: 'starttls', auth: { user: 'u', pass: 'from-file' } });
    expect(o.sms).toMatchObject({ url: 'https://sms.example.uz/api/send', authorization: 'Basic abc=' });
    expect(deliveryOptionsFromEnv({ SMTP_HOST: 'h', SMTP_FROM: 'f', SMTP_TLS: 'implicit' }).smtp?.port).toBe(
      465,
    );
  });

  it.each([
    [{ SMTP_HOST: 'h' }, /SMTP_FROM/],
    [{ SMTP_USER: 'u' }, /SMTP_USER is set but SMTP_HOST is not/],
    [{ SMTP_HOST: 'h', SMTP_FROM: 'f', SMTP_USER: 'u' }, /go together/],
    [{ SMTP_HOST: 'h', SMTP_FROM: 'f', SMTP_PORT: '99999' }, /SMTP_PORT/],
    [{ SMTP_HOST: 'h', SMTP_FROM: 'f', SMTP_TLS: 'yes' }, /SMTP_TLS/],
    [
      { SMTP_HOST: 'h', SMTP_FROM: 'f', SMTP_PASSWORD: 'a', SMTP_PASSWORD_FILE: '/x', SMTP_USER: 'u' },
      /both set/,
    ],
    [{ SMTP_HOST: 'h', SMTP_FROM: 'f', SMTP_USER: 'u', SMTP_PASSWORD_FILE: '/nonexistent/pw' }, /ENOENT/],
    [{ SMS_GATEWAY_URL: 'http://sms.example.uz/send' }, /https/],
    [{ SMS_GATEWAY_URL: 'not a url' }, /not a URL/],
    [{ SMS_GATEWAY_AUTH: 'Bearer x' }, /SMS_GATEWAY_URL is not/],
    [{ MESSAGE_ATTEMPTS: '9' }, /MESSAGE_ATTEMPTS/],
  ])('refuses %j with a one-line reason', (env, reason) => {
    expect(() => deliveryOptionsFromEnv(env)).toThrow(reason);
    try {
      deliveryOptionsFromEnv(env);
    } catch (e) {
      expect((e as Error).message).not.toContain('\n');
      expect((e as Error).message).not.toContain('Bearer x');
    }
  });
});
