/**
 * Which signer certificates the reference backend accepts (docs/decisions.md SIG1): a path from the signer through
 * the accepted certification centres' intermediates to one of their roots, every certificate valid at the moment
 * of verification (the moment the timestamp then records), and — outside the demo's test CA — each certificate below
 * the root shown not revoked, by an OCSP answer where the certificate names a responder or by a current CRL its
 * issuer signed. When neither answers, the signature is refused (fail-closed).
 *
 * The chain is built with node's own X509Certificate (name, key identifier and key usage checks of OpenSSL's
 * `X509_check_issued`, and the signature); CRLs and OCSP are read, built and verified with pkijs (a maintained PKI
 * library: CRL signature and entries, the OCSP request with a nonce, the response's signature and the RFC 6960
 * responder authorisation), not by hand.
 */
import { randomBytes, X509Certificate } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { wholeSetting } from '../env-settings';

/** A CRL as placed by the operator, read once per load. */
interface LoadedCrl {
  file: string;
  crl: pkijs.CertificateRevocationList;
  /** DER of the issuer name, to find it by the certificate's issuer */
  issuerDer: Buffer;
}

/** The certificates and CRLs the verification trusts. */
export interface TrustStore {
  /** the demo's test CA (no revocation: it issues none) or an operator's trust directory */
  readonly kind: 'test-ca' | 'dir';
  /** self-signed roots */
  readonly anchors: readonly X509Certificate[];
  /** CA certificates between the roots and the signers */
  readonly intermediates: readonly X509Certificate[];
  readonly crls: readonly LoadedCrl[];
  /** how long an OCSP responder may take (EIMZO_OCSP_TIMEOUT_MS) */
  readonly ocspTimeoutMs: number;
}

/** Why a signer certificate is not accepted. */
export type TrustFailure =
  /** outside demo mode no EIMZO_TRUST_DIR is configured */
  | 'noTrustStore'
  /** no path from the signer to an accepted root, or a CA on the path not valid now */
  | 'untrustedSigner'
  | 'certificateExpired'
  | 'certificateNotYetValid'
  /** an OCSP responder or a CRL says a certificate of the path is revoked */
  | 'certificateRevoked'
  /** neither an OCSP answer nor a current CRL tells (fail-closed) */
  | 'revocationUnknown';

/** How each certificate's revocation was settled, for the log line (never personal data). */
export interface RevocationNote {
  serial: string;
  /** `ocsp good`, `crl good`, `ocsp revoked`, `crl revoked`, `ocsp timeout` … */
  source: string;
}

export type TrustResult =
  | { ok: true; chain: X509Certificate[]; revocation: RevocationNote[] }
  | { ok: false; reason: TrustFailure; revocation: RevocationNote[] };

/** The settings: EIMZO_TRUST_DIR, EIMZO_OCSP_TIMEOUT_MS. Undefined when no directory is configured. */
export interface TrustOptions {
  dir: string;
  ocspTimeoutMs: number;
}

export const DEFAULT_OCSP_TIMEOUT_MS = 5_000;

export function trustOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): TrustOptions | undefined {
  const ocspTimeoutMs =
    wholeSetting('EIMZO_OCSP_TIMEOUT_MS', env.EIMZO_OCSP_TIMEOUT_MS, 100, 60_000) ?? DEFAULT_OCSP_TIMEOUT_MS;
  if (!env.EIMZO_TRUST_DIR) return undefined;
  return { dir: env.EIMZO_TRUST_DIR, ocspTimeoutMs };
}

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/g;

/** The DER blocks of a PEM or DER file, by label (`CERTIFICATE`, `X509 CRL`). */
function derBlocks(bytes: Buffer, label: string): Buffer[] {
  const text = bytes.toString('latin1');
  if (!text.includes('-----BEGIN ')) return [bytes];
  return [...text.matchAll(PEM_BLOCK)]
    .filter((m) => m[1] === label)
    .map((m) => Buffer.from((m[2] ?? '').replace(/\s+/g, ''), 'base64'));
}

