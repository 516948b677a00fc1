/**
 * A small certification centre for the trust-store tests: a root, an intermediate under it, signer certificates
 * under the intermediate (with the E-IMZO subject fields, and an OCSP responder address when asked), CRLs signed by
 * the intermediate, and an OCSP responder on 127.0.0.1 that answers from a table (good / revoked / a hang).
 * Certificates are made with node-forge (as the simulator's test CA), CRLs and OCSP replies with pkijs.
 */
import { generateKeyPairSync, randomBytes, webcrypto } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as asn1js from 'asn1js';
import forge from 'node-forge';
import * as pkijs from 'pkijs';

const { pki, asn1 } = forge;

export interface Issued {
  certPem: string;
  keyPem: string;
  /** serial, lower-case hex */
  serial: string;
}

type Attr = { type?: string; shortName?: string; value: string; valueTagClass?: number };
const utf8 = (type: string, value: string): Attr => ({
  type,
  value,
  valueTagClass: forge.asn1.Type.UTF8 as number,
});

function aiaOcsp(url: string) {
  const node = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer('1.3.6.1.5.5.7.48.1').getBytes()),
      asn1.create(asn1.Class.CONTEXT_SPECIFIC, 6, false, url),
    ]),
  ]);
  return { id: '1.3.6.1.5.5.7.1.1', value: asn1.toDer(node).getBytes() };
}

function extKeyUsage(oids: readonly string[]) {
  const node = asn1.create(
    asn1.Class.UNIVERSAL,
    asn1.Type.SEQUENCE,
    true,
    oids.map((o) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(o).getBytes())),
  );
  return { id: '2.5.29.37', value: asn1.toDer(node).getBytes() };
}

/** id-kp-OCSPSigning: a responder the CA delegated its answers to */
export const OCSP_SIGNING = '1.3.6.1.5.5.7.3.9';

let serialCounter = 0x100;

