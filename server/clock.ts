/** The server's notion of "now", injected everywhere time matters (session idle expiry, SMS code and restore-token
 *  lifetimes) so tests can move time forward instead of sleeping. Milliseconds since the epoch. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that only moves when told to. */
export interface ManualClock extends Clock {
  advance(ms: number): void;
  set(ms: number): void;
}

export function createManualClock(start = Date.UTC(2026, 0, 15, 9, 0, 0)): ManualClock {
  let t = start;
  return {
    now: () => t,
    advance: (ms) => {
      t += ms;
    },
    set: (ms) => {
      t = ms;
    },
  };
}

export const MINUTE = 60_000;
