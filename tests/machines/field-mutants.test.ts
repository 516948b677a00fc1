import { describe, expect, it } from 'vitest';
import { and, assign, createActor, fromPromise, SimulatedClock, setup } from 'xstate';
import { mutationGate } from '../../scripts/lib/mutation-gate';
import { type ChartObservation, enumerateMutants, type Mutant, observeChart } from '../support/mutants';

/**
 * The finer mutant kinds of `npm run mutation` on a small chart: each kind is listed, and applying one changes what
 * the chart does. The chart has a chosen key among listed keys (invoke input), a trimmed phone and a countdown
 * (assigns), a role-list guard, and a delay.
 */
interface Key {
  readonly id: string;
}
interface Ctx {
  readonly keys: readonly Key[];
  readonly key: Key | null;
  readonly impersonating: boolean;
  readonly privileged: boolean;
  readonly roles: readonly string[];
  readonly phone: string;
  readonly wait: number;
}
type Ev =
  | { type: 'key.choose'; id: string }
  | { type: 'phone.change'; phone: string }
  | { type: 'roles.loaded'; roles: readonly string[] }
  | { type: 'tick' };

const started: unknown[] = [];
const recorder = fromPromise<never, unknown>(({ input }) => {
  started.push(input);
  return new Promise<never>(() => {});
});

const fixture = setup({
  types: { context: {} as Ctx, events: {} as Ev, input: {} as { impersonating: boolean } },
  actors: { sign: recorder },
  guards: {
    hasSeveralRoles: (_, params: { roles: readonly string[] }) => params.roles.length > 1,
  },
  actions: {
    assignPhone: assign((_, params: { phone: string }) => ({ phone: params.phone.trim() })),
  },
  delays: { settle: 500 },
}).createMachine({
  id: 'fixture',
  context: ({ input }) => ({
    keys: [{ id: 'a' }, { id: 'b' }],
    key: null,
    impersonating: input.impersonating,
    privileged: false,
    roles: [],
    phone: '',
    wait: 3,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'key.choose': {
          target: 'signing',
          actions: assign(({ context, event }) => ({
            key: context.keys.find((k) => k.id === event.id) ?? null,
          })),
        },
        'phone.change': { actions: { type: 'assignPhone', params: ({ event }) => ({ phone: event.phone }) } },
        'roles.loaded': [
          {
            guard: { type: 'hasSeveralRoles', params: ({ event }) => ({ roles: event.roles }) },
            target: 'picker',
          },
          { target: 'home' },
        ],
        tick: { actions: assign({ wait: ({ context }) => context.wait - 1 }) },
      },
    },
    signing: {
      invoke: {
        id: 'sign',
        src: 'sign',
        input: ({ context }: { context: Ctx }) => ({
          key: context.key,
          impersonating: context.impersonating,
        }),
      },
    },
    picker: {},
    home: { after: { settle: 'idle', 1000: 'signing' } },
  },
});

/** The same scenario for the observer and for every mutant: a copy of the chart, a clock, the events. */
function run(
  mutate: ((copy: typeof fixture) => void) | undefined,
  events: readonly Ev[],
  ms = 0,
  impersonating = true,
) {
  started.length = 0;
  const copy = fixture.provide({});
  mutate?.(copy);
  const clock = new SimulatedClock();
  const actor = createActor(copy, { clock, input: { impersonating } }).start();
  for (const e of events) actor.send(e);
  if (ms) clock.increment(ms);
  const snap = actor.getSnapshot();
  actor.stop();
  return { value: snap.value, context: snap.context, started: [...started] };
}

const SCENARIO: readonly (readonly Ev[])[] = [
  [{ type: 'phone.change', phone: ' 901234567 ' }, { type: 'tick' }, { type: 'key.choose', id: 'b' }],
  [{ type: 'roles.loaded', roles: ['curator', 'subscriber'] }],
  [{ type: 'roles.loaded', roles: ['curator'] }],
];

