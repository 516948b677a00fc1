/**
 * Readers of the settings `npm start` takes from the environment. A value that is set but unusable throws an Error
 * whose message is the one-line reason `npm start` prints before it exits; an unset one is `undefined`, so each
 * caller names its own default. Each variable is still read as `env.<NAME>` at the caller, so a search (and the
 * README test) finds it.
 */
import { readFileSync } from 'node:fs';

/** A whole number from `min` to `max`, or undefined when unset. */
export function wholeSetting(
  name: string,
  v: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  if (!/^\d+$/.test(v) || n < min || n > max)
    throw new Error(`${name}=${JSON.stringify(v).slice(0, 40)} is not a whole number from ${min} to ${max}.`);
  return n;
}

/** A secret from `NAME` or from the file `NAME_FILE` names (one of them; the file's trailing newline dropped). */
export function secretSetting(
  name: string,
  value: string | undefined,
  file: string | undefined,
): string | undefined {
  if (value && file) throw new Error(`${name} and ${name}_FILE are both set: keep one.`);
  if (file) {
    try {
      return readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (e) {
      throw new Error(
        `${name}_FILE=${file} cannot be read (${(e as NodeJS.ErrnoException).code ?? 'error'}).`,
      );
    }
  }
  return value || undefined;
}

/** Whether the URL points at this machine (127.0.0.1, localhost, [::1]). */
export const isLoopbackUrl = (url: URL) =>
  url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';

/** An https URL (plain http only to this machine: secrets and codes travel in it). */
export function secureUrlSetting(name: string, v: string): URL {
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw new Error(`${name} is not a URL.`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackUrl(url)))
    throw new Error(`${name} must be https:// (http:// only to 127.0.0.1 or localhost).`);
  return url;
}
