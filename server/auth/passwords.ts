import { createHash, randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { serverPath } from '../paths';

/**
 * Password hashing with scrypt (node:crypto), a random 16-byte salt per password, and the cost parameters stored
 * with the hash (`scrypt$N$r$p$salt$hash`, base64) so the cost can change without invalidating stored hashes.
 */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** ~40 ms per hash on a laptop core: slows guessing, keeps a login quick. */
export const DEFAULT_COST: ScryptCost = { N: 16384, r: 8, p: 1 };
const KEY_LEN = 32;

function format(cost: ScryptCost, salt: Buffer, hash: Buffer): string {
  return `scrypt$${cost.N}$${cost.r}$${cost.p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** Synchronous hash; used by the seed (a handful of demo accounts) and tests. */
export function hashPasswordSync(password: string, cost: ScryptCost = DEFAULT_COST): string {
  const salt = randomBytes(16);
  return format(cost, salt, scryptSync(password, salt, KEY_LEN, { ...cost, maxmem: 256 * cost.N * cost.r }));
}

function scryptAsync(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LEN, { ...cost, maxmem: 256 * cost.N * cost.r }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** Hash off the event loop (libuv thread pool). */
export async function hashPassword(password: string, cost: ScryptCost = DEFAULT_COST): Promise<string> {
  const salt = randomBytes(16);
  return format(cost, salt, await scryptAsync(password, salt, cost));
}

// A real hash of nothing anyone knows: verifying against it costs the same time as a real check, so an unknown
// login or an account without a password cannot be told apart by timing.
const DUMMY = hashPasswordSync(randomBytes(12).toString('hex'));

/** Constant-time check of `password` against a stored hash; `stored` null/unparsable → false (same cost). */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parts = (stored ?? DUMMY).split('$');
  const ok = parts.length === 6 && parts[0] === 'scrypt';
  const [, n, r, p, saltB64, hashB64] = ok ? parts : DUMMY.split('$');
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const expected = Buffer.from(hashB64 ?? '', 'base64');
  const actual = await scryptAsync(password, Buffer.from(saltB64 ?? '', 'base64'), cost);
  return ok && stored != null && expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** SHA-256 hex of a high-entropy secret (session ids, restore tokens, SMS codes). These are random, so a fast
 *  hash is enough: the point is that a copy of the database does not hand out live sessions. */
export function sha256(s: string): string {
  return createHash('sha256').update(s).digest('hex');
}

/** The 5 000 most common passwords (lower case, most frequent first; from the MIT-licensed zxcvbn-ts common list),
 *  shipped with the server and read once. */
let common: ReadonlySet<string> | undefined;
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(
    readFileSync(serverPath('auth', 'common-passwords.txt'), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean),
  );
  return common;
}

/** Whether `p` is one of the most common passwords (case-insensitive). */
export function isCommonPassword(p: string): boolean {
  return commonPasswords().has(p.toLowerCase());
}

/** Password rule for change-password and restore: 8–200 characters with at least one letter and one digit
 *  (src/domain/validators.rules.ts, the forms' rule too; U21). Common passwords are refused separately (E140). */
export { isAcceptablePassword } from '../../src/domain/validators.rules';