function observe(): ChartObservation {
  const observer = observeChart();
  for (const events of SCENARIO) run(observer.mutate as (copy: typeof fixture) => void, events);
  // a second signer who is not impersonating: the input's boolean takes both values
  run(observer.mutate as (copy: typeof fixture) => void, SCENARIO[0] as Ev[], 0, false);
  return observer.result();
}

const find = (mutants: readonly Mutant[], kind: Mutant['kind'], where: RegExp): Mutant => {
  const m = mutants.find((x) => x.kind === kind && where.test(x.where));
  if (!m) throw new Error(`no ${kind} at ${where}: ${mutants.map((x) => `${x.kind} ${x.where}`).join('\n')}`);
  return m;
};
const applied = (m: Mutant) => m.apply as unknown as (copy: typeof fixture) => void;

describe('the finer mutant kinds (npm run mutation)', () => {
  const observation = observe();
  const mutants = enumerateMutants(fixture, observation);

  it('observes the fields of an invoke input and the keys an assign writes, without changing the chart', () => {
    expect([...(observation.inputFields.get('fixture.signing invoke sign') ?? [])]).toEqual([
      'key',
      'impersonating',
    ]);
    expect([...(observation.assignKeys.get('action assignPhone') ?? [])]).toEqual(['phone']);
    const observer = observeChart();
    const events = SCENARIO[0] as Ev[];
    expect(run(observer.mutate as (copy: typeof fixture) => void, events)).toEqual(run(undefined, events));
  });

  it('lists every finer kind', () => {
    const kinds = new Set(mutants.map((m) => m.kind));
    for (const k of ['inputField', 'assignField', 'guardHalf', 'constant'] as const)
      expect(kinds).toContain(k);
    // without an observation only the kinds read from the chart's structure are listed
    expect(enumerateMutants(fixture).some((m) => m.kind === 'inputField' || m.kind === 'assignField')).toBe(
      false,
    );
  });

  it('inputField: a chosen element becomes the first listed one, a boolean is frozen at its first value', () => {
    const events = SCENARIO[0] as Ev[];
    expect(run(undefined, events).started).toEqual([{ key: { id: 'b' }, impersonating: true }]);
    const wrong = find(mutants, 'inputField', /input\.key wrong$/);
    expect(run(applied(wrong), events).started).toEqual([{ key: { id: 'a' }, impersonating: true }]);
    const swap = find(mutants, 'inputField', /input\.impersonating swap$/);
    // taken from the context's first other boolean (privileged, false)
    expect(run(applied(swap), events).started).toEqual([{ key: { id: 'b' }, impersonating: false }]);
    const frozen = find(mutants, 'inputField', /input\.impersonating frozen$/);
    expect(frozen.inactive).toBeUndefined();
    const copyRun = (impersonating: boolean) => {
      started.length = 0;
      const copy = fixture.provide({});
      applied(frozen)(copy);
      const out: unknown[] = [];
      for (const imp of [true, impersonating]) {
        const actor = createActor(copy, { input: { impersonating: imp } }).start();
        for (const e of events) actor.send(e);
        actor.stop();
        out.push(...started.splice(0));
      }
      return out;
    };
    expect(copyRun(false)).toEqual([
      { key: { id: 'b' }, impersonating: true },
      { key: { id: 'b' }, impersonating: true },
    ]);
  });

  it('assignField: a key keeps its previous value, or the raw event value', () => {
    const events = SCENARIO[0] as Ev[];
    expect(run(undefined, events).context).toMatchObject({ phone: '901234567', wait: 2 });
    const dropPhone = find(mutants, 'assignField', /^action assignPhone phone drop$/);
    expect(run(applied(dropPhone), events).context.phone).toBe('');
    const raw = find(mutants, 'assignField', /^action assignPhone raw$/);
    expect(run(applied(raw), events).context.phone).toBe(' 901234567 ');
    const countdown = find(mutants, 'assignField', /tick#0--> \(self\) actions\[0\] wait drop$/);
    expect(run(applied(countdown), events).context.wait).toBe(3);
    // the inline assign of the key choice, dropped: the signer's key stays unset
    const key = find(mutants, 'assignField', /key\.choose#0--> fixture\.signing actions\[0\] key drop$/);
    expect(run(applied(key), events).started).toEqual([{ key: null, impersonating: true }]);
  });

  it('guardHalf: always true, and deciding on the first role only', () => {
    const several = SCENARIO[1] as Ev[];
    const one = SCENARIO[2] as Ev[];
    expect(run(undefined, several).value).toBe('picker');
    expect(run(undefined, one).value).toBe('home');
    const always = find(mutants, 'guardHalf', /roles\.loaded#0--> fixture\.picker true$/);
    expect(run(applied(always), one).value).toBe('picker');
    const first = find(mutants, 'guardHalf', /roles\.loaded#0--> fixture\.picker first$/);
    expect(first.inactive).toBeUndefined();
    expect(run(applied(first), several).value).toBe('home');
  });

  it('constant: a named and a numeric delay made longer or shorter where they are used', () => {
    const one = SCENARIO[2] as Ev[];
    expect(run(undefined, one, 500).value).toBe('idle');
    const longer = find(mutants, 'constant', /^fixture\.home after settle longer$/);
    expect(run(applied(longer), one, 500).value).toBe('home');
    expect(run(applied(longer), one, 625).value).toBe('idle');
    const shorter = find(mutants, 'constant', /^fixture\.home after settle shorter$/);
    expect(run(applied(shorter), one, 400).value).toBe('idle');
    expect(mutants.some((m) => m.kind === 'constant' && m.where === 'fixture.home after 1000 longer')).toBe(
      true,
    );
  });

  it('guardHalf: one operand of a built-in and alone', () => {
    const gate = setup({
      types: { events: {} as { type: 'go'; ok: boolean; person: boolean } },
      guards: {
        isOk: ({ event }) => event.ok,
        hasPerson: ({ event }) => event.person,
        canGo: and(['isOk', 'hasPerson']),
      },
    }).createMachine({
      id: 'gate',
      initial: 'passport',
      states: { passport: { on: { go: { guard: 'canGo', target: 'done' } } }, done: {} },
    });
    const operands = enumerateMutants(gate).filter((m) => /operand/.test(m.where));
    expect(operands.map((m) => m.where)).toEqual([
      'gate.passport --go#0--> gate.done operand 0',
      'gate.passport --go#0--> gate.done operand 1',
    ]);
    const okWithoutPerson = (m?: Mutant) => {
      const copy = gate.provide({});
      if (m) (m.apply as unknown as (c: typeof gate) => void)(copy);
      const actor = createActor(copy).start();
      actor.send({ type: 'go', ok: true, person: false });
      return actor.getSnapshot().value;
    };
    expect(okWithoutPerson()).toBe('passport');
    expect(okWithoutPerson(operands[0])).toBe('done');
  });

  it('marks a mutant inactive when no observed step shows its change', () => {
    // the input's key is always the one the user chose, never seen twice with different values
    expect(find(mutants, 'inputField', /input\.key frozen$/).inactive).toBe(true);
    // the guard was false once (one role): always-true is active
    expect(find(mutants, 'guardHalf', /picker true$/).inactive).toBeUndefined();
  });
});

describe('the exit code of npm run mutation', () => {
  const base = { failedHalves: [], notMeasured: [], killed: 95, total: 100, min: 90 };
  it.each([
    ['rate above --min, every half ran', base, 0],
    ['rate exactly --min', { ...base, killed: 90 }, 0],
    ['rate below --min', { ...base, killed: 89 }, 1],
    ['a half did not finish', { ...base, failedHalves: ["the views' half"] }, 2],
    ['a view folder not measured', { ...base, notMeasured: ['src/views/auth/'] }, 2],
    ['nothing seeded', { ...base, killed: 0, total: 0 }, 0],
  ] as const)('%s', (_, input, code) => {
    expect(mutationGate(input).code).toBe(code);
  });
});