const isSelfSigned = (c: X509Certificate) => {
  try {
    return c.checkIssued(c) && c.verify(c.publicKey);
  } catch {
    return false;
  }
};

const toPkijs = (c: X509Certificate) => pkijs.Certificate.fromBER(new Uint8Array(c.raw));

function issuerDerOf(cert: pkijs.Certificate | pkijs.CertificateRevocationList): Buffer {
  return Buffer.from(cert.issuer.toSchema().toBER(false));
}

/** The demo's trust: the simulator's test CA, with no revocation to check (it publishes none). */
export function testCaTrust(caCertPem: string): TrustStore {
  return {
    kind: 'test-ca',
    anchors: [new X509Certificate(caCertPem)],
    intermediates: [],
    crls: [],
    ocspTimeoutMs: DEFAULT_OCSP_TIMEOUT_MS,
  };
}

/**
 * Reads a trust directory: certificates in `*.pem`, `*.crt`, `*.cer`, `*.der` (PEM with one or more certificates,
 * or DER), CRLs in `*.crl` (PEM or DER). Self-signed CA certificates are roots, other CA certificates
 * intermediates. Throws a one-line reason for a file that cannot be read, a certificate that is not a CA, or a
 * directory without a root: a trust store that silently accepts nothing is worse than a portal that does not start.
 */
export function loadTrustDir(dir: string, ocspTimeoutMs = DEFAULT_OCSP_TIMEOUT_MS): TrustStore {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch (e) {
    throw new Error(
      `EIMZO_TRUST_DIR=${dir} cannot be read (${(e as NodeJS.ErrnoException).code ?? 'error'}).`,
    );
  }
  const anchors: X509Certificate[] = [];
  const intermediates: X509Certificate[] = [];
  const crls: LoadedCrl[] = [];
  for (const name of names) {
    const ext = extname(name).toLowerCase();
    const path = join(dir, name);
    if (!['.pem', '.crt', '.cer', '.der', '.crl'].includes(ext) || !statSync(path).isFile()) continue;
    const bytes = readFileSync(path);
    if (ext === '.crl') {
      const blocks = derBlocks(bytes, 'X509 CRL');
      if (blocks.length === 0) throw new Error(`EIMZO_TRUST_DIR: ${name} holds no CRL.`);
      for (const der of blocks) {
        try {
          const crl = pkijs.CertificateRevocationList.fromBER(new Uint8Array(der));
          crls.push({ file: name, crl, issuerDer: issuerDerOf(crl) });
        } catch {
          throw new Error(`EIMZO_TRUST_DIR: ${name} is not a CRL (PEM or DER).`);
        }
      }
      continue;
    }
    const blocks = derBlocks(bytes, 'CERTIFICATE');
    if (blocks.length === 0) throw new Error(`EIMZO_TRUST_DIR: ${name} holds no certificate.`);
    for (const der of blocks) {
      let cert: X509Certificate;
      try {
        cert = new X509Certificate(der);
      } catch {
        throw new Error(`EIMZO_TRUST_DIR: ${name} is not a certificate (PEM or DER).`);
      }
      if (!cert.ca)
        throw new Error(`EIMZO_TRUST_DIR: ${name} is not a CA certificate (basicConstraints CA).`);
      (isSelfSigned(cert) ? anchors : intermediates).push(cert);
    }
  }
  if (anchors.length === 0)
    throw new Error(`EIMZO_TRUST_DIR=${dir} holds no root (self-signed CA) certificate.`);
  return { kind: 'dir', anchors, intermediates, crls, ocspTimeoutMs };
}

/**
 * The trust directory, read again when a file in it changes (the operator replaces CRLs while the portal runs);
 * a directory that becomes unreadable keeps the last good reading and says so once in the log.
 */
