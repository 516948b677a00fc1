/**
 * The signature trust store outside demo mode (decisions SIG1): a root and an intermediate of a made-up
 * certification centre in a trust directory, signers under the intermediate, a CRL of the intermediate listing one
 * of them, and an OCSP responder on 127.0.0.1 answering good, revoked, a forged answer, a wrong nonce, HTTP 500 or
 * nothing at all.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrCreateCa } from '../../server/eimzo/ca';
import { createSignedData } from '../../server/eimzo/cms';
import {
  checkSigner,
  loadTrustDir,
  type TrustStore,
  testCaTrust,
  trustOptionsFromEnv,
  watchedTrustDir,
} from '../../server/eimzo/trust';
import { verifyPkcs7 } from '../../server/eimzo/verify';
import { tempDir } from '../support/eimzo';
import {
  caSubject,
  type Issued,
  issueCert,
  makeCrl,
  OCSP_SIGNING,
  type OcspAnswer,
  signerSubject,
  startOcspResponder,
} from '../support/pki';

const DAY = 86_400_000;
const now = new Date();
const LONG_AGO = new Date(Date.UTC(2020, 0, 1));
const FAR = new Date(Date.UTC(2045, 0, 1));
const dir = tempDir('trust-');
const der = (i: Issued) =>
  Buffer.from(i.certPem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');

let root: Issued;
let inter: Issued;
let ocsp: Awaited<ReturnType<typeof startOcspResponder>>;
const table = new Map<string, OcspAnswer>();
/** signers without an OCSP address: the CRL alone decides */
let crlGood: Issued;
let crlRevoked: Issued;
/** signers naming the responder */
let ocspSigner: (answer: OcspAnswer) => Issued;
let store: TrustStore;

beforeAll(async () => {
  root = issueCert({ subject: caSubject('Test Root CA'), ca: true, notBefore: LONG_AGO, notAfter: FAR });
  inter = issueCert({
    subject: caSubject('Test Sub CA'),
    ca: true,
    issuer: root,
    notBefore: LONG_AGO,
    notAfter: FAR,
  });
  ocsp = await startOcspResponder(inter, table);
  const leaf = (cn: string, ocspUrl?: string) =>
    issueCert({
      subject: signerSubject(cn, '302145876'),
      ca: false,
      issuer: inter,
      notBefore: new Date(now.getTime() - 30 * DAY),
      notAfter: new Date(now.getTime() + 365 * DAY),
      ...(ocspUrl ? { ocspUrl } : {}),
    });
  crlGood = leaf('CRL GOOD');
  crlRevoked = leaf('CRL REVOKED');
  ocspSigner = (answer) => {
    const issued = leaf(`OCSP ${answer}`, ocsp.url);
    table.set(issued.serial, answer);
    return issued;
  };
  writeFileSync(join(dir.dir, 'root.pem'), root.certPem);
  writeFileSync(join(dir.dir, 'sub-ca.crt'), inter.certPem);
  writeFileSync(
    join(dir.dir, 'sub-ca.crl'),
    await makeCrl(
      inter,
      [crlRevoked.serial],
      new Date(now.getTime() - DAY),
      new Date(now.getTime() + 7 * DAY),
    ),
  );
  // the root's own CRL (of the CA certificates it issued): the intermediate is checked as well
  writeFileSync(
    join(dir.dir, 'root.crl'),
    await makeCrl(root, [], new Date(now.getTime() - DAY), new Date(now.getTime() + 30 * DAY)),
  );
  writeFileSync(join(dir.dir, 'README.txt'), 'not read');
  store = loadTrustDir(dir.dir, 1_000);
}, 30_000);

afterAll(async () => {
  await ocsp.close();
  dir.remove();
});

const check = (s: TrustStore | undefined, signer: Issued, at = now, extra: Buffer[] = []) =>
  checkSigner(s, der(signer), extra, at);

/** A CRL current around `now` (from a day before to a day after). */
const freshCrl = (issuer: Issued, revoked: readonly string[] = []) =>
  makeCrl(issuer, revoked, new Date(now.getTime() - DAY), new Date(now.getTime() + DAY));

/** A trust directory of its own holding `files` (name → text), given to `use` and removed afterwards. */
async function inTrustDir(files: Record<string, string>, use: (dir: string) => Promise<void>): Promise<void> {
  const d = tempDir('trust-case-');
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(d.dir, name), text);
    await use(d.dir);
  } finally {
    d.remove();
  }
}

