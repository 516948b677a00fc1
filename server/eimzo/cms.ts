/**
 * A small CMS (RFC 5652) SignedData writer and reader for the simulator's test CA. node-forge does the ASN.1,
 * node:crypto the hashing and RSA. Only what the simulator and the reference backend need: one signer identified by
 * issuer and serial number, signed attributes, attached or detached content.
 */
import {
  createHash,
  createPublicKey,
  type KeyObject,
  sign as nodeSign,
  verify as nodeVerify,
  X509Certificate,
} from 'node:crypto';
import forge from 'node-forge';

type Asn1 = forge.asn1.Asn1;
/** forge's ASN.1 API, with the parts its type definitions leave out. */
const asn1 = forge.asn1 as typeof forge.asn1 & {
  copy(node: Asn1): Asn1;
  fromDer(
    bytes: forge.util.ByteStringBuffer,
    options: { parseAllBytes: boolean; decodeBitStrings: boolean },
  ): Asn1;
};

/** Object identifiers used here (RFC 5652, RFC 3161, RFC 5035, and the Uzbek subject attributes). */
export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  timeStampToken: '1.2.840.113549.1.9.16.2.14',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha1: '1.3.14.3.2.26',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha1WithRSA: '1.2.840.113549.1.1.5',
  sha256WithRSA: '1.2.840.113549.1.1.11',
  sha384WithRSA: '1.2.840.113549.1.1.12',
  sha512WithRSA: '1.2.840.113549.1.1.13',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  ecdsaWithSha384: '1.2.840.10045.4.3.3',
  /** legal entity's TIN in Uzbek certificates */
  inn: '1.2.860.3.16.1.1',
  /** personal number in Uzbek certificates */
  pinfl: '1.2.860.3.16.1.2',
  uid: '0.9.2342.19200300.100.1.1',
  commonName: '2.5.4.3',
  surname: '2.5.4.4',
  country: '2.5.4.6',
  organization: '2.5.4.10',
  title: '2.5.4.12',
  name: '2.5.4.41',
} as const;

const DIGEST_BY_OID: Record<string, string> = {
  [OID.sha1]: 'sha1',
  [OID.sha256]: 'sha256',
  [OID.sha384]: 'sha384',
  [OID.sha512]: 'sha512',
};

/** Hash named by a signature algorithm that carries its own digest (RSA-with-SHA, ECDSA-with-SHA). */
const DIGEST_BY_SIGNATURE_OID: Record<string, string> = {
  [OID.sha1WithRSA]: 'sha1',
  [OID.sha256WithRSA]: 'sha256',
  [OID.sha384WithRSA]: 'sha384',
  [OID.sha512WithRSA]: 'sha512',
  [OID.ecdsaWithSha256]: 'sha256',
  [OID.ecdsaWithSha384]: 'sha384',
};

/** A structure did not have the shape CMS requires. */
export class CmsFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CmsFormatError';
  }
}

/** A certificate and its private key, both PEM. */
export interface SignerCredentials {
  certPem: string;
  keyPem: string;
}

/** An attribute of a SignerInfo: type and values. */
export interface CmsAttribute {
  oid: string;
  values: Asn1[];
}

/** The parts of a certificate the signer and the verifier read. */
export interface CertificateFields {
  asn1: Asn1;
  der: Buffer;
  serialHex: string;
  serialAsn1: Asn1;
  issuer: Asn1;
  subject: Asn1;
  notBefore: Date;
  notAfter: Date;
  spkiDer: Buffer;
}

/** One SignerInfo as read. */
export interface ParsedSignerInfo {
  asn1: Asn1;
  issuer: Asn1 | undefined;
  serialAsn1: Asn1 | undefined;
  digestOid: string;
  /** the `[0]` node; undefined when the signature covers the content directly */
  signedAttrsNode: Asn1 | undefined;
  signedAttrs: CmsAttribute[];
  signatureOid: string;
  signature: Buffer;
  unsignedAttrs: CmsAttribute[];
}

/** A SignedData as read. */
export interface ParsedSignedData {
  contentInfo: Asn1;
  eContentType: string;
  /** undefined when detached */
  content: Buffer | undefined;
  certificates: Asn1[];
  signerInfos: ParsedSignerInfo[];
}

