/**
 * `npm run bench:api`: throughput and latency of the reference backend on loopback.
 *
 * Starts the portal API (no SPA) in a child process on port 0 with a throwaway database, logs in as the demo curator
 * and, for each of `user/`, `profile` and a page of the 10 000-number company's number list, runs N concurrent
 * clients for a bounded time, then prints requests/s and p50/p99 latency. Stops by itself.
 *
 * BENCH_CONCURRENCY (default 16) and BENCH_SECONDS (default 5) tune it. BENCH_LOG=<file> (e.g. /dev/null) writes the
 * server's log lines there instead of dropping them, so the access log's cost per request shows (docs/operations.md).
 */

import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SUCCESS_STATUS } from '../src/domain/constants';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const MAIN_BAN = '100234561';

async function serve(): Promise<void> {
  const { startPortal } = await import('../server/start');
  const { createLogger, silentLogger } = await import('../server/logger');
  const { createWriteStream } = await import('node:fs');
  const logFile = process.env.BENCH_LOG ? createWriteStream(process.env.BENCH_LOG) : undefined;
  const { configFromEnv } = await import('../server/config');
  const dir = process.env.BENCH_DIR as string;
  const portal = await startPortal({
    port: 0,
    dbPath: join(dir, 'bench.db'),
    spa: false,
    logger: logFile ? createLogger((line) => logFile.write(`${line}\n`)) : silentLogger,
    config: configFromEnv(),
  });
  process.send?.({ url: portal.url });
  process.on('disconnect', () => {
    portal.close().finally(() => process.exit(0));
  });
}

interface Row {
  name: string;
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function measure(name: string, url: (i: number) => string, cookie: string): Promise<Row> {
  const latencies: number[] = [];
  let errors = 0;
  let i = 0;
  const end = performance.now() + SECONDS * 1000;
  const client = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      const res = await fetch(url(i++), { headers: { cookie } });
      const body = (await res.json()) as { status?: string };
      latencies.push(performance.now() - t0);
      if (res.status !== 200 || body.status !== SUCCESS_STATUS) errors++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests: latencies.length,
    errors,
    rps: latencies.length / elapsed,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
  };
}

/**
 * In-process figures of the reference store (not HTTP): seeding a fresh database with the real password cost (what
 * `npm start` does on first run), and one page plus every number of a filter of the 12 000-number company in the
 * services store (the services page's "select all filtered").
 */
async function storeFigures(): Promise<string[]> {
  const { migrate, openDatabase } = await import('../server/db/database');
  const { seedDatabase } = await import('../server/db/seed');
  const { createAddonsStore } = await import('../server/store/addons.store');
  const db = openDatabase(':memory:');
  migrate(db);
  const seed = seedDatabase(db);
  const store = createAddonsStore(db);
  const filter = { ban: MAIN_BAN, onlySn: null, list: 'connect' as const, group: 'monthly', q: '' };
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    store.page(filter, 200, 20);
    store.numbers(filter, 5000);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  db.close();
  return [
    `Seed of a fresh database (real password cost): ${seed.ms} ms (${seed.numbers} numbers, ${seed.users} users)`,
    `Services store, one page of 20 and 5 000 numbers of a filter: median ${(times[2] ?? 0).toFixed(1)} ms of 5`,
  ];
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  let child: ChildProcess | undefined;
  const guard = setTimeout(
    () => {
      process.stderr.write('bench: time limit reached\n');
      child?.kill('SIGKILL');
      process.exit(1);
    },
    (SECONDS * 3 + 60) * 1000,
  );
  try {
    child = fork(fileURLToPath(import.meta.url), ['--serve'], {
      execArgv: process.execArgv,
      env: { ...process.env, BENCH_DIR: dir },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const url = await new Promise<string>((resolve, reject) => {
      child?.once('message', (m) => resolve((m as { url: string }).url));
      child?.once('exit', (code) => reject(new Error(`server exited (${code})`)));
    });
    const login = await fetch(`${url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'portal' },
      body: JSON.stringify({ login: 'curator', password: 'Demo-2026' }),
    });
    const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    if (!cookie.startsWith('portal_sid=')) throw new Error('login failed');
    const first = (await (
      await fetch(`${url}/api/client/numbers?ban=${MAIN_BAN}&page=0&size=50`, { headers: { cookie } })
    ).json()) as { result: { totalPages: number; totalElements: number } };
    const pages = first.result.totalPages;

    process.stdout.write(
      `Reference API on ${url}: ${CONCURRENCY} concurrent clients, ${SECONDS} s per call, ` +
        `number list of BAN ${MAIN_BAN} (${first.result.totalElements} numbers, 50 per page), ` +
        `replies ${process.env.NODE_ENV === 'production' ? 'not ' : ''}re-validated against the contract\n\n`,
    );
    const rows = [
      await measure('GET user/', () => `${url}/api/user/`, cookie),
      await measure('GET profile', () => `${url}/api/profile`, cookie),
      await measure(
        'GET client/numbers (page of 50)',
        (i) => `${url}/api/client/numbers?ban=${MAIN_BAN}&page=${(i * 7919) % pages}&size=50`,
        cookie,
      ),
    ];
    const header = ['call', 'requests', 'errors', 'req/s', 'p50 ms', 'p99 ms'];
    const table = rows.map((r) => [
      r.name,
      String(r.requests),
      String(r.errors),
      r.rps.toFixed(0),
      r.p50.toFixed(2),
      r.p99.toFixed(2),
    ]);
    const widths = header.map((h, c) => Math.max(h.length, ...table.map((t) => (t[c] ?? '').length)));
    const line = (cells: string[]) =>
      cells.map((x, c) => (c === 0 ? x.padEnd(widths[c] ?? 0) : x.padStart(widths[c] ?? 0))).join('  ');
    process.stdout.write(
      `${[line(header), line(widths.map((w) => '-'.repeat(w))), ...table.map(line)].join('\n')}\n`,
    );
    process.stdout.write(`\n${(await storeFigures()).join('\n')}\n`);
  } finally {
    clearTimeout(guard);
    child?.disconnect();
    await new Promise((r) => setTimeout(r, 300));
    child?.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--serve')) {
  serve().catch((e: unknown) => {
    process.stderr.write(`${String(e)}\n`);
    process.exit(1);
  });
} else {
  main().catch((e: unknown) => {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  });
}