describe('the trust directory', () => {
  it('holds the root as anchor, the sub-CA as intermediate and the CRL; other files are skipped', () => {
    expect(store.kind).toBe('dir');
    expect(store.anchors.map((c) => c.subject)).toEqual(['CN=Test Root CA\nC=UZ']);
    expect(store.intermediates.map((c) => c.subject)).toEqual(['CN=Test Sub CA\nC=UZ']);
    expect(store.crls.map((c) => c.file)).toEqual(['root.crl', 'sub-ca.crl']);
  });

  it('refuses to load without a root, with a file that is not a certificate, or with a signer certificate', () => {
    const bad = tempDir('trust-bad-');
    try {
      writeFileSync(join(bad.dir, 'sub.pem'), inter.certPem);
      expect(() => loadTrustDir(bad.dir)).toThrow(/holds no root/);
      writeFileSync(join(bad.dir, 'root.pem'), root.certPem);
      writeFileSync(join(bad.dir, 'leaf.pem'), crlGood.certPem);
      expect(() => loadTrustDir(bad.dir)).toThrow('EIMZO_TRUST_DIR: leaf.pem is not a CA certificate');
      writeFileSync(join(bad.dir, 'leaf.pem'), 'garbage');
      expect(() => loadTrustDir(bad.dir)).toThrow(
        'EIMZO_TRUST_DIR: leaf.pem is not a certificate (PEM or DER).',
      );
      writeFileSync(
        join(bad.dir, 'leaf.pem'),
        '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n',
      );
      expect(() => loadTrustDir(bad.dir)).toThrow('EIMZO_TRUST_DIR: leaf.pem holds no certificate.');
      writeFileSync(join(bad.dir, 'leaf.pem'), root.certPem);
      writeFileSync(join(bad.dir, 'x.crl'), '-----BEGIN X509 CRL-----\nAAAA\n-----END X509 CRL-----\n');
      expect(() => loadTrustDir(bad.dir)).toThrow('EIMZO_TRUST_DIR: x.crl is not a CRL');
    } finally {
      bad.remove();
    }
    expect(() => loadTrustDir('/nonexistent/trust')).toThrow(/cannot be read \(ENOENT\)/);
  });

  it('is read from EIMZO_TRUST_DIR and EIMZO_OCSP_TIMEOUT_MS', () => {
    expect(trustOptionsFromEnv({})).toBeUndefined();
    expect(trustOptionsFromEnv({ EIMZO_TRUST_DIR: '/etc/portal/trust' })).toEqual({
      dir: '/etc/portal/trust',
      ocspTimeoutMs: 5_000,
    });
    expect(trustOptionsFromEnv({ EIMZO_TRUST_DIR: '/t', EIMZO_OCSP_TIMEOUT_MS: '2500' })?.ocspTimeoutMs).toBe(
      2_500,
    );
    expect(() => trustOptionsFromEnv({ EIMZO_TRUST_DIR: '/t', EIMZO_OCSP_TIMEOUT_MS: '5s' })).toThrow(
      'EIMZO_OCSP_TIMEOUT_MS="5s" is not a whole number',
    );
  });
});

describe('the chain', () => {
  it('accepts a signer under the intermediate, not revoked by the current CRL', async () => {
    const r = await check(store, crlGood);
    expect(r).toMatchObject({
      ok: true,
      revocation: [
        { serial: crlGood.serial, source: 'crl good' },
        { serial: inter.serial, source: 'crl good' },
      ],
    });
    expect(r.ok && r.chain.map((c) => c.subject.split('\n')[0])).toEqual([
      'CN=CRL GOOD',
      'CN=Test Sub CA',
      'CN=Test Root CA',
    ]);
  });

  it('refuses a signer the CRL lists as revoked', async () => {
    expect(await check(store, crlRevoked)).toEqual({
      ok: false,
      reason: 'certificateRevoked',
      revocation: [{ serial: crlRevoked.serial, source: 'crl revoked' }],
    });
  });

  it("refuses the simulator's test CA outside demo mode, and every signer without a trust store", async () => {
    const ca = loadOrCreateCa(dir.dir);
    const testCaSigner = { certPem: ca.caCertPem, keyPem: ca.caKeyPem, serial: '' };
    expect(await check(store, testCaSigner)).toMatchObject({ ok: false, reason: 'untrustedSigner' });
    expect(await check(undefined, crlGood)).toMatchObject({ ok: false, reason: 'noTrustStore' });
    // and the other way: the demo trust knows nothing of the operator's centres
    expect(await check(testCaTrust(ca.caCertPem), crlGood)).toMatchObject({
      ok: false,
      reason: 'untrustedSigner',
    });
  });

  it('builds the path through an intermediate the signature carries when the directory lacks it', async () => {
    const rootOnly: TrustStore = { ...store, intermediates: [] };
    expect(await check(rootOnly, crlGood)).toMatchObject({ ok: false, reason: 'untrustedSigner' });
    expect(await check(rootOnly, crlGood, now, [der(inter)])).toMatchObject({ ok: true });
  });

  it('checks validity at the moment of verification: the signer and every CA of the path', async () => {
    expect(await check(store, crlGood, new Date(now.getTime() + 400 * DAY))).toMatchObject({
      reason: 'certificateExpired',
    });
    expect(await check(store, crlGood, new Date(now.getTime() - 31 * DAY))).toMatchObject({
      reason: 'certificateNotYetValid',
    });
    const shortSub = issueCert({
      subject: caSubject('Short Sub CA'),
      ca: true,
      issuer: root,
      notBefore: LONG_AGO,
      notAfter: new Date(now.getTime() - DAY),
    });
    const underShort = issueCert({
      subject: signerSubject('UNDER SHORT', '302145876'),
      ca: false,
      issuer: shortSub,
      notBefore: LONG_AGO,
      notAfter: FAR,
    });
    const withShort: TrustStore = { ...store, intermediates: [...store.intermediates] };
    const { X509Certificate } = await import('node:crypto');
    (withShort.intermediates as InstanceType<typeof X509Certificate>[]).push(
      new X509Certificate(shortSub.certPem),
    );
    expect(await check(withShort, underShort)).toMatchObject({ ok: false, reason: 'untrustedSigner' });
  });
});

