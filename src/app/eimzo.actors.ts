import type { CreatedSignature, ListedKey } from '@/machines/signing.machine';
import { isExpired } from '@/services/eimzo/eimzo-alias';
import {
  createEimzoClient,
  type EimzoClient,
  type EimzoClientOptions,
  encodeBase64Utf8,
  unsupportedVersion,
} from '@/services/eimzo/eimzo-client';
import { EimzoFailure } from '@/services/eimzo/eimzo-errors';

// the wizard's two signed documents load with the signing, not with /ru/new-client (NC23)
export { applicationDocument, keyProofDocument } from '@/domain/preregistration-signing.rules';
export { signingDocumentText } from '@/domain/signing-document.rules';

/**
 * What the signing chart's module actors do with the E-IMZO client. Loaded as its own chunk on the first signing
 * (src/app/block-restore.actors.ts), so the websocket client never weighs on the login page.
 */

export function createClient(options: EimzoClientOptions): EimzoClient {
  return createEimzoClient(options);
}

export function toListedKey(key: Awaited<ReturnType<EimzoClient['listKeys']>>[number], now: Date): ListedKey {
  const validTo = key.validTo;
  return {
    disk: key.disk,
    path: key.path,
    name: key.name,
    alias: key.alias,
    serialNumber: key.serialNumber ?? null,
    tin: key.TIN ?? null,
    inn: key.INN ?? null,
    expired: isExpired(key, now),
    owner: key.CN ?? null,
    validTo:
      validTo === undefined
        ? null
        : `${validTo.getFullYear()}-${String(validTo.getMonth() + 1).padStart(2, '0')}-${String(validTo.getDate()).padStart(2, '0')}`,
  };
}

/** Version first (an old module is reported before anything else is asked of it), then the API key, then the keys. */
export async function openModule(client: EimzoClient, now: Date): Promise<ListedKey[]> {
  const old = unsupportedVersion(await client.version());
  if (old) throw new EimzoFailure(old);
  await client.apikey();
  const keys = await client.listKeys();
  return keys.map((k) => toListedKey(k, now));
}

/**
 * Loads the key (the module asks the password), signs `data`, and unloads the key again. `signal` is the chart's: when
 * the user leaves the password step (Escape, Cancel) the signing socket is closed and the module drops the request.
 */
export async function signWithKey(
  client: EimzoClient,
  input: { key: ListedKey; data: string },
  signal?: AbortSignal,
): Promise<CreatedSignature> {
  const keyId = await client.loadKey(input.key);
  try {
    const signature = await client.sign(keyId, encodeBase64Utf8(input.data), false, signal);
    return { pkcs7: signature.pkcs7_64, serial: signature.signer_serial_number };
  } finally {
    // best effort: a key left loaded is harmless, a failed unload must not hide the signature or its error
    await client.unloadKey(keyId).catch(() => undefined);
  }
}
