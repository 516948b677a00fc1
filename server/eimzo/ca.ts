/**
 * The local test certificate authority of the E-IMZO simulator and the reference backend (protocol doc "What
 * happens after signing": a local test CA with a standard algorithm instead of the Uzbek GOST ones).
 *
 * Created once per data directory and reused: the simulator signs with certificates it issues, the backend verifies
 * against its certificate, and a timestamping key it certifies stamps verified signatures. Keys are RSA 2048,
 * generated with node:crypto (fast) and certified with node-forge.
 */
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import {
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import forge from 'node-forge';
import { certificateDer } from './cms';
import { aliasDate, buildAlias, type DemoKey } from './demo-keys';

const pki = forge.pki;

/** Credentials of one certificate: PEM certificate and PEM (PKCS#8) private key. */
export interface CertAndKey {
  certPem: string;
  keyPem: string;
}

/** The test CA and the timestamping authority it certifies. */
export interface TestCa {
  dataDir: string;
  caCertPem: string;
  caKeyPem: string;
  /** the timestamping key, certified by the CA for id-kp-timeStamping */
  tsa: CertAndKey;
}

/** A demo key's certificate and private key. */
export interface DemoKeyMaterial extends CertAndKey {
  alias: string;
}

const CA_FILE = 'ca.json';
const CA_NOT_BEFORE = new Date(Date.UTC(2020, 0, 1));
const CA_NOT_AFTER = new Date(Date.UTC(2049, 11, 31, 23, 59, 59));

/**
 * Default data directory: $EIMZO_DATA_DIR (the one variable the simulator and the backend share), else
 * $XDG_DATA_HOME/b2b-portal/eimzo, else ~/.local/share/b2b-portal/eimzo.
 */
export function defaultDataDir(): string {
  const override = process.env.EIMZO_DATA_DIR;
  if (override) return override;
  return join(process.env.XDG_DATA_HOME || join(homedir(), '.local', 'share'), 'b2b-portal', 'eimzo');
}

function generateRsa(
  bits = 2048,
): CertAndKey & { forgeKey: forge.pki.rsa.PrivateKey; publicKey: forge.pki.PublicKey } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: bits,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return {
    certPem: '',
    keyPem: privateKey,
    forgeKey: pki.privateKeyFromPem(privateKey),
    publicKey: pki.publicKeyFromPem(publicKey),
  };
}

/** A positive random serial (first byte below 0x80), hex. */
function randomSerial(): string {
  const bytes = randomBytes(9);
  bytes[0] = (bytes[0] ?? 0) & 0x7f;
  return bytes.toString('hex');
}

type SubjectAttr = { type?: string; shortName?: string; value: string; valueTagClass?: number };

function utf8(type: string, value: string): SubjectAttr {
  return { type, value, valueTagClass: forge.asn1.Type.UTF8 as number };
}

function issue(opts: {
  subject: SubjectAttr[];
  publicKey: forge.pki.PublicKey;
  serialHex: string;
  notBefore: Date;
  notAfter: Date;
  extensions: object[];
  issuerCertPem?: string;
  issuerKey: forge.pki.rsa.PrivateKey;
}): string {
  const cert = pki.createCertificate();
  cert.publicKey = opts.publicKey;
  cert.serialNumber = opts.serialHex;
  cert.validity.notBefore = opts.notBefore;
  cert.validity.notAfter = opts.notAfter;
  cert.setSubject(opts.subject as forge.pki.CertificateField[]);
  if (opts.issuerCertPem) {
    cert.setIssuer(pki.certificateFromPem(opts.issuerCertPem).subject.attributes);
  } else {
    cert.setIssuer(opts.subject as forge.pki.CertificateField[]);
  }
  cert.setExtensions(opts.extensions);
  cert.sign(opts.issuerKey, forge.md.sha256.create());
  return pki.certificateToPem(cert);
}

function writePrivate(path: string, text: string): void {
  writeFileSync(path, text, { mode: 0o600 });
}

