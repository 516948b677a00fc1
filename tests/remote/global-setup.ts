/**
 * Where the black-box security suite runs (README "Security suite over HTTP"):
 * - `SECURITY_TARGET` set: that portal or backend (its `/api/`), with the accounts of `SECURITY_ACCOUNTS` (required);
 * - unset: the reference backend, started here as its own process (tests/remote/reference-server.ts: a real HTTP server
 *   on a free port, a fresh temp database, demo mode) with the demo accounts of tests/remote/accounts.example.json
 *   (or `SECURITY_ACCOUNTS` when given), stopped when the run ends.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { readSecurityAccounts } from './accounts';

const EXAMPLE = fileURLToPath(new URL('./accounts.example.json', import.meta.url));
const SERVER = fileURLToPath(new URL('./reference-server.ts', import.meta.url));

/** Starts tests/remote/reference-server.ts with `args`; resolves with its URL once it prints `LISTENING <url>`. */
export function startServer(
  args: string[] = [],
  timeoutMs = 60_000,
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(
        new Error(`the reference backend did not start within ${timeoutMs} ms:\n${output.slice(-2000)}`),
      );
    }, timeoutMs);
    const onData = (d: Buffer) => {
      output += String(d);
      const m = /^LISTENING (\S+)$/m.exec(output);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve({ url: m[1], child });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the reference backend exited with ${code}:\n${output.slice(-2000)}`));
    });
  });
}

/** Stops a server startServer started: closing its stdin ends it; SIGTERM if it has not gone within 5 s. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const gone = new Promise<void>((done) => child.once('exit', () => done()));
  child.stdin?.end();
  const timer = setTimeout(() => child.kill('SIGTERM'), 5000);
  await gone;
  clearTimeout(timer);
}

export default async function setup(project: TestProject) {
  const given = process.env.SECURITY_TARGET?.trim();
  const accountsPath = process.env.SECURITY_ACCOUNTS?.trim();
  if (given) {
    if (!/^https?:\/\/[^/]+/.test(given))
      throw new Error(`SECURITY_TARGET must be an http(s) URL, not ${JSON.stringify(given)}`);
    if (!accountsPath)
      throw new Error(
        'SECURITY_TARGET is set but SECURITY_ACCOUNTS is not: the path of a JSON file like tests/remote/accounts.example.json',
      );
    project.provide('securityTarget', given.replace(/\/+$/, ''));
    project.provide('securityAccounts', readSecurityAccounts(accountsPath));
    return;
  }
  const accounts = readSecurityAccounts(accountsPath || EXAMPLE);
  const { url, child } = await startServer();
  project.provide('securityTarget', url);
  project.provide('securityAccounts', accounts);
  return () => stopServer(child);
}
