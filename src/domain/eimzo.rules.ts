/**
 * Version and key rules of the local E-IMZO signing module (spec 4 "Signing flow", spec 7 / 9).
 */
import { EIMZO_MIN_VERSION, EIMZO_NEW_API_VERSION } from './constants';

function versionPart(x: string | number): number {
  const n = typeof x === 'number' ? x : Number.parseInt(x, 10);
  return Number.isFinite(n) && n >= 0 ? Math.trunc(n) : 0;
}

/**
 * Installed version as major*100 + minor, from the module's `version` reply (strings). An unreadable part counts as
 * 0, so a garbled reply reads as too old rather than as supported.
 */
export function eimzoInstalledVersion(major: string | number, minor: string | number): number {
  return versionPart(major) * 100 + versionPart(minor);
}

/** True from 4.40 on; below it the portal shows 'ВНИМАНИЕ!!! Установите новую версию приложения E-IMZO'. */
export function isEimzoVersionSupported(v: number): boolean {
  return v >= EIMZO_MIN_VERSION;
}

/** True from 3.36 on, where the new key-listing API exists. */
export function hasEimzoNewApi(v: number): boolean {
  return v >= EIMZO_NEW_API_VERSION;
}

/** The parts of a listed signature key the choice needs (spec 3 "Signature key"). */
export interface KeyFacts {
  /** The key's TIN (tax id), when the certificate has one. */
  readonly tin: string | null | undefined;
  /** Whether the key had expired when it was listed (`isKeyExpired`). */
  readonly expired: boolean;
}

/** A key whose validity ended before `now` is expired (spec 4 signing step 3: "validTo before now"). */
export function isKeyExpired(validTo: Date | null | undefined, now: Date): boolean {
  return validTo != null && validTo.getTime() < now.getTime();
}

/**
 * The key to sign with (spec 4 signing step 3): the first listed key whose TIN equals the user's tax id (compared
 * trimmed) and that has not expired. `undefined` when none fits ('Нет подходящего ЭЦП-ключа.') or the user has no
 * tax id. The one home of this rule: the signing chart and the E-IMZO client both ask it.
 */
export function pickSigningKey<K extends KeyFacts>(keys: readonly K[], tin: string | null): K | undefined {
  if (tin === null) return undefined;
  const wanted = tin.trim();
  return keys.find((k) => (k.tin ?? '').trim() === wanted && !k.expired);
}
