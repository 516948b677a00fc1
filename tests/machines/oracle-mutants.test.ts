import { describe, expect, it } from 'vitest';
import { signingMachine } from '@/machines/signing.machine';
import { getModelTestEntry } from '../support/model-registry';
import { enumerateMutants, type Mutant } from '../support/mutants';
import { checkAgainstOracle } from '../support/oracle-check';
import { signingOracle } from './oracles/signing.oracle';

const find = (mutants: readonly Mutant[], kind: Mutant['kind'], where: RegExp) => {
  const m = mutants.find((x) => x.kind === kind && where.test(x.where));
  if (!m) throw new Error(`no ${kind} mutant at ${where}`);
  return m;
};

describe("the oracle check kills the audit's surviving mutant kinds", () => {
  const test = getModelTestEntry('signing');
  const mutants = enumerateMutants(signingMachine);
  const killed = (m: Mutant) =>
    checkAgainstOracle(signingMachine, signingOracle, test, { mutate: m.apply, stopAtFirst: true }).failures;

  it('passes on the unmutated chart', () => {
    expect(checkAgainstOracle(signingMachine, signingOracle, test).failures).toEqual([]);
  });

  it.each([
    ['inverted guard hasMatchingKey', 'invertGuard', /connecting --xstate.done.actor.openModule#1/],
    ['wrong reachable target', 'retarget', /wrongPassword --signing.retry/],
    ['removed transition', 'removeTransition', /signing --signing.cancel/],
    ['dropped assign', 'dropActions', /verifying --xstate.done.actor.verifySignature#0/],
    ['wrong invoke input', 'wrongInput', /signing.signing invoke signWithKey/],
  ] as const)('%s', (_, kind, where) => {
    expect(killed(find(mutants, kind, where)).length).toBeGreaterThan(0);
  });

  it('every seeded mutant of the signing chart', () => {
    const survivors = mutants.filter((m) => killed(m).length === 0).map((m) => `${m.kind} ${m.where}`);
    expect(survivors).toEqual([]);
  });
});