/** Issues a certificate; without `issuer` it is self-signed. */
export function issueCert(opts: {
  subject: Attr[];
  ca: boolean;
  issuer?: Issued;
  notBefore: Date;
  notAfter: Date;
  ocspUrl?: string;
  /** extended key usages (OIDs) */
  eku?: readonly string[];
}): Issued {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const cert = pki.createCertificate();
  cert.publicKey = pki.publicKeyFromPem(publicKey);
  serialCounter += 1;
  const serial = `7b${serialCounter.toString(16).padStart(6, '0')}`;
  cert.serialNumber = serial;
  cert.validity.notBefore = opts.notBefore;
  cert.validity.notAfter = opts.notAfter;
  cert.setSubject(opts.subject as forge.pki.CertificateField[]);
  cert.setIssuer(
    opts.issuer
      ? pki.certificateFromPem(opts.issuer.certPem).subject.attributes
      : (opts.subject as forge.pki.CertificateField[]),
  );
  const extensions: object[] = opts.ca
    ? [
        { name: 'basicConstraints', cA: true, critical: true },
        { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
      ]
    : [
        { name: 'basicConstraints', cA: false },
        { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
      ];
  extensions.push({ name: 'subjectKeyIdentifier' });
  if (opts.ocspUrl) extensions.push(aiaOcsp(opts.ocspUrl));
  if (opts.eku) extensions.push(extKeyUsage(opts.eku));
  cert.setExtensions(extensions);
  cert.sign(pki.privateKeyFromPem(opts.issuer?.keyPem ?? privateKey), forge.md.sha256.create());
  return { certPem: pki.certificateToPem(cert), keyPem: privateKey, serial };
}

/** A signer's subject as the E-IMZO keys carry it (CN, O, INN). */
export function signerSubject(cn: string, inn: string): Attr[] {
  return [
    utf8('2.5.4.3', cn),
    { shortName: 'C', value: 'UZ' },
    utf8('2.5.4.10', 'OOO TEST'),
    utf8('1.2.860.3.16.1.1', inn),
  ];
}

export const caSubject = (cn: string): Attr[] => [utf8('2.5.4.3', cn), { shortName: 'C', value: 'UZ' }];

const derOfPem = (pem: string) =>
  new Uint8Array(Buffer.from(pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64'));

export const pkijsCert = (pem: string) => pkijs.Certificate.fromBER(derOfPem(pem));

async function signingKey(keyPem: string): Promise<CryptoKey> {
  return (await webcrypto.subtle.importKey(
    'pkcs8',
    derOfPem(keyPem),
    { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
    false,
    ['sign'],
  )) as CryptoKey;
}

/** A CRL of `issuer` listing `revoked` serials, PEM. */
export async function makeCrl(
  issuer: Issued,
  revoked: readonly string[],
  thisUpdate: Date,
  nextUpdate: Date,
): Promise<string> {
  const crl = new pkijs.CertificateRevocationList();
  crl.version = 1;
  crl.issuer = pkijsCert(issuer.certPem).subject;
  crl.thisUpdate = new pkijs.Time({ type: 0, value: thisUpdate });
  crl.nextUpdate = new pkijs.Time({ type: 0, value: nextUpdate });
  if (revoked.length > 0)
    crl.revokedCertificates = revoked.map(
      (serial) =>
        new pkijs.RevokedCertificate({
          userCertificate: new asn1js.Integer({ valueHex: new Uint8Array(Buffer.from(serial, 'hex')) }),
          revocationDate: new pkijs.Time({ type: 0, value: thisUpdate }),
        }),
    );
  await crl.sign(await signingKey(issuer.keyPem), 'SHA-256');
  const der = Buffer.from(crl.toSchema(true).toBER(false));
  return `-----BEGIN X509 CRL-----\n${der.toString('base64').replace(/(.{64})/g, '$1\n')}\n-----END X509 CRL-----\n`;
}

export type OcspAnswer = 'good' | 'revoked' | 'hang' | 'http500' | 'forged' | 'wrongNonce';

/**
 * An OCSP responder for `issuer` on 127.0.0.1, answering by serial from `table`: the CA answers itself, or a
 * `delegate` it issued signs the answers and sends its certificate along.
 */
export async function startOcspResponder(
  issuer: Issued,
  table: Map<string, OcspAnswer>,
  delegate?: Issued,
): Promise<{ url: string; requests: number; close(): Promise<void> }> {
  const responder = delegate ?? issuer;
  const issuerCert = pkijsCert(responder.certPem);
  const key = await signingKey(responder.keyPem);
  const forger = issueCert({
    subject: caSubject('Forger'),
    ca: true,
    notBefore: new Date(Date.UTC(2020, 0, 1)),
    notAfter: new Date(Date.UTC(2040, 0, 1)),
  });
  const forgedKey = await signingKey(forger.keyPem);
  const state = { requests: 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      state.requests += 1;
      const ocspReq = pkijs.OCSPRequest.fromBER(new Uint8Array(Buffer.concat(chunks)));
      const certID = ocspReq.tbsRequest.requestList[0]?.reqCert as pkijs.CertID;
      const serial = Buffer.from(certID.serialNumber.valueBlock.valueHexView).toString('hex');
      const answer = table.get(serial) ?? 'good';
      if (answer === 'hang') return; // never answers: the verifier's time-out decides
      if (answer === 'http500') {
        res.writeHead(500).end();
        return;
      }
      const basic = new pkijs.BasicOCSPResponse();
      basic.tbsResponseData.responderID = issuerCert.subject;
      basic.tbsResponseData.producedAt = new Date();
      const single = new pkijs.SingleResponse();
      single.certID = certID;
      single.certStatus =
        answer === 'revoked'
          ? new asn1js.Constructed({
              idBlock: { tagClass: 3, tagNumber: 1 },
              value: [new asn1js.GeneralizedTime({ valueDate: new Date(Date.now() - 86_400_000) })],
            })
          : new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: 0 } });
      single.thisUpdate = new Date(Date.now() - 60_000);
      single.nextUpdate = new Date(Date.now() + 3_600_000);
      basic.tbsResponseData.responses.push(single);
      const nonce = ocspReq.tbsRequest.requestExtensions?.find((e) => e.extnID === '1.3.6.1.5.5.7.48.1.2');
      if (nonce)
        basic.tbsResponseData.responseExtensions = [
          answer === 'wrongNonce'
            ? new pkijs.Extension({
                extnID: '1.3.6.1.5.5.7.48.1.2',
                extnValue: new asn1js.OctetString({ valueHex: new Uint8Array(randomBytes(16)) }).toBER(false),
              })
            : nonce,
        ];
      if (delegate) basic.certs = [issuerCert];
      await basic.sign(answer === 'forged' ? forgedKey : key, 'SHA-256');
      const reply = new pkijs.OCSPResponse({
        responseStatus: new asn1js.Enumerated({ value: 0 }),
        responseBytes: new pkijs.ResponseBytes({
          responseType: '1.3.6.1.5.5.7.48.1.1',
          response: new asn1js.OctetString({ valueHex: basic.toSchema().toBER(false) }),
        }),
      });
      res.writeHead(200, { 'content-type': 'application/ocsp-response' });
      res.end(Buffer.from(reply.toSchema().toBER(false)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/ocsp`,
    get requests() {
      return state.requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
