/**
 * Trusted timestamps for verified signatures (spec 7: the verify call returns `pkcs7b64WithTimestamp`).
 *
 * An RFC 3161 TimeStampToken over the signer's signature value, issued by the test CA's timestamping key and attached
 * to the SignerInfo as the unsigned attribute id-aa-timeStampToken (the CAdES-T layout), so the signed part of the
 * CMS is unchanged and any CMS reader still parses the result.
 */
import { createHash, randomBytes, X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import {
  appendUnsignedAttribute,
  attribute,
  build,
  type CertificateFields,
  certificateDer,
  checkSignerSignature,
  createSignedData,
  derOf,
  fromBinary,
  nameAttributes,
  OID,
  parseDer,
  parseSignedData,
  readTime,
  type SignerCredentials,
  toBinary,
} from './cms';

const asn1 = forge.asn1;
type Asn1 = forge.asn1.Asn1;

/**
 * Policy of the test TSA. 1.2.3.4.1 is a placeholder arc commonly used by test TSAs; the token is only ever read by
 * the portal's own backend.
 */
export const TEST_TSA_POLICY = '1.2.3.4.1';

/** What a timestamp says, as read back. */
export interface TimestampInfo {
  genTime: Date;
  serialHex: string;
  policy: string;
  /** the TSA certificate's subject attributes, [OID, text] */
  tsaSubject: [string, string][];
  /** the token's own signature checks out with the TSA certificate it carries */
  signatureValid: boolean;
  /** the message imprint equals the hash of the stamped signature value */
  imprintMatches: boolean;
  /** the TSA certificate was issued by `caCertPem` (false when none was given) */
  trusted: boolean;
}

function generalizedTime(date: Date): Asn1 {
  return asn1.create(
    asn1.Class.UNIVERSAL,
    asn1.Type.GENERALIZEDTIME,
    false,
    asn1.dateToGeneralizedTime(date),
  );
}

function positiveSerial(): Buffer {
  const bytes = randomBytes(8);
  bytes[0] = ((bytes[0] ?? 0) & 0x7f) | 0x01;
  return bytes;
}

/** An RFC 3161 TimeStampToken (a SignedData of TSTInfo) over `stamped`, at `genTime`. */
export function createTimestampToken(stamped: Buffer, tsa: SignerCredentials, genTime: Date): Asn1 {
  const serial = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, toBinary(positiveSerial()));
  const tstInfo = build.seq([
    build.integer(1),
    build.oidNode(TEST_TSA_POLICY),
    build.seq([
      build.algorithm(OID.sha256, false),
      build.octets(createHash('sha256').update(stamped).digest()),
    ]),
    serial,
    generalizedTime(genTime),
  ]);
  // RFC 3161 2.4.2: the token's signed attributes identify the TSA certificate (ESSCertIDv2, SHA-256 default).
  const certHash = createHash('sha256').update(certificateDer(tsa.certPem)).digest();
  const signingCertificate = attribute(OID.signingCertificateV2, [
    build.seq([build.seq([build.seq([build.octets(certHash)])])]),
  ]);
  return createSignedData(derOf(tstInfo), tsa, {
    contentType: OID.tstInfo,
    extraSignedAttrs: [signingCertificate],
  }).contentInfo;
}

/**
 * Adds a timestamp to the first SignerInfo of a CMS and returns the new DER. Everything signed stays byte-identical;
 * only the unsigned attributes grow.
 */
export function addTimestamp(pkcs7Der: Buffer, tsa: SignerCredentials, now: Date): Buffer {
  const parsed = parseSignedData(parseDer(pkcs7Der));
  const signer = parsed.signerInfos[0];
  if (!signer) throw new Error('no signer to timestamp');
  const token = createTimestampToken(signer.signature, tsa, now);
  appendUnsignedAttribute(signer, attribute(OID.timeStampToken, [token]));
  return derOf(parsed.contentInfo);
}

function readTstInfo(der: Buffer): {
  policy: string;
  imprint: Buffer;
  hashOid: string;
  serialHex: string;
  genTime: Date;
} {
  const node = parseDer(der);
  const parts = node.value as Asn1[];
  const [, policy, imprint, serial, genTime] = parts;
  const imprintParts = imprint?.value as Asn1[] | undefined;
  const alg = (imprintParts?.[0]?.value as Asn1[] | undefined)?.[0];
  if (!policy || !serial || !imprintParts?.[1] || !alg) throw new Error('bad TSTInfo');
  return {
    policy: asn1.derToOid(policy.value as string),
    hashOid: asn1.derToOid(alg.value as string),
    imprint: fromBinary(imprintParts[1].value as string),
    serialHex: fromBinary(serial.value as string).toString('hex'),
    genTime: readTime(genTime, 'genTime'),
  };
}

function issuedBy(cert: CertificateFields, caCertPem: string): boolean {
  try {
    const ca = new X509Certificate(caCertPem);
    return new X509Certificate(cert.der).verify(ca.publicKey);
  } catch {
    return false;
  }
}

/**
 * Reads the timestamp of the first SignerInfo of a base64 CMS; undefined when it has none or it is unreadable.
 * With `caCertPem`, `trusted` tells whether the TSA certificate was issued by that CA.
 */
export function readTimestamp(pkcs7b64: string, caCertPem?: string): TimestampInfo | undefined {
  try {
    const outer = parseSignedData(parseDer(Buffer.from(pkcs7b64, 'base64')));
    const signer = outer.signerInfos[0];
    const tokenNode = signer?.unsignedAttrs.find((a) => a.oid === OID.timeStampToken)?.values[0];
    if (!signer || !tokenNode) return undefined;
    const token = parseSignedData(tokenNode);
    const tokenSigner = token.signerInfos[0];
    if (token.eContentType !== OID.tstInfo || !token.content || !tokenSigner) return undefined;
    const tst = readTstInfo(token.content);
    const check = checkSignerSignature(token, tokenSigner, token.content);
    const hash = tst.hashOid === OID.sha256 ? 'sha256' : undefined;
    return {
      genTime: tst.genTime,
      serialHex: tst.serialHex,
      policy: tst.policy,
      tsaSubject: check.ok ? nameAttributes(check.cert.subject) : [],
      signatureValid: check.ok,
      imprintMatches:
        hash !== undefined && createHash(hash).update(signer.signature).digest().equals(tst.imprint),
      trusted: check.ok && caCertPem !== undefined && issuedBy(check.cert, caCertPem),
    };
  } catch {
    return undefined;
  }
}
