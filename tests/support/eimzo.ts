/** Shared set-up of the E-IMZO tests: temp data dirs, a smaller key set, and `ws` sockets with an Origin. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket, { type ClientOptions } from 'ws';
import type { EimzoSocketCtor } from '@/services/eimzo/eimzo-client';
import { DEMO_KEYS, type DemoKey } from '../../server/eimzo/demo-keys';

/** A fresh temp directory and its removal. */
export function tempDir(prefix = 'eimzo-test-'): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

function demoKey(serial: string): DemoKey {
  const key = DEMO_KEYS.find((k) => k.serialNumber === serial);
  if (!key) throw new Error(`no demo key ${serial}`);
  return key;
}

/** The expired key of 302145876. */
export const EXPIRED_KEY = demoKey('7a3c0001');
/** The valid key of 302145876. */
export const MAIN_KEY = demoKey('7a3c0002');
/** The valid key of 303318250. */
export const NAVOIY_KEY = demoKey('7a3c0003');
/** The key without INN whose UID matches no company. */
export const UNKNOWN_TIN_KEY = demoKey('7a3c0008');

/** Fewer keys than the full demo set, so each test file generates only four RSA keys. */
export const TEST_KEYS: readonly DemoKey[] = [EXPIRED_KEY, MAIN_KEY, NAVOIY_KEY, UNKNOWN_TIN_KEY];

/**
 * A WebSocket constructor for the client that sends `origin` like a browser page would (`ws` sends none by
 * default); `extra` passes TLS options for wss.
 */
export function socketFrom(origin: string | undefined, extra: ClientOptions = {}): EimzoSocketCtor {
  class OriginSocket extends WebSocket {
    constructor(url: string) {
      super(url, origin === undefined ? extra : { ...extra, origin });
    }
  }
  return OriginSocket as unknown as EimzoSocketCtor;
}

/** One raw request/reply over a socket, with the close code, for protocol-level assertions; `null` sends no Origin. */
export function rawCall(
  url: string,
  frame: string | Buffer,
  origin: string | null = 'http://localhost:3000',
): Promise<{ reply: Record<string, unknown> | undefined; closeCode: number; closeReason: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, origin === null ? {} : { origin });
    let reply: Record<string, unknown> | undefined;
    ws.on('open', () => ws.send(frame, { binary: Buffer.isBuffer(frame) }));
    ws.on('message', (data) => {
      reply = JSON.parse(data.toString()) as Record<string, unknown>;
    });
    ws.on('close', (code, reason) => resolve({ reply, closeCode: code, closeReason: reason.toString() }));
    ws.on('error', () => {});
    setTimeout(() => reject(new Error('raw call timed out')), 10_000).unref();
  });
}