/** Writes `text` to `path` only if it does not exist yet; false when another process got there first. */
function createExclusive(path: string, text: string): boolean {
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writePrivate(tmp, text);
  try {
    linkSync(tmp, path);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  } finally {
    unlinkSync(tmp);
  }
}

function replaceFile(path: string, text: string): void {
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writePrivate(tmp, text);
  renameSync(tmp, path);
}

function createCa(dataDir: string): TestCa {
  const ca = generateRsa();
  const caSubject: SubjectAttr[] = [
    { shortName: 'C', value: 'UZ' },
    utf8('2.5.4.10', 'B2B Portal (test)'),
    utf8('2.5.4.3', 'B2B Portal E-IMZO Test CA'),
  ];
  const caCertPem = issue({
    subject: caSubject,
    publicKey: ca.publicKey,
    serialHex: randomSerial(),
    notBefore: CA_NOT_BEFORE,
    notAfter: CA_NOT_AFTER,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
      { name: 'subjectKeyIdentifier' },
    ],
    issuerKey: ca.forgeKey,
  });
  const tsa = generateRsa();
  const tsaCertPem = issue({
    subject: [
      { shortName: 'C', value: 'UZ' },
      utf8('2.5.4.10', 'B2B Portal (test)'),
      utf8('2.5.4.3', 'B2B Portal Test TSA'),
    ],
    publicKey: tsa.publicKey,
    serialHex: randomSerial(),
    notBefore: CA_NOT_BEFORE,
    notAfter: CA_NOT_AFTER,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
      { name: 'extKeyUsage', timeStamping: true, critical: true },
      { name: 'subjectKeyIdentifier' },
    ],
    issuerCertPem: caCertPem,
    issuerKey: ca.forgeKey,
  });
  return { dataDir, caCertPem, caKeyPem: ca.keyPem, tsa: { certPem: tsaCertPem, keyPem: tsa.keyPem } };
}

function readCa(dataDir: string, path: string): TestCa {
  const stored = JSON.parse(readFileSync(path, 'utf8')) as Partial<Omit<TestCa, 'dataDir'>>;
  if (
    typeof stored.caCertPem !== 'string' ||
    typeof stored.caKeyPem !== 'string' ||
    typeof stored.tsa?.certPem !== 'string' ||
    typeof stored.tsa.keyPem !== 'string'
  ) {
    throw new Error(`E-IMZO test CA file ${path} is unreadable; delete ${dataDir} to create a new CA`);
  }
  return {
    dataDir,
    caCertPem: stored.caCertPem,
    caKeyPem: stored.caKeyPem,
    tsa: { certPem: stored.tsa.certPem, keyPem: stored.tsa.keyPem },
  };
}

/**
 * Loads the test CA from `dataDir` (default: defaultDataDir()), creating it on first use. Safe when the simulator and
 * the backend start at the same time: the CA file is created atomically and the loser of the race reads the winner's.
 * Also writes `ca-cert.pem` next to it for people who want to inspect or trust it.
 */
export function loadOrCreateCa(dataDir: string = defaultDataDir()): TestCa {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, CA_FILE);
  if (!existsSync(path)) {
    const created = createCa(dataDir);
    const { dataDir: _omit, ...stored } = created;
    if (createExclusive(path, JSON.stringify(stored, null, 2))) {
      writeFileSync(join(dataDir, 'ca-cert.pem'), created.caCertPem);
      return created;
    }
  }
  return readCa(dataDir, path);
}

/** SHA-256 of the CA certificate, to notice that stored key certificates belong to an older CA. */
function caFingerprint(ca: TestCa): string {
  return createHash('sha256').update(certificateDer(ca.caCertPem)).digest('hex');
}

