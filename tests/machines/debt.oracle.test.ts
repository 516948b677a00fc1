/**
 * The debt chart against its expected-behaviour table (debt.oracle.ts): the table, not the machine, says where each
 * step goes, what the context becomes and what input each started actor gets. Checked on every generated path
 * (replayed on a real actor with recording fakes) and on every edge of the explored state graph.
 */
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  type EventObject,
  fromPromise,
} from 'xstate';
import { sameDebtParams } from '@/domain/debt.rules';
import { type DebtContext, type DebtNotice, debtMachine } from '@/machines/debt.machine';
import { buildModelGraph, generateModelPaths } from '../support/paths';
import { debtOracle, type GuardCase, type OracleRow, type Region } from './debt.oracle';
import { debtInput, debtModelEntry } from './debt.payloads';

const REGIONS: readonly Region[] = ['list', 'notice', 'export'];
type Ev = EventObject & Record<string, unknown>;

function guardCase(ctx: DebtContext, ev: Ev): GuardCase | undefined {
  if (ev.type === 'params.changed')
    return sameDebtParams(ctx.params, ev.params as DebtContext['params']) ? 'sameParams' : 'newParams';
  if (ev.type === 'xstate.done.actor.fetchNotice') return (ev.output as DebtNotice).sent ? 'sent' : 'unsent';
  return undefined;
}

function resolve(v: unknown, prev: DebtContext, next: DebtContext | null, ev: Ev): unknown {
  if (typeof v !== 'string' || !v.startsWith('$')) return v;
  if (v === '$output') return ev.output;
  if (v === '$errorCode') {
    const e = ev.error as { code?: unknown } | undefined;
    return typeof e?.code === 'string' ? e.code : 'unknown';
  }
  if (v === '$shown') return { params: prev.params, ...(ev.output as object) };
  if (v === '$shownWithNotice') {
    const account = (ev.output as DebtNotice).account;
    return (
      prev.shown && { ...prev.shown, rows: prev.shown.rows.map((r) => (r.ban === account.ban ? account : r)) }
    );
  }
  if (v.startsWith('$event.')) return ev[v.slice(7)];
  if (v.startsWith('$ctx.')) return ((next ?? prev) as unknown as Record<string, unknown>)[v.slice(5)];
  throw new Error(`unknown oracle token ${v}`);
}

interface Prediction {
  value: Record<Region, string>;
  context: Record<string, unknown>;
  inputs: { actor: string; value: Record<string, unknown> }[];
  rows: OracleRow[];
}

function predict(prevValue: Record<Region, string>, prev: DebtContext, ev: Ev): Prediction {
  const value = { ...prevValue };
  const changes: Record<string, unknown> = {};
  const rows: OracleRow[] = [];
  const when = guardCase(prev, ev);
  for (const region of REGIONS) {
    const matching = debtOracle.filter(
      (r) =>
        r.region === region &&
        r.event === ev.type &&
        (r.from === '*' || r.from === prevValue[region]) &&
        (r.when === undefined || r.when === when),
    );
    if (matching.length > 1)
      throw new Error(`oracle has ${matching.length} rows for ${region}.${prevValue[region]} ${ev.type}`);
    const row = matching[0];
    if (!row) continue;
    rows.push(row);
    if (row.to !== 'same') value[region] = row.to;
    for (const [k, v] of Object.entries(row.context ?? {})) changes[k] = resolve(v, prev, null, ev);
  }
  const context = { ...(prev as unknown as Record<string, unknown>), ...changes };
  const inputs = rows.flatMap((r) =>
    r.input
      ? [
          {
            actor: r.input.actor,
            value: Object.fromEntries(
              Object.entries(r.input.value).map(([k, v]) => [
                k,
                resolve(v, prev, context as unknown as DebtContext, ev),
              ]),
            ),
          },
        ]
      : [],
  );
  return { value, context, inputs, rows };
}

