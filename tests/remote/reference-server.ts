/**
 * The reference backend as a real HTTP server for the black-box security suite (tests/remote): a fresh database in a
 * temp directory, demo mode (the demo accounts of server/db/demo-accounts.ts, which tests/remote/accounts.example.json
 * names), no SPA, no E-IMZO simulator, every port picked free. Run as its own process by global-setup.ts:
 *
 *   node --import tsx tests/remote/reference-server.ts [--api-target <url>]
 *
 * With `--api-target` it is instead the portal in proxy mode (`API_TARGET`, demo mode off, no database): `/api/*` goes
 * to that backend. It prints one line `LISTENING <url>` once it answers, and stops when its stdin closes (so a test
 * run that dies takes it along) or on SIGTERM/SIGINT.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger } from '../../server/logger';
import { type PortalHandle, startPortal } from '../../server/start';

const args = process.argv.slice(2);
const at = args.indexOf('--api-target');
const apiTarget = at >= 0 ? args[at + 1] : undefined;

const dir = mkdtempSync(join(tmpdir(), 'portal-remote-'));
let portal: PortalHandle | undefined;
let stopping = false;

async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  try {
    await portal?.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
    process.exit(code);
  }
}

try {
  portal = await startPortal(
    apiTarget
      ? { port: 0, host: '127.0.0.1', apiTarget, spa: false, logger: silentLogger }
      : {
          port: 0,
          host: '127.0.0.1',
          dbPath: join(dir, 'portal.db'),
          spa: false,
          eimzo: false,
          logger: silentLogger,
          // demo mode: the demo accounts; its outbox page on a free port of 127.0.0.1, never the portal's
          config: { demoMode: true, demoPort: 0 },
        },
  );
} catch (e) {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  await stop(1);
}
process.stdout.write(`LISTENING ${portal?.url}\n`);
process.stdin.on('end', () => void stop(0));
process.stdin.resume();
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));