/** forge keeps bytes as binary strings. */
export function toBinary(buf: Buffer): string {
  return buf.toString('binary');
}

export function fromBinary(s: string): Buffer {
  return Buffer.from(s, 'binary');
}

/** DER bytes of a node. */
export function derOf(node: Asn1): Buffer {
  return fromBinary(asn1.toDer(node).getBytes());
}

/** Parses DER strictly (every byte used); BIT STRINGs are kept opaque so re-encoding is byte-identical. */
export function parseDer(der: Buffer): Asn1 {
  return asn1.fromDer(forge.util.createBuffer(toBinary(der)), {
    parseAllBytes: true,
    decodeBitStrings: false,
  });
}

function oidNode(oid: string): Asn1 {
  return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(oid).getBytes());
}

function octets(buf: Buffer): Asn1 {
  return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, toBinary(buf));
}

function integer(n: number): Asn1 {
  return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(n).getBytes());
}

function seq(children: Asn1[]): Asn1 {
  return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, children);
}

function set(children: Asn1[]): Asn1 {
  return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, children);
}

function algorithm(oid: string, withNull: boolean): Asn1 {
  const nodes = [oidNode(oid)];
  if (withNull) nodes.push(asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, ''));
  return seq(nodes);
}

/** DER orders the members of a SET OF by their encodings. */
function derSorted(nodes: Asn1[]): Asn1[] {
  return nodes
    .map((node) => ({ node, der: derOf(node) }))
    .sort((a, b) => Buffer.compare(a.der, b.der))
    .map((x) => x.node);
}

/** An Attribute: SEQUENCE { type, SET OF value }. */
export function attribute(oid: string, values: Asn1[]): Asn1 {
  return seq([oidNode(oid), set(values)]);
}

/** A UTCTime (before 2050) or GeneralizedTime node, as RFC 5280 asks. */
export function timeNode(date: Date): Asn1 {
  const year = date.getUTCFullYear();
  return year >= 1950 && year < 2050
    ? asn1.create(asn1.Class.UNIVERSAL, asn1.Type.UTCTIME, false, asn1.dateToUtcTime(date))
    : asn1.create(asn1.Class.UNIVERSAL, asn1.Type.GENERALIZEDTIME, false, asn1.dateToGeneralizedTime(date));
}

function children(node: Asn1 | undefined, what: string): Asn1[] {
  if (!node || !Array.isArray(node.value)) throw new CmsFormatError(`${what}: not constructed`);
  return node.value;
}

function child(node: Asn1 | undefined, index: number, what: string): Asn1 {
  const c = children(node, what)[index];
  if (!c) throw new CmsFormatError(`${what}: missing element ${index}`);
  return c;
}

function isContext(node: Asn1 | undefined, tag: number): boolean {
  return node !== undefined && node.tagClass === asn1.Class.CONTEXT_SPECIFIC && node.type === tag;
}

function bytesOf(node: Asn1, what: string): string {
  if (typeof node.value === 'string') return node.value;
  // A BER constructed string: the concatenation of its chunks.
  return children(node, what)
    .map((c) => bytesOf(c, what))
    .join('');
}

function readOid(node: Asn1 | undefined, what: string): string {
  if (!node || node.type !== asn1.Type.OID || typeof node.value !== 'string') {
    throw new CmsFormatError(`${what}: not an OID`);
  }
  return asn1.derToOid(node.value);
}

/** Reads a UTCTime or GeneralizedTime node. */
export function readTime(node: Asn1 | undefined, what: string): Date {
  if (node?.type === asn1.Type.UTCTIME && typeof node.value === 'string')
    return asn1.utcTimeToDate(node.value);
  if (node?.type === asn1.Type.GENERALIZEDTIME && typeof node.value === 'string') {
    return asn1.generalizedTimeToDate(node.value);
  }
  throw new CmsFormatError(`${what}: not a time`);
}

function readAttributes(node: Asn1): CmsAttribute[] {
  return children(node, 'attributes').map((a) => ({
    oid: readOid(child(a, 0, 'attribute'), 'attribute type'),
    values: children(child(a, 1, 'attribute'), 'attribute values'),
  }));
}

