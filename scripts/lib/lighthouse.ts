/**
 * Lighthouse (12.x, the last major that runs on Node 20) in the bench: its default configuration, the mobile preset
 * (a phone's screen, simulated slow 4G and 4× CPU), performance category only, on Debian's Chromium started here with a
 * debugging port (Lighthouse's own launcher is not needed, and nothing is downloaded).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One Lighthouse run's figures. */
export interface LighthouseRun {
  /** performance score, 0–100 */
  readonly score: number;
  /** total blocking time, ms */
  readonly tbt: number;
  readonly lcp: number;
  readonly fcp: number;
}

/** A Chromium with its DevTools port open, for Lighthouse to drive; `close` ends it and removes its profile. */
async function debuggableChromium(): Promise<{ port: number; close(): Promise<void> }> {
  const port = 9300 + Math.floor(Math.random() * 600);
  const profile = mkdtempSync(join(tmpdir(), 'bench-lh-'));
  const child: ChildProcess = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    // its own process group, so that closing ends its helper processes too, which write to the profile
    { stdio: 'ignore', detached: true },
  );
  const exited = new Promise((r) => child.once('exit', r));
  const close = async () => {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    await exited;
    await new Promise((r) => setTimeout(r, 500));
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  };
  for (let i = 0; i < 100; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (res.ok) return { port, close };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await close();
  throw new Error(`Chromium did not open its debugging port ${port}`);
}

/** Lighthouse's own recording failures (its trace of the load, not the page's behaviour). */
const RERUN = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_TRACING_STARTED', 'NO_LCP']);

/** `runs` Lighthouse runs of `url`, one after the other in one browser; `headers` go with every request (a session
 *  cookie for a signed-in page). */
export async function lighthouseRuns(
  url: string,
  runs: number,
  headers?: Record<string, string>,
): Promise<LighthouseRun[]> {
  const { default: lighthouse } = await import('lighthouse');
  const chromium = await debuggableChromium();
  try {
    const out: LighthouseRun[] = [];
    // a run Lighthouse itself could not record (NO_NAVSTART, NO_FCP: its trace, not the page) is run again, up to
    // twice; a page that fails three times in a row is a failure of the page
    let retries = 0;
    while (out.length < runs) {
      const result = await lighthouse(url, {
        port: chromium.port,
        onlyCategories: ['performance'],
        logLevel: 'error',
        output: 'json',
        ...(headers ? { extraHeaders: headers } : {}),
      });
      const lhr = result?.lhr;
      const metric = (id: string) => lhr?.audits[id]?.numericValue ?? Number.NaN;
      if (!lhr || lhr.runtimeError) {
        const code = lhr?.runtimeError?.code ?? '';
        if (RERUN.has(code) && retries < 2) {
          retries += 1;
          continue;
        }
        throw new Error(`Lighthouse on ${url}: ${lhr?.runtimeError?.message ?? 'no result'}`);
      }
      retries = 0;
      out.push({
        score: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
        tbt: metric('total-blocking-time'),
        lcp: metric('largest-contentful-paint'),
        fcp: metric('first-contentful-paint'),
      });
    }
    return out;
  } finally {
    await chromium.close();
  }
}
