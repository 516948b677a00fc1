/**
 * A small structured logger: one JSON object per line (stdout by default). Callers pass an event name and plain
 * fields. Secrets must never be passed; as a second line of defence, fields whose name looks like a secret
 * (password, code, passport, token…) are replaced by "[redacted]" before writing. The single deliberate exception is
 * the demo SMS outbox line (`demo.outbox`, demo mode only), which carries the message text so a person trying the demo
 * can read their code: that text goes in the `text` field, which is not redacted.
 *
 * A line written while a request is handled carries that request's id (`requestId`, from server/request-context.ts),
 * so every line of one request can be found from the id the caller saw in `X-Request-Id`.
 */
import { currentRequest } from './request-context';

export type LogLevel = 'info' | 'warn' | 'error';

export interface Logger {
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

const SECRET_KEY = /pass|pwd|secret|code|token|passport|pinfl|cookie|authorization|confirm|current|^r$/i;

function redact(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) out[k] = SECRET_KEY.test(k) ? '[redacted]' : v;
  return out;
}

/** `write` receives one complete line without the trailing newline. `now` stamps each line. */
export function createLogger(
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  now: () => number = Date.now,
): Logger {
  const log = (level: LogLevel, event: string, fields: Record<string, unknown> = {}) => {
    const requestId = currentRequest()?.id;
    write(
      JSON.stringify({
        t: new Date(now()).toISOString(),
        level,
        event,
        ...(requestId === undefined ? {} : { requestId }),
        ...redact(fields),
      }),
    );
  };
  return {
    info: (event, fields) => log('info', event, fields),
    warn: (event, fields) => log('warn', event, fields),
    error: (event, fields) => log('error', event, fields),
  };
}

/** Logger that keeps lines in memory (tests read `lines`). */
export function createMemoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return Object.assign(
    createLogger((l) => lines.push(l)),
    { lines },
  );
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
