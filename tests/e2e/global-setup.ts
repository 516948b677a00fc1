import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Starts the whole portal the way a user does (`npm start`: build when stale, migrate and seed, serve SPA + API +
 * E-IMZO simulator) on free ports with a throw-away database, and hands its URL to the browser tests.
 */
let child: ChildProcess | undefined;
let dataDir: string | undefined;

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const started = Date.now();
  let last: unknown;
  while (Date.now() - started < timeoutMs) {
    if (child?.exitCode !== null && child?.exitCode !== undefined)
      throw new Error(`portal exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
      last = res.status;
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`portal did not answer at ${url}: ${String(last)}`);
}

export default async function setup(project: TestProject) {
  dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const port = String(18080 + Math.floor(Math.random() * 1000));
  const env = {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    PORTAL_DB: join(dataDir, 'portal.db'),
    PORTAL_DATA_DIR: dataDir,
    EIMZO_PORT: String(Number(port) + 1000),
    EIMZO_CONTROL_PORT: String(Number(port) + 1001),
    EIMZO_DATA_DIR: join(dataDir, 'eimzo'),
    EIMZO_MODE: 'scripted',
    DEMO_MODE: '1',
    DEMO_PORT: String(Number(port) + 1002),
  };
  child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += String(d);
  });
  child.stderr?.on('data', (d) => {
    output += String(d);
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${baseUrl}/ru/login`, 170_000);
  } catch (e) {
    console.error(output.slice(-4000));
    throw e;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('eimzoControlUrl', `http://127.0.0.1:${env.EIMZO_CONTROL_PORT}`);
  // the simulator's keys, for a test that signs a call no page asks yet (a plan, docs/decisions.md SP9)
  project.provide('eimzoDataDir', env.EIMZO_DATA_DIR);
  // the demo outbox and controls: their own port on 127.0.0.1, never the portal's origin
  project.provide('demoUrl', `http://127.0.0.1:${env.DEMO_PORT}`);
  return async () => {
    child?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    eimzoControlUrl: string;
    eimzoDataDir: string;
    demoUrl: string;
  }
}