/** Hex of an INTEGER's value, without the sign-padding zero byte, lower-case. */
function integerHex(node: Asn1): string {
  const hex = fromBinary(bytesOf(node, 'integer')).toString('hex');
  return hex.replace(/^(00)+(?=[0-9a-f]{2})/, '');
}

/** DER of a PEM certificate. */
export function certificateDer(pem: string): Buffer {
  return new X509Certificate(pem).raw;
}

/** Reads a certificate's fields without assuming its key algorithm. */
export function readCertificate(node: Asn1): CertificateFields {
  const tbs = child(node, 0, 'certificate');
  const parts = children(tbs, 'tbsCertificate');
  const offset = isContext(parts[0], 0) ? 1 : 0;
  const serialAsn1 = child(tbs, offset, 'tbsCertificate');
  const validity = child(tbs, offset + 3, 'tbsCertificate');
  return {
    asn1: node,
    der: derOf(node),
    serialHex: integerHex(serialAsn1),
    serialAsn1,
    issuer: child(tbs, offset + 2, 'tbsCertificate'),
    subject: child(tbs, offset + 4, 'tbsCertificate'),
    notBefore: readTime(child(validity, 0, 'validity'), 'notBefore'),
    notAfter: readTime(child(validity, 1, 'validity'), 'notAfter'),
    spkiDer: derOf(child(tbs, offset + 5, 'tbsCertificate')),
  };
}

function decodeString(node: Asn1): string {
  const raw = typeof node.value === 'string' ? node.value : '';
  if (node.type === asn1.Type.UTF8) return forge.util.decodeUtf8(raw);
  if (node.type === asn1.Type.BMPSTRING) {
    let out = '';
    for (let i = 0; i + 1 < raw.length; i += 2)
      out += String.fromCharCode((raw.charCodeAt(i) << 8) | raw.charCodeAt(i + 1));
    return out;
  }
  return raw;
}

/** The attributes of a distinguished name, in order, as [OID, text]. */
export function nameAttributes(name: Asn1): [string, string][] {
  const out: [string, string][] = [];
  for (const rdn of children(name, 'name')) {
    for (const atv of children(rdn, 'rdn')) {
      out.push([readOid(child(atv, 0, 'atv'), 'atv type'), decodeString(child(atv, 1, 'atv'))]);
    }
  }
  return out;
}

/** The public key of a certificate as a KeyObject (throws for algorithms node cannot read). */
export function publicKeyOf(cert: CertificateFields): KeyObject {
  return createPublicKey({ key: cert.spkiDer, format: 'der', type: 'spki' });
}

/** Node's hash name for a digest algorithm OID, undefined when unsupported. */
export function digestName(oid: string): string | undefined {
  return DIGEST_BY_OID[oid];
}

/** The hash a SignerInfo's signature uses: from its signature algorithm when that names one, else its digest. */
export function signatureHashName(signatureOid: string, digestOid: string): string | undefined {
  return (
    DIGEST_BY_SIGNATURE_OID[signatureOid] ??
    (signatureOid === OID.rsaEncryption ? DIGEST_BY_OID[digestOid] : undefined)
  );
}

/** Options of createSignedData. */
export interface SignOptions {
  /** leave the content out (the module's "yes" third argument) */
  detached?: boolean;
  /** eContentType; `data` by default, `tstInfo` for a timestamp token */
  contentType?: string;
  /** add a signingTime attribute with this time */
  signingTime?: Date;
  /** more signed attributes (e.g. signingCertificateV2 of a timestamp token) */
  extraSignedAttrs?: Asn1[];
}

/** A created SignedData. */
export interface CreatedSignedData {
  /** the ContentInfo node */
  contentInfo: Asn1;
  der: Buffer;
  /** the raw signature value */
  signature: Buffer;
  /** the signer certificate's serial, lower-case hex */
  serialHex: string;
}

/**
 * Signs `content` with RSA/SHA-256 and signed attributes (contentType, messageDigest, optional signingTime) and
 * wraps it in a ContentInfo with the signer's certificate.
 */
