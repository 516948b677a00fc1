import { X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DemoKeyMaterial,
  issueDemoKeyCertificate,
  loadOrCreateCa,
  loadOrCreateDemoKeyMaterial,
  type TestCa,
} from '../../server/eimzo/ca';
import { createSignedData, nameAttributes, OID, parseDer, readCertificate } from '../../server/eimzo/cms';
import { aliasDate } from '../../server/eimzo/demo-keys';
import { readTimestamp } from '../../server/eimzo/timestamp';
import { testCaTrust } from '../../server/eimzo/trust';
import { verifyPkcs7 } from '../../server/eimzo/verify';
import { EXPIRED_KEY, MAIN_KEY, TEST_KEYS, tempDir, UNKNOWN_TIN_KEY } from '../support/eimzo';

const data = tempDir();
const otherData = tempDir();
let ca: TestCa;
let materials: Map<string, DemoKeyMaterial>;
const NOW = new Date(2026, 10, 22, 12, 0, 0);
const TEXT = 'Блокировка: sn=901234567, ban=100234561';

beforeAll(() => {
  ca = loadOrCreateCa(data.dir);
  materials = loadOrCreateDemoKeyMaterial(ca, TEST_KEYS);
});

afterAll(() => {
  data.remove();
  otherData.remove();
});

function material(serial: string): DemoKeyMaterial {
  const m = materials.get(serial);
  if (!m) throw new Error(`no material for ${serial}`);
  return m;
}

function signB64(serial: string, text = TEXT, detached = false): string {
  return createSignedData(Buffer.from(text, 'utf8'), material(serial), {
    detached,
    signingTime: NOW,
  }).der.toString('base64');
}

const opts = (extra: { expectedTin?: string; now?: Date } = {}) => ({
  trust: testCaTrust(ca.caCertPem),
  tsa: ca.tsa,
  now: NOW,
  ...extra,
});

describe('test CA', () => {
  it('is created once and reused', () => {
    const again = loadOrCreateCa(data.dir);
    expect(again.caCertPem).toBe(ca.caCertPem);
    expect(again.tsa.certPem).toBe(ca.tsa.certPem);
    const reloaded = loadOrCreateDemoKeyMaterial(ca, TEST_KEYS);
    expect(reloaded.get(MAIN_KEY.serialNumber)?.certPem).toBe(material(MAIN_KEY.serialNumber).certPem);
  });

  it('issues key certificates whose serial, validity and subject match the alias', () => {
    const cert = readCertificate(parseDer(new X509Certificate(material(MAIN_KEY.serialNumber).certPem).raw));
    expect(cert.serialHex).toBe(MAIN_KEY.serialNumber);
    expect(cert.notBefore).toEqual(aliasDate(MAIN_KEY.validFrom));
    expect(cert.notAfter).toEqual(aliasDate(MAIN_KEY.validTo));
    const subject = new Map(nameAttributes(cert.subject));
    expect(subject.get(OID.inn)).toBe(MAIN_KEY.inn);
    expect(subject.get(OID.uid)).toBe(MAIN_KEY.uid);
    expect(subject.get(OID.pinfl)).toBe(MAIN_KEY.pinfl);
    expect(subject.get(OID.commonName)).toBe('ABDULLAYEVA MALIKA');
    expect(
      new X509Certificate(material(MAIN_KEY.serialNumber).certPem).verify(
        new X509Certificate(ca.caCertPem).publicKey,
      ),
    ).toBe(true);
  });
});