export function watchedTrustDir(
  opts: TrustOptions,
  onReloadError?: (reason: string) => void,
): () => TrustStore {
  let stamp = '';
  let store = loadTrustDir(opts.dir, opts.ocspTimeoutMs);
  stamp = stampOf(opts.dir);
  let lastError = '';
  return () => {
    try {
      const now = stampOf(opts.dir);
      if (now !== stamp) {
        store = loadTrustDir(opts.dir, opts.ocspTimeoutMs);
        stamp = now;
        lastError = '';
      }
    } catch (e) {
      const reason = (e as Error).message;
      if (reason !== lastError) onReloadError?.(reason);
      lastError = reason;
    }
    return store;
  };
}

function stampOf(dir: string): string {
  return readdirSync(dir)
    .sort()
    .map((n) => {
      const s = statSync(join(dir, n));
      return `${n}:${s.size}:${s.mtimeMs}`;
    })
    .join('|');
}

/** The start-up line's words for a store. */
export function trustSummary(store: TrustStore | undefined, dir?: string): string {
  if (!store) return 'Signatures (E-IMZO): refused, no trust store (EIMZO_TRUST_DIR unset)';
  if (store.kind === 'test-ca') return "Signatures (E-IMZO): the simulator's test CA (demo mode)";
  return `Signatures (E-IMZO): trust store ${dir ?? ''} (${store.anchors.length} roots, ${store.intermediates.length} intermediates, ${store.crls.length} CRLs; OCSP time-out ${store.ocspTimeoutMs} ms; no answer on revocation: refused)`;
}

const validAt = (c: X509Certificate, at: number) =>
  Date.parse(c.validFrom) <= at && at <= Date.parse(c.validTo);

function issues(issuer: X509Certificate, cert: X509Certificate): boolean {
  try {
    return cert.checkIssued(issuer) && cert.verify(issuer.publicKey);
  } catch {
    return false;
  }
}

/** The path signer → … → root, or undefined. Extra CA certificates may come with the signature. */
function buildPath(
  leaf: X509Certificate,
  extra: readonly X509Certificate[],
  store: TrustStore,
): X509Certificate[] | undefined {
  const pool = [...store.intermediates, ...extra.filter((c) => c.ca)];
  const path = [leaf];
  let current = leaf;
  for (let depth = 0; depth < 8; depth++) {
    const anchor = store.anchors.find((a) => issues(a, current));
    if (anchor) {
      if (anchor.fingerprint256 !== current.fingerprint256) path.push(anchor);
      return path;
    }
    const next = pool.find(
      (c) => c.ca && issues(c, current) && !path.some((p) => p.fingerprint256 === c.fingerprint256),
    );
    if (!next) return undefined;
    path.push(next);
    current = next;
  }
  return undefined;
}

type Status = 'good' | 'revoked' | 'unknown';

/** What a CRL of `issuer` says of `cert` at `at`: revoked if any signed CRL lists it (even a stale one). */
async function crlStatus(
  cert: pkijs.Certificate,
  issuer: pkijs.Certificate,
  store: TrustStore,
  at: number,
): Promise<Status> {
  const issuerName = Buffer.from(issuer.subject.toSchema().toBER(false));
  let current = false;
  for (const loaded of store.crls) {
    if (!loaded.issuerDer.equals(issuerName)) continue;
    let signed = false;
    try {
      signed = await loaded.crl.verify({ issuerCertificate: issuer });
    } catch {
      signed = false;
    }
    if (!signed) continue;
    if (loaded.crl.isCertificateRevoked(cert)) return 'revoked';
    const thisUpdate = loaded.crl.thisUpdate.value.getTime();
    const nextUpdate = loaded.crl.nextUpdate?.value.getTime();
    if (thisUpdate <= at && nextUpdate !== undefined && at <= nextUpdate) current = true;
  }
  return current ? 'good' : 'unknown';
}

const OCSP_ACCESS = '1.3.6.1.5.5.7.48.1';
const OCSP_NONCE = '1.3.6.1.5.5.7.48.1.2';
const AIA = '1.3.6.1.5.5.7.1.1';
/** how far an OCSP answer's thisUpdate may lie ahead of our clock */
const OCSP_SKEW_MS = 5 * 60_000;

