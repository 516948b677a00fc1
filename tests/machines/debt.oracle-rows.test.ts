/**
 * What the harness (oracle-paths, oracle-mutants) does not check about the debt chart's oracle: that every row of the
 * table describes a step some edge of the explored graph actually takes (a row nothing reaches is a spec sentence
 * nobody tests), that every row cites the spec or a DC decision, and that the sent/unsent guard, the one guard the
 * notice panel turns on, is caught when inverted.
 */
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyStateMachine } from 'xstate';
import { debtMachine } from '@/machines/debt.machine';
import { getModelTestEntry } from '../support/model-registry';
import { enumerateMutants } from '../support/mutants';
import { findRow, leafPaths, type OracleRow } from '../support/oracle';
import { checkAgainstOracle } from '../support/oracle-check';
import { buildModelGraph } from '../support/paths';
import { debtModelEntry } from './debt.payloads';
import { debtOracle } from './oracles/debt.oracle';

const rowName = (r: OracleRow) => `${[r.from].flat().join('|')} ${r.event} (${r.spec})`;

function rowsUsed(machine: AnyStateMachine): { used: Set<OracleRow>; edges: number } {
  const graph = buildModelGraph(machine, debtModelEntry);
  const used = new Set<OracleRow>();
  for (const edge of graph.edges) {
    const prev = graph.snapshots.get(edge.from);
    if (!prev) throw new Error('edge outside the graph');
    const hit = findRow(debtOracle, leafPaths(prev.value), prev.context, edge.event as AnyEventObject);
    if (hit) used.add(hit.row);
  }
  return { used, edges: graph.edges.length };
}

describe('debt oracle rows', () => {
  it('are each taken by some edge of the explored graph', () => {
    const { used, edges } = rowsUsed(debtMachine);
    expect(edges).toBeGreaterThan(0);
    expect(debtOracle.rows.filter((r) => !used.has(r)).map(rowName)).toEqual([]);
  });

  it('each cite the spec or a DC decision', () => {
    expect(debtOracle.rows.filter((r) => !/\bspec \d|\bDC\d/.test(r.spec)).map(rowName)).toEqual([]);
  });

  it('catch the sent/unsent guard inverted', () => {
    const inverted = enumerateMutants(debtMachine).find(
      (m) => m.kind === 'invertGuard' && /notice\.loading --xstate\.done\.actor\.fetchNotice#0/.test(m.where),
    );
    expect(inverted).toBeDefined();
    if (!inverted) return;
    const { failures } = checkAgainstOracle(debtMachine, debtOracle, getModelTestEntry('debt'), {
      mutate: inverted.apply,
      stopAtFirst: true,
    });
    expect(failures.length).toBeGreaterThan(0);
  });
});