export function createSignedData(
  content: Buffer,
  signer: SignerCredentials,
  opts: SignOptions = {},
): CreatedSignedData {
  const contentType = opts.contentType ?? OID.data;
  const cert = readCertificate(parseDer(certificateDer(signer.certPem)));
  const attrs = [
    attribute(OID.contentType, [oidNode(contentType)]),
    attribute(OID.messageDigest, [octets(createHash('sha256').update(content).digest())]),
  ];
  if (opts.signingTime) attrs.push(attribute(OID.signingTime, [timeNode(opts.signingTime)]));
  attrs.push(...(opts.extraSignedAttrs ?? []));
  const sorted = derSorted(attrs);
  // The signature covers the attributes encoded as a SET (tag 0x31), not as the [0] they are stored under.
  const signature = nodeSign('sha256', derOf(set(sorted)), signer.keyPem);

  const signerInfo = seq([
    integer(1),
    seq([asn1.copy(cert.issuer), asn1.copy(cert.serialAsn1)]),
    algorithm(OID.sha256, false),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, sorted),
    algorithm(OID.rsaEncryption, true),
    octets(signature),
  ]);
  const encap: Asn1[] = [oidNode(contentType)];
  if (!opts.detached) encap.push(asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [octets(content)]));
  const signedData = seq([
    // version 3 when the content is not id-data (RFC 5652 5.1)
    integer(contentType === OID.data ? 1 : 3),
    set([algorithm(OID.sha256, false)]),
    seq(encap),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [asn1.copy(cert.asn1)]),
    set([signerInfo]),
  ]);
  const contentInfo = seq([
    oidNode(OID.signedData),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [signedData]),
  ]);
  return { contentInfo, der: derOf(contentInfo), signature, serialHex: cert.serialHex };
}

function readSignerInfo(node: Asn1): ParsedSignerInfo {
  const parts = children(node, 'signerInfo');
  let i = 1;
  const sid = child(node, i++, 'signerInfo');
  let issuer: Asn1 | undefined;
  let serialAsn1: Asn1 | undefined;
  if (sid.tagClass === asn1.Class.UNIVERSAL && sid.type === asn1.Type.SEQUENCE) {
    issuer = child(sid, 0, 'issuerAndSerialNumber');
    serialAsn1 = child(sid, 1, 'issuerAndSerialNumber');
  }
  const digestOid = readOid(child(child(node, i++, 'signerInfo'), 0, 'digestAlgorithm'), 'digestAlgorithm');
  let signedAttrsNode: Asn1 | undefined;
  if (isContext(parts[i], 0)) signedAttrsNode = parts[i++];
  const signatureOid = readOid(
    child(child(node, i++, 'signerInfo'), 0, 'signatureAlgorithm'),
    'signatureAlgorithm',
  );
  const signature = fromBinary(bytesOf(child(node, i++, 'signerInfo'), 'signature'));
  const unsignedNode = parts[i];
  return {
    asn1: node,
    issuer,
    serialAsn1,
    digestOid,
    signedAttrsNode,
    signedAttrs: signedAttrsNode ? readAttributes(signedAttrsNode) : [],
    signatureOid,
    signature,
    unsignedAttrs: isContext(unsignedNode, 1) && unsignedNode ? readAttributes(unsignedNode) : [],
  };
}

/** Reads a ContentInfo holding a SignedData; throws CmsFormatError (or forge's parse error) when it is not one. */
export function parseSignedData(contentInfo: Asn1): ParsedSignedData {
  if (readOid(child(contentInfo, 0, 'contentInfo'), 'contentType') !== OID.signedData) {
    throw new CmsFormatError('not a SignedData');
  }
  const explicit = child(contentInfo, 1, 'contentInfo');
  if (!isContext(explicit, 0)) throw new CmsFormatError('contentInfo: no [0] content');
  const sd = child(explicit, 0, 'signedData');
  const parts = children(sd, 'signedData');
  const encap = child(sd, 2, 'signedData');
  const eContentType = readOid(child(encap, 0, 'encapContentInfo'), 'eContentType');
  const eContent = children(encap, 'encapContentInfo')[1];
  const content = eContent ? fromBinary(bytesOf(child(eContent, 0, 'eContent'), 'eContent')) : undefined;
  let i = 3;
  let certificates: Asn1[] = [];
  if (isContext(parts[i], 0)) certificates = children(parts[i++], 'certificates');
  if (isContext(parts[i], 1)) i++;
  const signerInfos = children(child(sd, i, 'signedData'), 'signerInfos').map(readSignerInfo);
  return { contentInfo, eContentType, content, certificates, signerInfos };
}