/** The OCSP responder URLs the certificate names (authorityInfoAccess, http or https). */
export function ocspUrlsOf(cert: pkijs.Certificate): string[] {
  const ext = cert.extensions?.find((e) => e.extnID === AIA);
  const parsed = ext?.parsedValue as pkijs.InfoAccess | undefined;
  return (parsed?.accessDescriptions ?? [])
    .filter((d) => d.accessMethod === OCSP_ACCESS && d.accessLocation.type === 6)
    .map((d) => String(d.accessLocation.value))
    .filter((u) => /^https?:\/\//i.test(u));
}

/** Asks one responder; a failure is 'unknown' with its reason. */
async function ocspStatus(
  cert: pkijs.Certificate,
  above: pkijs.Certificate[],
  url: string,
  store: TrustStore,
  at: number,
): Promise<{ status: Status; source: string }> {
  const issuer = above[0] as pkijs.Certificate;
  try {
    const request = new pkijs.OCSPRequest();
    await request.createForCertificate(cert, { hashAlgorithm: 'SHA-1', issuerCertificate: issuer });
    const nonce = randomBytes(16);
    request.tbsRequest.requestExtensions = [
      new pkijs.Extension({
        extnID: OCSP_NONCE,
        extnValue: new asn1js.OctetString({ valueHex: new Uint8Array(nonce) }).toBER(false),
      }),
    ];
    const body = Buffer.from(request.toSchema(true).toBER(false));
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/ocsp-request', accept: 'application/ocsp-response' },
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(store.ocspTimeoutMs),
    });
    if (!res.ok) return { status: 'unknown', source: `ocsp http ${res.status}` };
    const reply = pkijs.OCSPResponse.fromBER(new Uint8Array(await res.arrayBuffer()));
    const code = reply.responseStatus.valueBlock.valueDec;
    if (code !== 0 || !reply.responseBytes) return { status: 'unknown', source: `ocsp status ${code}` };
    const basic = pkijs.BasicOCSPResponse.fromBER(
      new Uint8Array(reply.responseBytes.response.valueBlock.valueHexView),
    );
    // a CA answering for itself may leave its certificate out (RFC 6960 4.2.1): the issuer of our checked path is
    // then the only candidate, and pkijs still checks the signature and that it is that certificate's issuer
    if (!basic.certs || basic.certs.length === 0) basic.certs = [issuer];
    let authentic = false;
    try {
      // the CA itself may answer (a trusted responder of its own certificates), or a responder it delegated to with
      // id-kp-OCSPSigning, whose chain must reach the CAs of our checked path
      authentic = await basic.verify({
        trustedCerts: above,
        issuerCerts: [issuer],
        trustedResponders: [issuer],
      });
    } catch {
      authentic = false;
    }
    if (!authentic) return { status: 'unknown', source: 'ocsp unauthenticated' };
    // a responder that echoes a nonce must echo ours (a replayed answer otherwise)
    const echoed = basic.tbsResponseData.responseExtensions?.find((e) => e.extnID === OCSP_NONCE);
    if (echoed) {
      const value = asn1js.fromBER(echoed.extnValue.valueBlock.valueHexView).result as asn1js.OctetString;
      if (!Buffer.from(value.valueBlock.valueHexView).equals(nonce))
        return { status: 'unknown', source: 'ocsp nonce' };
    }
    const serial = Buffer.from(cert.serialNumber.valueBlock.valueHexView);
    const single = basic.tbsResponseData.responses.find((r) =>
      Buffer.from(r.certID.serialNumber.valueBlock.valueHexView).equals(serial),
    );
    const status = await basic.getCertificateStatus(cert, issuer);
    if (!single || !status.isForCertificate) return { status: 'unknown', source: 'ocsp other certificate' };
    if (
      single.thisUpdate.getTime() > at + OCSP_SKEW_MS ||
      (single.nextUpdate && single.nextUpdate.getTime() < at)
    )
      return { status: 'unknown', source: 'ocsp stale' };
    if (status.status === 1) return { status: 'revoked', source: 'ocsp revoked' };
    if (status.status === 0) return { status: 'good', source: 'ocsp good' };
    return { status: 'unknown', source: 'ocsp unknown' };
  } catch (e) {
    const name = (e as Error).name;
    return { status: 'unknown', source: name === 'TimeoutError' ? 'ocsp timeout' : 'ocsp unreachable' };
  }
}