describe('revocation: OCSP first, then the CRL; no answer is a refusal (fail-closed)', () => {
  it('accepts on an authentic "good" answer and sends one request', async () => {
    const signer = ocspSigner('good');
    const before = ocsp.requests;
    expect(await check(store, signer)).toMatchObject({
      ok: true,
      revocation: [
        { serial: signer.serial, source: 'ocsp good' },
        { serial: inter.serial, source: 'crl good' },
      ],
    });
    expect(ocsp.requests).toBe(before + 1);
  });

  it('refuses on a "revoked" answer', async () => {
    const signer = ocspSigner('revoked');
    expect(await check(store, signer)).toMatchObject({
      ok: false,
      reason: 'certificateRevoked',
      revocation: [{ source: 'ocsp revoked' }],
    });
  });

  it('refuses a signer the CRL lists as revoked even when its responder says good', async () => {
    const signer = ocspSigner('good');
    const files = {
      'root.pem': root.certPem,
      'sub.pem': inter.certPem,
      'sub.crl': await freshCrl(inter, [signer.serial]),
    };
    await inTrustDir(files, async (d) => {
      expect(await check(loadTrustDir(d), signer)).toMatchObject({
        reason: 'certificateRevoked',
        revocation: [{ source: 'crl revoked' }],
      });
    });
  });

  it.each([
    ['hang', 'ocsp timeout'],
    ['http500', 'ocsp http 500'],
    ['forged', 'ocsp unauthenticated'],
    ['wrongNonce', 'ocsp nonce'],
  ] as const)(
    'a responder answering %s with no current CRL of the issuer: refused as unknown',
    async (answer, source) => {
      const signer = ocspSigner(answer);
      const noCrl: TrustStore = { ...store, crls: [] };
      const started = Date.now();
      expect(await check(noCrl, signer)).toEqual({
        ok: false,
        reason: 'revocationUnknown',
        revocation: [{ serial: signer.serial, source }],
      });
      // the time-out is the store's 1 s, not the platform's
      expect(Date.now() - started).toBeLessThan(4_000);
    },
  );

  it('a responder the CA delegated with id-kp-OCSPSigning may answer; one without that usage may not', async () => {
    const delegateOf = (usage: readonly string[]) =>
      issueCert({
        subject: caSubject(`Responder ${usage.length}`),
        ca: false,
        issuer: inter,
        notBefore: LONG_AGO,
        notAfter: FAR,
        eku: usage,
      });
    for (const [usage, expected] of [
      [[OCSP_SIGNING], [{ source: 'ocsp good' }, { source: 'crl good' }]],
      // not the responder's to answer: the CRL decides instead
      [['1.3.6.1.5.5.7.3.1'], [{ source: 'crl good (ocsp unauthenticated)' }, { source: 'crl good' }]],
    ] as const) {
      const delegated = new Map<string, OcspAnswer>();
      const responder = await startOcspResponder(inter, delegated, delegateOf(usage));
      try {
        const signer = issueCert({
          subject: signerSubject('DELEGATED', '302145876'),
          ca: false,
          issuer: inter,
          notBefore: LONG_AGO,
          notAfter: FAR,
          ocspUrl: responder.url,
        });
        expect(await check(store, signer)).toMatchObject({ ok: true, revocation: expected });
        expect(responder.requests).toBe(1);
      } finally {
        await responder.close();
      }
    }
  });

  it('a responder that does not answer, with a current CRL not listing the signer: accepted on the CRL', async () => {
    const signer = ocspSigner('hang');
    expect(await check(store, signer)).toMatchObject({
      ok: true,
      revocation: [{ source: 'crl good (ocsp timeout)' }, { source: 'crl good' }],
    });
  });

  it('no responder and only a stale CRL: refused as unknown; a stale CRL that lists the signer still revokes', async () => {
    const staleCrl = await makeCrl(
      inter,
      [crlRevoked.serial],
      new Date(now.getTime() - 10 * DAY),
      new Date(now.getTime() - DAY),
    );
    await inTrustDir(
      { 'root.pem': root.certPem, 'sub.pem': inter.certPem, 'sub.crl': staleCrl },
      async (d) => {
        const stale = loadTrustDir(d);
        expect(await check(stale, crlGood)).toMatchObject({
          reason: 'revocationUnknown',
          revocation: [{ source: 'no current crl' }],
        });
        expect(await check(stale, crlRevoked)).toMatchObject({ reason: 'certificateRevoked' });
      },
    );
  });

  it('a CRL not signed by the issuer is ignored', async () => {
    const impostor = issueCert({
      subject: caSubject('Test Sub CA'),
      ca: true,
      notBefore: LONG_AGO,
      notAfter: FAR,
    });
    // same issuer name, another key: it must not vouch for anyone
    const files = { 'root.pem': root.certPem, 'sub.pem': inter.certPem, 'sub.crl': await freshCrl(impostor) };
    await inTrustDir(files, async (d) => {
      expect(await check(loadTrustDir(d), crlGood)).toMatchObject({ reason: 'revocationUnknown' });
    });
  });

  it('the intermediate is checked too: no CRL of the root means the path is refused', async () => {
    const interOcsp = issueCert({
      subject: caSubject('Sub CA With Root CRL'),
      ca: true,
      issuer: root,
      notBefore: LONG_AGO,
      notAfter: FAR,
    });
    const signer = issueCert({
      subject: signerSubject('DEEP', '302145876'),
      ca: false,
      issuer: interOcsp,
      notBefore: LONG_AGO,
      notAfter: FAR,
    });
    const files = {
      'root.pem': root.certPem,
      'sub.pem': interOcsp.certPem,
      'sub.crl': await freshCrl(interOcsp),
    };
    const rootCrl = await freshCrl(root, [interOcsp.serial]);
    await inTrustDir(files, async (d) => {
      expect(await check(loadTrustDir(d), signer)).toMatchObject({
        reason: 'revocationUnknown',
        revocation: [{ source: 'crl good' }, { source: 'no current crl' }],
      });
      writeFileSync(join(d, 'root.crl'), rootCrl);
      expect(await check(loadTrustDir(d), signer)).toMatchObject({
        reason: 'certificateRevoked',
        revocation: [{ source: 'crl good' }, { serial: interOcsp.serial, source: 'crl revoked' }],
      });
    });
  });
});

