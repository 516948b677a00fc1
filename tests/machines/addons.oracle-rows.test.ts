/**
 * What the harness (oracle-paths) does not check about the services charts' oracles: that every row describes a step
 * some edge of the explored graph takes (a row nothing reaches is a spec sentence nobody tests), that every row cites
 * the spec or an SV decision, and that the guards the pages turn on are caught when inverted: the balance covering
 * every number, another list or the same one, a stop asked for.
 */
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyStateMachine } from 'xstate';
import { addonsMachine } from '@/machines/addons.machine';
import { addonsCheckoutMachine } from '@/machines/addons-checkout.machine';
import { getModelTestEntry } from '../support/model-registry';
import { enumerateMutants } from '../support/mutants';
import { type ChartOracle, findRow, leafPaths, type OracleRow } from '../support/oracle';
import { checkAgainstOracle } from '../support/oracle-check';
import { buildModelGraph } from '../support/paths';
import { servicesOracle } from './oracles/addons.oracle';
import { servicesCheckoutOracle } from './oracles/addons-checkout.oracle';

const rowName = (r: OracleRow) => `${[r.from].flat().join('|')} ${r.event} (${r.spec})`;

function unusedRows(machine: AnyStateMachine, oracle: ChartOracle): string[] {
  const graph = buildModelGraph(machine, getModelTestEntry(oracle.id));
  const used = new Set<OracleRow>();
  for (const edge of graph.edges) {
    const prev = graph.snapshots.get(edge.from);
    if (!prev) throw new Error('edge outside the graph');
    const hit = findRow(oracle, leafPaths(prev.value), prev.context, edge.event as AnyEventObject);
    if (hit) used.add(hit.row);
  }
  return oracle.rows.filter((r) => !used.has(r)).map(rowName);
}

const inverted = (machine: AnyStateMachine, oracle: ChartOracle, where: RegExp) => {
  const mutant = enumerateMutants(machine).find((m) => m.kind === 'invertGuard' && where.test(m.where));
  if (!mutant) throw new Error(`no guard at ${where}`);
  return checkAgainstOracle(machine, oracle, getModelTestEntry(oracle.id), {
    mutate: mutant.apply,
    stopAtFirst: true,
  }).failures;
};

describe('services checkout oracle rows', () => {
  it('are each taken by some edge of the explored graph', () => {
    expect(unusedRows(addonsCheckoutMachine, servicesCheckoutOracle)).toEqual([]);
  });
  it('each cite the spec or an SV decision', () => {
    expect(servicesCheckoutOracle.rows.filter((r) => !/\bspec \d|\bSV\d/.test(r.spec)).map(rowName)).toEqual(
      [],
    );
  });
  it.each([
    ['the balance covering every number', /checkingBalance --xstate\.done\.actor\.checkBalance#0/],
    ['a stop asked for', /applying --xstate\.done\.actor\.applyChunk#0/],
    ['a paid connection needing the balance check', /reviewing --checkout\.confirm#0/],
    ['numbers left to retry', /result --result\.retry#0/],
  ])('catch %s inverted', (_, where) => {
    expect(inverted(addonsCheckoutMachine, servicesCheckoutOracle, where).length).toBeGreaterThan(0);
  });
});

describe('services page oracle rows', () => {
  it('are each taken by some edge of the explored graph', () => {
    expect(unusedRows(addonsMachine, servicesOracle)).toEqual([]);
  });
  it('each cite the spec or an SV decision', () => {
    expect(servicesOracle.rows.filter((r) => !/\bspec \d|\bSV\d/.test(r.spec)).map(rowName)).toEqual([]);
  });
  it('catch "another list" inverted', () => {
    expect(
      inverted(addonsMachine, servicesOracle, /services\.employees --params\.changed#0/).length,
    ).toBeGreaterThan(0);
  }, 120_000);
});
