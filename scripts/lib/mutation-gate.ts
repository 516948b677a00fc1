/**
 * The exit code of `npm run mutation`, decided from the run's figures alone. Vitest (the views' half drives it through
 * its node API) sets `process.exitCode = 1` after every run with a failing test, and every killed view mutant is
 * such a run: the script used to end with that leftover 1 even at a 98.5 % kill rate. The script now sets the code
 * this function returns, last, whatever a library set before.
 */

export interface MutationGateInput {
  /** Halves asked for that did not finish (the charts' child process failed, the views' half threw). */
  readonly failedHalves: readonly string[];
  /** View folders whose unmutated views fail their own tests: their mutants were not run. */
  readonly notMeasured: readonly string[];
  readonly killed: number;
  readonly total: number;
  /** `--min`, in percent. */
  readonly min: number;
}

export interface MutationGate {
  /** 0: every half ran and the rate is at least `min`; 1: the rate is below `min`; 2: something was not measured. */
  readonly code: 0 | 1 | 2;
  readonly rate: number;
  /** Why the code is not 0. */
  readonly reasons: readonly string[];
}

export function mutationGate(input: MutationGateInput): MutationGate {
  const rate = input.total === 0 ? 100 : (100 * input.killed) / input.total;
  const reasons: string[] = [];
  for (const half of input.failedHalves) reasons.push(`${half} did not finish`);
  for (const folder of input.notMeasured) reasons.push(`${folder} was not measured`);
  const unmeasured = reasons.length > 0;
  const below = rate < input.min;
  if (below) reasons.push(`kill rate ${rate.toFixed(1)} % is below ${input.min} %`);
  return { code: unmeasured ? 2 : below ? 1 : 0, rate, reasons };
}