describe('verifyPkcs7', () => {
  it('accepts a signature by a CA-issued, valid key and timestamps it', async () => {
    const input = signB64(MAIN_KEY.serialNumber);
    const result = await verifyPkcs7(input, opts({ expectedTin: '302145876' }));
    if (!result.ok) throw new Error(result.reason);
    expect(result).toMatchObject({
      tin: '302145876',
      serialNumber: MAIN_KEY.serialNumber,
      signedData: TEXT,
      signedDataBase64: Buffer.from(TEXT).toString('base64'),
      subject: { cn: 'ABDULLAYEVA MALIKA', o: 'TOSHKENT SAVDO INVEST MCHJ', inn: '302145876' },
    });
    expect(result.pkcs7b64WithTimestamp).not.toBe(input);

    const stamp = readTimestamp(result.pkcs7b64WithTimestamp, ca.caCertPem);
    expect(stamp).toMatchObject({
      signatureValid: true,
      imprintMatches: true,
      trusted: true,
      policy: '1.2.3.4.1',
    });
    expect(stamp?.genTime.getTime()).toBe(Math.floor(NOW.getTime() / 1000) * 1000);
    expect(readTimestamp(input)).toBeUndefined();

    // The timestamped CMS is itself a valid signature (the signed part is unchanged).
    const again = await verifyPkcs7(result.pkcs7b64WithTimestamp, opts({ expectedTin: '302145876' }));
    expect(again).toMatchObject({ ok: true, signedData: TEXT });
  });

  it('is readable by forge as PKCS#7 both before and after the timestamp', async () => {
    const result = await verifyPkcs7(signB64(MAIN_KEY.serialNumber), opts());
    if (!result.ok) throw new Error(result.reason);
    for (const b64 of [signB64(MAIN_KEY.serialNumber), result.pkcs7b64WithTimestamp]) {
      const msg = forge.pkcs7.messageFromAsn1(
        forge.asn1.fromDer(forge.util.decode64(b64)),
      ) as forge.pkcs7.PkcsSignedData;
      expect(msg.certificates[0]?.serialNumber).toBe(MAIN_KEY.serialNumber);
    }
  });

  it('uses a self-signed in-memory TSA when none is given', async () => {
    const result = await verifyPkcs7(signB64(MAIN_KEY.serialNumber), {
      trust: testCaTrust(ca.caCertPem),
      now: NOW,
    });
    if (!result.ok) throw new Error(result.reason);
    expect(readTimestamp(result.pkcs7b64WithTimestamp, ca.caCertPem)).toMatchObject({
      signatureValid: true,
      imprintMatches: true,
      trusted: false,
    });
  });

  it('refuses tampered content and tampered signatures', async () => {
    const der = Buffer.from(signB64(MAIN_KEY.serialNumber), 'base64');
    const textAt = der.indexOf(Buffer.from('901234567'));
    const content = Buffer.from(der);
    content[textAt] = '8'.charCodeAt(0);
    expect(await verifyPkcs7(content.toString('base64'), opts())).toEqual({
      ok: false,
      reason: 'digestMismatch',
    });

    const signature = Buffer.from(der);
    const last = signature.length - 1;
    signature[last] = (signature[last] ?? 0) ^ 0xff;
    expect(await verifyPkcs7(signature.toString('base64'), opts())).toEqual({
      ok: false,
      reason: 'badSignature',
    });
  });

  it('refuses input that is not a CMS signature', async () => {
    expect(await verifyPkcs7('not base64!', opts())).toEqual({ ok: false, reason: 'malformed' });
    expect(await verifyPkcs7('', opts())).toEqual({ ok: false, reason: 'malformed' });
    expect(await verifyPkcs7(Buffer.from('hello').toString('base64'), opts())).toEqual({
      ok: false,
      reason: 'malformed',
    });
    const truncated = Buffer.from(signB64(MAIN_KEY.serialNumber), 'base64').subarray(0, 200);
    expect(await verifyPkcs7(truncated.toString('base64'), opts())).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });

  it('refuses a detached signature (the portal signs attached)', async () => {
    expect(await verifyPkcs7(signB64(MAIN_KEY.serialNumber, TEXT, true), opts())).toEqual({
      ok: false,
      reason: 'detached',
    });
  });

  it('refuses a certificate from another CA', async () => {
    const other = loadOrCreateCa(otherData.dir);
    expect(other.caCertPem).not.toBe(ca.caCertPem);
    const foreign = issueDemoKeyCertificate(other, MAIN_KEY);
    const b64 = createSignedData(Buffer.from(TEXT), foreign).der.toString('base64');
    expect(await verifyPkcs7(b64, opts())).toEqual({ ok: false, reason: 'untrustedSigner' });
    expect(await verifyPkcs7(b64, { trust: testCaTrust(other.caCertPem), now: NOW })).toMatchObject({
      ok: true,
      tin: '302145876',
    });
  });

  it('refuses an expired certificate and one not valid yet', async () => {
    expect(await verifyPkcs7(signB64(EXPIRED_KEY.serialNumber), opts())).toEqual({
      ok: false,
      reason: 'certificateExpired',
    });
    const beforeValidity = new Date(aliasDate(MAIN_KEY.validFrom).getTime() - 1000);
    expect(await verifyPkcs7(signB64(MAIN_KEY.serialNumber), opts({ now: beforeValidity }))).toEqual({
      ok: false,
      reason: 'certificateNotYetValid',
    });
  });

  it('refuses a signer whose TIN is not the expected one', async () => {
    expect(await verifyPkcs7(signB64(MAIN_KEY.serialNumber), opts({ expectedTin: '303318250' }))).toEqual({
      ok: false,
      reason: 'tinMismatch',
    });
  });

  it('takes the TIN from UID when the certificate has no INN', async () => {
    expect(await verifyPkcs7(signB64(UNKNOWN_TIN_KEY.serialNumber), opts())).toMatchObject({
      ok: true,
      tin: '309999999',
    });
    expect(
      await verifyPkcs7(signB64(UNKNOWN_TIN_KEY.serialNumber), opts({ expectedTin: '302145876' })),
    ).toEqual({
      ok: false,
      reason: 'tinMismatch',
    });
  });
});