/** The DER the signature of a SignerInfo with signed attributes covers: the attributes as a SET. */
export function signedAttrsDer(signer: ParsedSignerInfo): Buffer | undefined {
  if (!signer.signedAttrsNode) return undefined;
  return derOf(set(children(signer.signedAttrsNode, 'signedAttrs')));
}

/** The single value of an attribute, undefined when absent or multi-valued. */
export function singleValue(attrs: CmsAttribute[], oid: string): Asn1 | undefined {
  const found = attrs.filter((a) => a.oid === oid);
  return found.length === 1 && found[0]?.values.length === 1 ? found[0].values[0] : undefined;
}

/** Reads an OID value node. */
export function oidValue(node: Asn1 | undefined): string | undefined {
  try {
    return readOid(node, 'oid value');
  } catch {
    return undefined;
  }
}

/** Raw bytes of an OCTET STRING value node. */
export function octetValue(node: Asn1 | undefined): Buffer | undefined {
  return node?.type === asn1.Type.OCTETSTRING ? fromBinary(bytesOf(node, 'octets')) : undefined;
}

/** Appends an unsigned attribute to a SignerInfo node, creating its `[1]` set when needed. */
export function appendUnsignedAttribute(signer: ParsedSignerInfo, attr: Asn1): void {
  const parts = children(signer.asn1, 'signerInfo');
  const last = parts[parts.length - 1];
  if (isContext(last, 1) && last) {
    children(last, 'unsignedAttrs').push(attr);
  } else {
    parts.push(asn1.create(asn1.Class.CONTEXT_SPECIFIC, 1, true, [attr]));
  }
}

/** Why a SignerInfo's signature does not check out. */
export type SignerCheckFailure =
  | 'noSigner'
  | 'unsupported'
  | 'digestMismatch'
  | 'contentTypeMismatch'
  | 'badSignature';

/**
 * Checks one SignerInfo over `content`: finds its certificate among `parsed.certificates` by issuer and serial,
 * compares the messageDigest and contentType attributes, and verifies the signature with the certificate's key.
 */
export function checkSignerSignature(
  parsed: ParsedSignedData,
  signer: ParsedSignerInfo,
  content: Buffer,
): { ok: true; cert: CertificateFields } | { ok: false; reason: SignerCheckFailure } {
  if (!signer.issuer || !signer.serialAsn1) return { ok: false, reason: 'noSigner' };
  const issuerDer = derOf(signer.issuer);
  const serialHex = integerHex(signer.serialAsn1);
  const cert = parsed.certificates
    .map((c) => {
      try {
        return readCertificate(c);
      } catch {
        return undefined;
      }
    })
    .find((c) => c !== undefined && c.serialHex === serialHex && derOf(c.issuer).equals(issuerDer));
  if (!cert) return { ok: false, reason: 'noSigner' };

  const digest = digestName(signer.digestOid);
  const hash = signatureHashName(signer.signatureOid, signer.digestOid);
  if (!digest || !hash) return { ok: false, reason: 'unsupported' };
  let key: KeyObject;
  try {
    key = publicKeyOf(cert);
  } catch {
    return { ok: false, reason: 'unsupported' };
  }

  let signedBytes = content;
  const attrsDer = signedAttrsDer(signer);
  if (attrsDer) {
    const expected = octetValue(singleValue(signer.signedAttrs, OID.messageDigest));
    if (!expected?.equals(createHash(digest).update(content).digest())) {
      return { ok: false, reason: 'digestMismatch' };
    }
    if (oidValue(singleValue(signer.signedAttrs, OID.contentType)) !== parsed.eContentType) {
      return { ok: false, reason: 'contentTypeMismatch' };
    }
    signedBytes = attrsDer;
  }
  let valid = false;
  try {
    valid = nodeVerify(hash, signedBytes, key, signer.signature);
  } catch {
    valid = false;
  }
  return valid ? { ok: true, cert } : { ok: false, reason: 'badSignature' };
}

/** Builders re-used by the timestamp writer. */
export const build = { oidNode, octets, integer, seq, set, algorithm };
