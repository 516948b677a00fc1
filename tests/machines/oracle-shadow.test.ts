import { describe, expect, it } from 'vitest';
import { type AnyStateMachine, type AnyStateNode, assign, setup } from 'xstate';
import { machineRegistry } from '@/machines/registry';
import { getModelTestEntry } from '../support/model-registry';
import { allStateNodes } from '../support/model-universe';
import { type ChartOracle, createOracleRunner, OracleMismatch } from '../support/oracle';
import { checkAgainstOracle } from '../support/oracle-check';
import { chartOracles } from './oracles';

/**
 * The oracle is a small shadow model of each chart: it states the whole context from the chart's input and the
 * spec, tracks it from the events it sent, and compares the chart's whole context, invoke inputs and delays with it.
 * These tests prove that it does, with bugs of the kinds an outside audit wrote by hand (one field of an input read
 * from the wrong place, one key of an assign left out, a delay off by a little), which the oracle's tables were never
 * shown.
 */
const SLOW = 180_000;

const machineOf = (id: string): AnyStateMachine => {
  const entry = machineRegistry.find((e) => e.id === id);
  if (!entry) throw new Error(`no chart ${id}`);
  return entry.machine;
};
const oracleOf = (id: string): ChartOracle => {
  const o = chartOracles[id];
  if (!o) throw new Error(`no oracle for ${id}`);
  return o;
};
const failuresWith = (chart: string, mutate: (copy: AnyStateMachine) => void) =>
  checkAgainstOracle(machineOf(chart), oracleOf(chart), getModelTestEntry(chart), {
    mutate,
    stopAtFirst: true,
  }).failures;

/** One field of an invoke's input replaced (the rest as the chart computes it). */
const inputField =
  (
    nodeId: string,
    actor: string,
    field: string,
    value: (args: { context: Record<string, unknown> }) => unknown,
  ) =>
  (copy: AnyStateMachine) => {
    const node = allStateNodes(copy).find((n: AnyStateNode) => n.id === nodeId);
    const def = node?.invoke.find((i) => i.src === actor || i.id === actor) as { input: unknown } | undefined;
    if (!def) throw new Error(`no invoke ${actor} in ${nodeId}`);
    const original = def.input as (args: unknown) => Record<string, unknown>;
    def.input = (args: { context: Record<string, unknown> }) => ({ ...original(args), [field]: value(args) });
  };

/** A named delay changed. */
const delay = (name: string, ms: number) => (copy: AnyStateMachine) => {
  (copy.implementations.delays as Record<string, unknown>)[name] = ms;
};

describe('every oracle is a shadow model of its chart', () => {
  it.each(Object.entries(chartOracles))(
    '%s states its whole initial context, few keys left free',
    (_, oracle) => {
      expect(oracle.context).toBeTypeOf('function');
      const keys = Object.keys(oracle.context?.(getModelTestEntry(oracle.id).input) ?? {});
      const free = Object.entries(oracle.free ?? {});
      expect(keys.length).toBeGreaterThan(0);
      expect(free.length).toBeLessThan(Math.max(1, keys.length * 0.1));
      for (const [, reason] of free) expect(reason.trim().length).toBeGreaterThan(10);
    },
  );
});

describe('the shadow catches what a subset of the context let through', () => {
  const CASES: readonly [string, string, (copy: AnyStateMachine) => void][] = [
    [
      'signing',
      "the tax-id step always told 'not impersonating'",
      inputField('signing.gettingTaxId', 'fetchTaxId', 'impersonating', () => false),
    ],
    [
      'signing',
      "the challenge always asked for 'block'",
      inputField('signing.gettingChallenge', 'fetchChallenge', 'action', () => 'block'),
    ],
    [
      'blockRestore',
      'isLopBan read from the privileged flag',
      inputField(
        'blockRestore.applying',
        'applyBlock',
        'isLopBan',
        ({ context }) => (context.lock as { privileged: boolean } | null)?.privileged ?? false,
      ),
    ],
    ['notifications', 'a notice shown 5 s instead of 4 s', delay('noticeTime', 5000)],
    ['notifications', 'a notice gone 1 ms early', delay('noticeTime', 3999)],
    [
      'newClient',
      'the login checked 400 ms after the last keystroke instead of 500',
      delay('loginDebounce', 400),
    ],
  ];
  it.each(CASES)('%s: %s', { timeout: SLOW }, (chart, _, mutate) => {
    expect(failuresWith(chart, mutate).length).toBeGreaterThan(0);
  });
});

describe('the runner compares the whole context', () => {
  const chart = setup({
    types: { context: {} as { a: number; b: number } },
    actions: { save: assign({ a: 1, b: 2 }) },
  }).createMachine({
    id: 'tiny',
    context: { a: 0, b: 0 },
    initial: 'idle',
    states: { idle: { on: { go: { target: 'done', actions: 'save' } } }, done: {} },
  });
  const oracle: ChartOracle = {
    id: 'tiny',
    initial: { to: 'idle' },
    context: () => ({ a: 0, b: 0 }),
    invokes: {},
    rows: [{ from: 'idle', event: 'go', to: 'done', ctx: () => ({ a: 1, b: 2 }), spec: 'fixture' }],
  };

  it('passes the chart that does what the shadow says', () => {
    expect(() => createOracleRunner(chart, oracle).run([{ type: 'go' }])).not.toThrow();
  });

  it('fails when one key of an assign is left out', () => {
    const dropped = chart.provide({ actions: { save: assign({ a: 1 }) } });
    expect(() => createOracleRunner(dropped, oracle).run([{ type: 'go' }])).toThrow(OracleMismatch);
    expect(() => createOracleRunner(dropped, oracle).run([{ type: 'go' }])).toThrow(/context\.b/);
  });

  it('fails when the chart writes a key the oracle does not know, unless the oracle marks it free', () => {
    const extra = chart.provide({ actions: { save: assign({ a: 1, b: 2, c: 3 } as never) } });
    expect(() => createOracleRunner(extra, oracle).run([{ type: 'go' }])).toThrow(/context\.c/);
    const lenient = { ...oracle, free: { c: 'a value the fixture does not state, for this test' } };
    expect(() => createOracleRunner(extra, lenient).run([{ type: 'go' }])).not.toThrow();
  });
});
