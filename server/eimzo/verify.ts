/**
 * Verification of a signature from the E-IMZO module for the reference backend (spec 7:
 * POST /online-sales/documents/verify, body `pcs7` → result.code, result.pkcs7b64WithTimestamp; protocol doc "What
 * happens after signing").
 *
 * Checks the CMS signature, that the signer certificate chains to the trust store (the demo's test CA, or the
 * operator's certification centres with revocation, trust.ts) and is valid now, and the signer's TIN; then attaches
 * an RFC 3161 timestamp (see timestamp.ts).
 */
import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';
import type { CertAndKey } from './ca';
import {
  type CertificateFields,
  checkSignerSignature,
  derOf,
  nameAttributes,
  OID,
  parseDer,
  parseSignedData,
  type SignerCheckFailure,
} from './cms';
import { addTimestamp } from './timestamp';
import { checkSigner, type RevocationNote, type TrustFailure, type TrustStore } from './trust';

/** Why a signature was refused. */
export type VerifyFailure =
  /** not base64, not DER, or not a CMS SignedData */
  | 'malformed'
  /** no attached content (the portal signs attached) */
  | 'detached'
  /** not exactly one signer, or content other than id-data */
  | 'unsupported'
  | SignerCheckFailure
  /** no trust store, no path to an accepted root, validity, revocation (trust.ts) */
  | TrustFailure
  /** the certificate carries neither INN nor UID */
  | 'noTin'
  /** the certificate's TIN is not the expected one */
  | 'tinMismatch';

/** The signer as its certificate names it. */
export interface SignerSubject {
  cn: string | undefined;
  o: string | undefined;
  title: string | undefined;
  uid: string | undefined;
  pinfl: string | undefined;
  inn: string | undefined;
}

/** Options of verifyPkcs7. */
export interface VerifyOptions {
  /** the accepted certification centres (testCaTrust(ca.caCertPem) in demo mode, the trust directory outside);
   *  undefined: none is configured and every signature is refused */
  trust: TrustStore | undefined;
  /** the moment the certificates must be valid at, and the timestamp's time */
  now: Date;
  /** the TIN the signer must sign for (INN of the certificate, else its UID) */
  expectedTin?: string;
  /** the timestamping key (loadOrCreateCa(dataDir).tsa); without it an in-memory self-signed TSA is used */
  tsa?: CertAndKey;
}

/** Outcome of verifyPkcs7. */
export type VerifyResult =
  | {
      ok: true;
      /** INN of the signer certificate, else its UID */
      tin: string;
      /** signer certificate serial, lower-case hex (the module's signer_serial_number) */
      serialNumber: string;
      /** the signed content as UTF-8 text */
      signedData: string;
      /** the signed content, base64 (exact bytes) */
      signedDataBase64: string;
      subject: SignerSubject;
      /** the same CMS with an RFC 3161 timestamp as unsigned attribute, base64 */
      pkcs7b64WithTimestamp: string;
      /** the signer's signingTime attribute, when the CMS carries one */
      signingTime: Date | undefined;
      /** how each certificate's revocation was settled (empty for the test CA) */
      revocation: RevocationNote[];
    }
  | { ok: false; reason: VerifyFailure; revocation?: RevocationNote[] };

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

let ephemeralTsa: CertAndKey | undefined;

/** A self-signed timestamping key for callers that pass no TSA (kept for the process lifetime). */
function fallbackTsa(): CertAndKey {
  if (ephemeralTsa) return ephemeralTsa;
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey);
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.UTC(2020, 0, 1));
  cert.validity.notAfter = new Date(Date.UTC(2049, 11, 31));
  const subject = [{ shortName: 'CN', value: 'B2B Portal ephemeral TSA' }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([{ name: 'extKeyUsage', timeStamping: true, critical: true }]);
  cert.sign(forge.pki.privateKeyFromPem(privateKey), forge.md.sha256.create());
  ephemeralTsa = { certPem: forge.pki.certificateToPem(cert), keyPem: privateKey };
  return ephemeralTsa;
}

/** The signingTime signed attribute (UTCTime or GeneralizedTime), if any and readable. */
function signingTimeOf(attrs: readonly { oid: string; values: forge.asn1.Asn1[] }[]): Date | undefined {
  const node = attrs.find((a) => a.oid === OID.signingTime)?.values[0];
  if (!node || typeof node.value !== 'string') return undefined;
  try {
    const d =
      node.type === forge.asn1.Type.UTCTIME
        ? forge.asn1.utcTimeToDate(node.value)
        : forge.asn1.generalizedTimeToDate(node.value);
    return Number.isNaN(d.getTime()) ? undefined : d;
  } catch {
    return undefined;
  }
}

function subjectOf(cert: CertificateFields): SignerSubject {
  const attrs = nameAttributes(cert.subject);
  const first = (oid: string) => attrs.find(([o]) => o === oid)?.[1];
  return {
    cn: first(OID.commonName),
    o: first(OID.organization),
    title: first(OID.title),
    uid: first(OID.uid),
    pinfl: first(OID.pinfl),
    inn: first(OID.inn),
  };
}

/** Verifies a base64 CMS from the module and timestamps it. Never throws for bad input; returns a reason. */
export async function verifyPkcs7(pcs7Base64: string, opts: VerifyOptions): Promise<VerifyResult> {
  const compact = pcs7Base64.replace(/\s+/g, '');
  if (!BASE64.test(compact)) return { ok: false, reason: 'malformed' };
  const der = Buffer.from(compact, 'base64');

  let parsed: ReturnType<typeof parseSignedData>;
  try {
    parsed = parseSignedData(parseDer(der));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (parsed.eContentType !== OID.data || parsed.signerInfos.length !== 1)
    return { ok: false, reason: 'unsupported' };
  const signer = parsed.signerInfos[0];
  if (!signer) return { ok: false, reason: 'unsupported' };
  if (!parsed.content) return { ok: false, reason: 'detached' };

  const check = checkSignerSignature(parsed, signer, parsed.content);
  if (!check.ok) return { ok: false, reason: check.reason };
  const cert = check.cert;

  const trusted = await checkSigner(opts.trust, cert.der, parsed.certificates.map(derOf), opts.now);
  if (!trusted.ok)
    return {
      ok: false,
      reason: trusted.reason,
      ...(trusted.revocation.length > 0 ? { revocation: trusted.revocation } : {}),
    };

  const subject = subjectOf(cert);
  const tin = subject.inn ?? subject.uid;
  if (!tin) return { ok: false, reason: 'noTin' };
  if (opts.expectedTin !== undefined && opts.expectedTin.trim() !== tin)
    return { ok: false, reason: 'tinMismatch' };

  const stamped = addTimestamp(der, opts.tsa ?? fallbackTsa(), opts.now);
  return {
    ok: true,
    tin,
    serialNumber: cert.serialHex,
    signedData: parsed.content.toString('utf8'),
    signedDataBase64: parsed.content.toString('base64'),
    subject,
    pkcs7b64WithTimestamp: stamped.toString('base64'),
    signingTime: signingTimeOf(signer.signedAttrs),
    revocation: trusted.revocation,
  };
}
