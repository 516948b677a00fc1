/**
 * The signature trust store through the block call's verification (decisions SIG1): outside demo mode the
 * simulator's test CA is not accepted; with no trust store nothing is; with the operator's trust directory a
 * signer of its centre is, a revoked one is not, and the log says why without naming anyone.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signingDocument, signingDocumentText } from '@/domain/signing-document.rules';
import { createManualClock } from '../../server/clock';
import { type DemoKeyMaterial, loadOrCreateCa, loadOrCreateDemoKeyMaterial } from '../../server/eimzo/ca';
import { createSignedData } from '../../server/eimzo/cms';
import { loadTrustDir, type TrustStore } from '../../server/eimzo/trust';
import { MAIN_KEY, TEST_KEYS, tempDir } from '../support/eimzo';
import { caSubject, type Issued, issueCert, makeCrl, signerSubject } from '../support/pki';
import { type Agent, createHarness, type Harness } from './harness';

const CURATOR_BAN = '100234561';
const CURATOR_TIN = '302145876';
const DAY = 86_400_000;
const data = tempDir('signing-trust-');
const trustDir = tempDir('signing-trust-dir-');
let demoKey: DemoKeyMaterial;
let good: Issued;
let revoked: Issued;
let store: TrustStore;

beforeAll(async () => {
  const ca = loadOrCreateCa(data.dir);
  demoKey = loadOrCreateDemoKeyMaterial(ca, TEST_KEYS).get(MAIN_KEY.serialNumber) as DemoKeyMaterial;
  const since = new Date(Date.UTC(2020, 0, 1));
  const until = new Date(Date.UTC(2045, 0, 1));
  const root = issueCert({
    subject: caSubject('Operator Root'),
    ca: true,
    notBefore: since,
    notAfter: until,
  });
  const sub = issueCert({
    subject: caSubject('Operator Sub'),
    ca: true,
    issuer: root,
    notBefore: since,
    notAfter: until,
  });
  const leaf = (cn: string) =>
    issueCert({
      subject: signerSubject(cn, CURATOR_TIN),
      ca: false,
      issuer: sub,
      notBefore: since,
      notAfter: until,
    });
  good = leaf('KARIMOV ALISHER');
  revoked = leaf('REVOKED SIGNER');
  // CRLs current around the harness's manual clock
  const start = createManualClock().now();
  const from = new Date(start - DAY);
  const to = new Date(start + 30 * DAY);
  writeFileSync(join(trustDir.dir, 'root.pem'), root.certPem);
  writeFileSync(join(trustDir.dir, 'sub.pem'), sub.certPem);
  writeFileSync(join(trustDir.dir, 'root.crl'), await makeCrl(root, [], from, to));
  writeFileSync(join(trustDir.dir, 'sub.crl'), await makeCrl(sub, [revoked.serial], from, to));
  store = loadTrustDir(trustDir.dir);
}, 30_000);

afterAll(() => {
  data.remove();
  trustDir.remove();
});

async function curatorSigns(h: Harness, signer: { certPem: string; keyPem: string }) {
  const a: Agent = h.agent();
  expect((await a.login('curator')).status).toBe('OKOK');
  const sn = (
    h.db
      .prepare("SELECT sn FROM numbers WHERE ban = ? AND status = 'A' ORDER BY sn LIMIT 1")
      .get(CURATOR_BAN) as {
      sn: string;
    }
  ).sn;
  const targets = { kind: 'number' as const, ban: CURATOR_BAN, sn };
  const c = await a.call('POST', 'signing/challenge', { action: 'block', targets });
  expect(c.status).toBe('OKOK');
  const text = signingDocumentText(
    signingDocument('block', targets, (c.result as { challenge: string }).challenge),
  );
  const pcs7 = createSignedData(Buffer.from(text, 'utf8'), signer, {
    signingTime: new Date(h.clock.now()),
  }).der.toString('base64');
  const r = await a.call('POST', 'online-sales/documents/verify', { pcs7 });
  return r.result as { code: number; reason?: string };
}

const production = { demoMode: false, eimzoDataDir: data.dir };
/** Signatures the server stored since the harness was made (the demo seed's are older: AL7). */
const signatures = (h: Harness) =>
  (
    h.db.prepare('SELECT COUNT(*) AS n FROM block_signatures WHERE id > ?').get(h.seeded.signatures) as {
      n: number;
    }
  ).n;

describe('SIG1: whose signatures the portal accepts', () => {
  it("demo mode accepts the simulator's test CA", async () => {
    const h = createHarness({ config: { eimzoDataDir: data.dir } });
    expect(await curatorSigns(h, demoKey)).toMatchObject({ code: 1 });
  });

  it('outside demo mode without EIMZO_TRUST_DIR no signature is accepted', async () => {
    const h = createHarness({ config: production });
    expect(await curatorSigns(h, demoKey)).toMatchObject({ code: 0, reason: 'noTrustStore' });
    expect(await curatorSigns(h, good)).toMatchObject({ code: 0, reason: 'noTrustStore' });
    expect(signatures(h)).toBe(0);
  });

  it("with the operator's trust directory: its signer is accepted, the test CA and a revoked signer are not", async () => {
    const h = createHarness({ config: production, signatureTrust: () => store });
    expect(await curatorSigns(h, demoKey)).toMatchObject({ code: 0, reason: 'untrustedSigner' });
    expect(await curatorSigns(h, revoked)).toMatchObject({ code: 0, reason: 'certificateRevoked' });
    expect(signatures(h)).toBe(0);
    expect(await curatorSigns(h, good)).toEqual({ code: 1, pkcs7b64WithTimestamp: expect.any(String) });
    expect(signatures(h)).toBe(1);
    const rejected = h.logs.filter((l) => l.includes('signing.rejected'));
    expect(rejected.some((l) => l.includes(`${revoked.serial} crl revoked`))).toBe(true);
    // the log names serials and reasons, never the signer
    expect(h.logs.join('\n')).not.toMatch(/KARIMOV|REVOKED SIGNER/);
  });
});