/** Issues a certificate for a demo key: subject as in the alias, serial and validity as in the alias. */
export function issueDemoKeyCertificate(ca: TestCa, key: DemoKey): DemoKeyMaterial {
  const pair = generateRsa();
  const subject: SubjectAttr[] = [utf8('2.5.4.3', key.cn.toUpperCase())];
  subject.push(utf8('2.5.4.41', key.name.toUpperCase()), utf8('2.5.4.4', key.surname.toUpperCase()));
  subject.push({ shortName: 'C', value: 'UZ' });
  if (key.o) subject.push(utf8('2.5.4.10', key.o.toUpperCase()));
  if (key.uid) subject.push(utf8('0.9.2342.19200300.100.1.1', key.uid));
  if (key.pinfl) subject.push(utf8('1.2.860.3.16.1.2', key.pinfl));
  if (key.title) subject.push(utf8('2.5.4.12', key.title.toUpperCase()));
  if (key.inn) subject.push(utf8('1.2.860.3.16.1.1', key.inn));
  const certPem = issue({
    subject,
    publicKey: pair.publicKey,
    serialHex: key.serialNumber,
    notBefore: aliasDate(key.validFrom),
    notAfter: aliasDate(key.validTo),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
      { name: 'subjectKeyIdentifier' },
    ],
    issuerCertPem: ca.caCertPem,
    issuerKey: pki.privateKeyFromPem(ca.caKeyPem),
  });
  return { alias: buildAlias(key), certPem, keyPem: pair.keyPem };
}

/**
 * Loads or creates the certificate and key of each demo key under `<dataDir>/keys/<serial>.json`. A stored entry is
 * reused only when its alias and issuing CA are unchanged, so editing a demo key re-issues its certificate.
 */
export function loadOrCreateDemoKeyMaterial(
  ca: TestCa,
  keys: readonly DemoKey[],
): Map<string, DemoKeyMaterial> {
  const dir = join(ca.dataDir, 'keys');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const fingerprint = caFingerprint(ca);
  const out = new Map<string, DemoKeyMaterial>();
  for (const key of keys) {
    const path = join(dir, `${key.serialNumber}.json`);
    const alias = buildAlias(key);
    let material: DemoKeyMaterial | undefined;
    if (existsSync(path)) {
      try {
        const stored = JSON.parse(readFileSync(path, 'utf8')) as DemoKeyMaterial & { ca?: string };
        if (stored.alias === alias && stored.ca === fingerprint && stored.certPem && stored.keyPem) {
          material = { alias, certPem: stored.certPem, keyPem: stored.keyPem };
        }
      } catch {
        material = undefined;
      }
    }
    if (!material) {
      material = issueDemoKeyCertificate(ca, key);
      replaceFile(path, JSON.stringify({ ...material, ca: fingerprint }, null, 2));
    }
    out.set(key.serialNumber, material);
  }
  return out;
}

/**
 * A self-signed TLS certificate for 127.0.0.1 / localhost (the wss listener), stored as `<dataDir>/tls.json` and
 * renewed when expired. Self-signed on purpose: trusting it in a browser does not make the test CA a trusted root.
 */
export function loadOrCreateTlsCertificate(dataDir: string = defaultDataDir(), now = new Date()): CertAndKey {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, 'tls.json');
  if (existsSync(path)) {
    try {
      const stored = JSON.parse(readFileSync(path, 'utf8')) as CertAndKey;
      if (pki.certificateFromPem(stored.certPem).validity.notAfter.getTime() > now.getTime()) return stored;
    } catch {
      // unreadable: issue a new one below
    }
  }
  const pair = generateRsa();
  const subject: SubjectAttr[] = [{ shortName: 'CN', value: '127.0.0.1' }];
  const certPem = issue({
    subject,
    publicKey: pair.publicKey,
    serialHex: randomSerial(),
    notBefore: new Date(now.getTime() - 60_000),
    notAfter: new Date(now.getTime() + 825 * 24 * 3600 * 1000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
    issuerKey: pair.forgeKey,
  });
  const result = { certPem, keyPem: pair.keyPem };
  replaceFile(path, JSON.stringify(result, null, 2));
  return result;
}
