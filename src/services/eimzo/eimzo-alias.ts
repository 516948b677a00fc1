import { isKeyExpired, pickSigningKey } from '@/domain/eimzo.rules';
/**
 * Reading a signature key out of the alias the E-IMZO module lists (protocol doc "Reading a certificate out of its
 * alias"; spec 3 "Signature key"; spec 4 signing flow steps 2-3).
 */

/** Where a key lives (spec 3): a PFX file, a plugged-in token (certkey / ftjc). */
export type EimzoKeyType = 'certkey' | 'pfx' | 'ftjc';

/** Fields of a certificate read from its alias; every field may be missing in a real alias. */
export interface EimzoKeyInfo {
  /** certificate serial number, upper-case hex as in the alias */
  serialNumber: string | undefined;
  /** start of validity, read as local time */
  validFrom: Date | undefined;
  /** end of validity, read as local time; before now means expired */
  validTo: Date | undefined;
  /** holder's common name */
  CN: string | undefined;
  /** organisation */
  O: string | undefined;
  /** title (position) */
  T: string | undefined;
  /** holder's personal tax id */
  UID: string | undefined;
  /** holder's personal number (OID 1.2.860.3.16.1.2) */
  PINFL: string | undefined;
  /** the legal entity's INN (OID 1.2.860.3.16.1.1); absent on a person's key */
  INN: string | undefined;
  /** the TIN the key signs for: the legal entity's INN (OID 1.2.860.3.16.1.1) when present, else UID */
  TIN: string | undefined;
}

/** A key as the portal uses it: parsed fields plus what `pfx.load_key` needs to load it. */
export interface EimzoKey extends EimzoKeyInfo {
  type: EimzoKeyType;
  /** the alias exactly as the module listed it (load_key wants it verbatim) */
  alias: string;
  disk: string;
  path: string;
  name: string;
}

const INN_OID = '1.2.860.3.16.1.1=';
const PINFL_OID = '1.2.860.3.16.1.2=';
/** A field starts at a comma followed by a letters-only name and '='. */
const FIELD_SPLIT = /,(?=[A-Z]+=)/;
const DATE_FORMAT = /^(\d{4})\.(\d{2})\.(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** Reads `yyyy.MM.dd HH:mm:ss` as local time; anything else is undefined. */
export function parseAliasDate(text: string | undefined): Date | undefined {
  const m = text === undefined ? null : DATE_FORMAT.exec(text.trim());
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi, s);
  // Reject rollovers such as month 13 or day 32, which Date silently normalises.
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) return undefined;
  return date;
}

/**
 * Parses an alias: upper-case it, rename the first INN and PINFL OIDs, split before every `,NAME=`, take the first
 * value of each field. Never throws; missing fields are undefined.
 */
export function parseAlias(alias: string): EimzoKeyInfo {
  const upper = alias.toUpperCase().replace(INN_OID, 'INN=').replace(PINFL_OID, 'PINFL=');
  const fields = new Map<string, string>();
  for (const part of upper.split(FIELD_SPLIT)) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (!fields.has(name)) fields.set(name, part.slice(eq + 1).trim());
  }
  const value = (name: string): string | undefined => {
    const v = fields.get(name);
    return v === undefined || v === '' ? undefined : v;
  };
  return {
    serialNumber: value('SERIALNUMBER'),
    validFrom: parseAliasDate(value('VALIDFROM')),
    validTo: parseAliasDate(value('VALIDTO')),
    CN: value('CN'),
    O: value('O'),
    T: value('T'),
    UID: value('UID'),
    PINFL: value('PINFL'),
    INN: value('INN'),
    TIN: value('INN') ?? value('UID'),
  };
}

/**
 * True when the key's validTo is before `now` (spec 4 step 3). A key without a readable validTo is not treated as
 * expired: the portal cannot tell, and the backend checks the certificate's real validity when verifying.
 */
export function isExpired(key: Pick<EimzoKeyInfo, 'validTo'>, now: Date): boolean {
  return isKeyExpired(key.validTo, now);
}

/** Result of choosing the signing key for a TIN. */
export type KeyPick<K extends EimzoKeyInfo = EimzoKey> =
  | { ok: true; key: K }
  | { ok: false; reason: 'noCertificates' | 'noMatchingKey' };

/**
 * The first non-expired key whose TIN equals `tin` (spec 4 signing flow step 3). An empty list is
 * `noCertificates`; otherwise no usable match is `noMatchingKey`.
 */
export function pickKeyForTin<K extends EimzoKeyInfo>(
  keys: readonly K[],
  tin: string,
  now: Date,
): KeyPick<K> {
  if (keys.length === 0) return { ok: false, reason: 'noCertificates' };
  const listed = keys.map((key) => ({ key, tin: key.TIN, expired: isExpired(key, now) }));
  const fit = pickSigningKey(listed, tin);
  return fit ? { ok: true, key: fit.key } : { ok: false, reason: 'noMatchingKey' };
}