/**
 * The revocation rule (SIG1): revoked by any signed CRL or an authentic OCSP answer → refused; else 'good' from an
 * authentic OCSP answer, or from a current CRL of the issuer (thisUpdate ≤ now ≤ nextUpdate) → accepted; else
 * refused as unknown (fail-closed), whatever the cause (time-out, unreachable responder, stale CRL, no CRL).
 */
async function revocationOf(
  cert: pkijs.Certificate,
  above: pkijs.Certificate[],
  store: TrustStore,
  at: number,
): Promise<{ status: Status; source: string }> {
  const issuer = above[0] as pkijs.Certificate;
  const fromCrl = await crlStatus(cert, issuer, store, at);
  if (fromCrl === 'revoked') return { status: 'revoked', source: 'crl revoked' };
  let asked = '';
  for (const url of ocspUrlsOf(cert)) {
    const answer = await ocspStatus(cert, above, url, store, at);
    if (answer.status !== 'unknown') return answer;
    asked = answer.source;
  }
  if (fromCrl === 'good') return { status: 'good', source: asked ? `crl good (${asked})` : 'crl good' };
  return { status: 'unknown', source: asked || 'no current crl' };
}

const serialOf = (c: X509Certificate) => c.serialNumber.toLowerCase();

/**
 * Whether the signer certificate (DER, from the CMS) is accepted at `at` by `store`; `extra` are the other
 * certificates the CMS carries. Never throws for a bad certificate.
 */
export async function checkSigner(
  store: TrustStore | undefined,
  signerDer: Buffer,
  extra: readonly Buffer[],
  at: Date,
): Promise<TrustResult> {
  const revocation: RevocationNote[] = [];
  if (!store) return { ok: false, reason: 'noTrustStore', revocation };
  let leaf: X509Certificate;
  const others: X509Certificate[] = [];
  try {
    leaf = new X509Certificate(signerDer);
    for (const der of extra) {
      try {
        others.push(new X509Certificate(der));
      } catch {
        // a certificate the verifier cannot read only fails to help build the path
      }
    }
  } catch {
    return { ok: false, reason: 'untrustedSigner', revocation };
  }
  const time = at.getTime();
  const path = buildPath(leaf, others, store);
  if (!path) return { ok: false, reason: 'untrustedSigner', revocation };
  // the CAs first: an expired intermediate or root makes the signer untrusted, whatever its own dates
  if (!path.slice(1).every((c) => validAt(c, time)))
    return { ok: false, reason: 'untrustedSigner', revocation };
  if (time > Date.parse(leaf.validTo)) return { ok: false, reason: 'certificateExpired', revocation };
  if (time < Date.parse(leaf.validFrom)) return { ok: false, reason: 'certificateNotYetValid', revocation };
  if (store.kind === 'test-ca') return { ok: true, chain: path, revocation };
  // every certificate below the root, the signer first
  const certs = path.map(toPkijs);
  for (let i = 0; i < path.length - 1; i++) {
    const cert = path[i] as X509Certificate;
    const answer = await revocationOf(certs[i] as pkijs.Certificate, certs.slice(i + 1), store, time);
    revocation.push({ serial: serialOf(cert), source: answer.source });
    if (answer.status === 'revoked') return { ok: false, reason: 'certificateRevoked', revocation };
    if (answer.status === 'unknown') return { ok: false, reason: 'revocationUnknown', revocation };
  }
  return { ok: true, chain: path, revocation };
}