const regionsOf = (s: AnyMachineSnapshot) => s.value as Record<Region, string>;

function mismatches(machine: AnyStateMachine): { problems: string[]; used: Set<OracleRow>; edges: number } {
  const graph = buildModelGraph(machine, debtModelEntry);
  const problems: string[] = [];
  const used = new Set<OracleRow>();
  for (const edge of graph.edges) {
    const prev = graph.snapshots.get(edge.from);
    const next = graph.snapshots.get(edge.to);
    if (!prev || !next) throw new Error('edge outside the graph');
    const p = predict(regionsOf(prev), prev.context, edge.event as Ev);
    for (const r of p.rows) used.add(r);
    const where = `${JSON.stringify(prev.value)} --${edge.event.type}-->`;
    if (!isDeepStrictEqual(next.value, p.value))
      problems.push(`${where} ${JSON.stringify(next.value)}, oracle ${JSON.stringify(p.value)}`);
    else if (!isDeepStrictEqual(next.context, p.context))
      problems.push(`${where} context differs from the oracle`);
  }
  return { problems, used, edges: graph.edges.length };
}

describe('debt chart against its expected-behaviour table', () => {
  const checked = mismatches(debtMachine);

  it('every edge of the explored graph goes where the table says, with the context it says', () => {
    const { problems, edges } = checked;
    expect(edges).toBeGreaterThan(100);
    expect(problems.slice(0, 5)).toEqual([]);
  });

  it('every row of the table is exercised by some edge, and every row cites the spec or a decision', () => {
    const { used } = checked;
    const unused = debtOracle
      .filter((r) => !used.has(r))
      .map((r) => `${r.region}.${r.from} ${r.event} ${r.when ?? ''}`);
    expect(unused).toEqual([]);
    expect(debtOracle.every((r) => /spec|issue|DC\d/.test(r.cite))).toBe(true);
  });

  it('every generated path, replayed with recording fakes, starts each actor with the input the table says', () => {
    const paths = generateModelPaths(buildModelGraph(debtMachine, debtModelEntry));
    let started: { actor: string; value: unknown }[] = [];
    const recording = (actor: string) =>
      fromPromise(({ input }: { input: unknown }) => {
        started.push({ actor, value: input });
        return new Promise<never>(() => {});
      });
    const machine = debtMachine.provide({
      actors: Object.fromEntries(
        ['fetchDebts', 'fetchNotice', 'markNoticeSent', 'downloadNotice', 'exportDebts'].map((a) => [
          a,
          recording(a),
        ]),
      ),
    });
    const problems: string[] = [];
    for (const path of paths) {
      started = [];
      const actor = createActor(machine, { input: debtInput }).start();
      expect(started).toEqual([{ actor: 'fetchDebts', value: { params: debtInput.params, fresh: false } }]);
      for (const step of path.steps.slice(1)) {
        const before = actor.getSnapshot();
        const p = predict(regionsOf(before), before.context, step.event as Ev);
        started = [];
        actor.send(step.event as never);
        const after = actor.getSnapshot();
        const where = `${path.description} at ${step.event.type}`;
        if (!isDeepStrictEqual(after.value, p.value))
          problems.push(`${where}: state ${JSON.stringify(after.value)}`);
        if (!isDeepStrictEqual(after.context, p.context)) problems.push(`${where}: context`);
        if (!isDeepStrictEqual(started, p.inputs))
          problems.push(`${where}: inputs ${JSON.stringify(started)}`);
      }
      actor.stop();
    }
    expect(paths.length).toBeGreaterThan(10);
    expect(problems).toEqual([]);
  });

  it('catches a seeded bug: the sent/unsent guard inverted', () => {
    const broken = debtMachine.provide({
      guards: { isNoticeSent: (_: unknown, params: { notice: DebtNotice }) => params.notice.sent === null },
    });
    expect(mismatches(broken).problems.length).toBeGreaterThan(0);
  });
});
