/**
 * Fails the test during which XState or React warns about a harness or app mistake, so the suite's stderr stays clean:
 * - XState: an event sent to a stopped actor (a clean-up order that stops the actor system before what still talks
 *   to it);
 * - React: a component suspended by an uncached promise (a new promise handed to `use` on a render React replays).
 * The warning is still printed as it was (nothing is filtered); the test it happened in fails after its own clean-up
 * (this file's `afterEach` is registered first, so it runs after the test file's), naming the warning.
 */
import { afterEach } from 'vitest';

const GUARDED: readonly RegExp[] = [/was sent to stopped actor/, /suspended by an uncached promise/];

const MARK = Symbol.for('portal.consoleGuard');
type Guarded = ((...args: unknown[]) => void) & { [MARK]?: string[] };

const shared = globalThis as { [MARK]?: string[] };
// the warnings of the running test; one list for the worker, which keeps globals between files
const seen: string[] = shared[MARK] ?? [];
shared[MARK] = seen;

for (const level of ['warn', 'error'] as const) {
  const current = console[level] as Guarded;
  // workers keep modules and globals from one test file to the next (isolate: false): wrap once
  if (current[MARK]) continue;
  const wrapped: Guarded = (...args: unknown[]) => {
    const text = args.map((a) => (typeof a === 'string' ? a : String(a))).join(' ');
    if (GUARDED.some((re) => re.test(text))) seen.push(text.split('\n')[0] ?? text);
    current.apply(console, args);
  };
  wrapped[MARK] = seen;
  console[level] = wrapped;
}

afterEach(() => {
  if (seen.length === 0) return;
  const found = seen.splice(0);
  throw new Error(`warned during the test (tests/support/console-guard.setup.ts):\n  ${found.join('\n  ')}`);
});