describe('the running portal', () => {
  it('reads a replaced CRL without a restart', async () => {
    const files = {
      'root.pem': root.certPem,
      'sub.pem': inter.certPem,
      'sub.crl': await freshCrl(inter),
      'root.crl': await freshCrl(root),
    };
    const replaced = `${await freshCrl(inter, [crlGood.serial])}\n`;
    await inTrustDir(files, async (d) => {
      const errors: string[] = [];
      const live = watchedTrustDir({ dir: d, ocspTimeoutMs: 1_000 }, (e) => errors.push(e));
      expect(await check(live(), crlGood)).toMatchObject({ ok: true });
      writeFileSync(join(d, 'sub.crl'), replaced);
      expect(await check(live(), crlGood)).toMatchObject({ reason: 'certificateRevoked' });
      // a broken file keeps the last good reading and is reported once
      writeFileSync(join(d, 'broken.pem'), 'garbage');
      expect(await check(live(), crlGood)).toMatchObject({ reason: 'certificateRevoked' });
      live();
      expect(errors).toEqual(['EIMZO_TRUST_DIR: broken.pem is not a certificate (PEM or DER).']);
    });
  });

  it('verifyPkcs7 runs the CMS through the store: a good signer is stamped, a revoked one refused', async () => {
    const sign = (who: Issued) =>
      createSignedData(Buffer.from('{"action":"block"}', 'utf8'), who, { signingTime: now }).der.toString(
        'base64',
      );
    const good = await verifyPkcs7(sign(crlGood), { trust: store, now, expectedTin: '302145876' });
    expect(good).toMatchObject({
      ok: true,
      tin: '302145876',
      revocation: [{ source: 'crl good' }, { source: 'crl good' }],
    });
    expect(await verifyPkcs7(sign(crlRevoked), { trust: store, now })).toMatchObject({
      ok: false,
      reason: 'certificateRevoked',
    });
  });
});
