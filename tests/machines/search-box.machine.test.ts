import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { SYSTEM_IDS } from '@/machines/actor-system';
import { type FoundSubscriber, type SubscriberTarget, searchBoxMachine } from '@/machines/search-box.machine';
import {
  connectSearchBox,
  selectFoundSubscriber,
  selectNumberOffer,
  selectSearchFailure,
  selectSearchInputError,
} from '@/machines/search-box.selectors';
import { createTestSystem } from '../support/actor-system';
import { snapshotAt } from '../support/connect-table';
import { lintMachine } from '../support/model-universe';
import { foundBan, foundSn, INPUTS, notFound } from './search-box.payloads';

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The box with a lookup that answers `answer` and records what it was asked. */
function box(answer: (t: SubscriberTarget) => Promise<FoundSubscriber>, mode?: 'choose' | 'editing') {
  const asked: SubscriberTarget[] = [];
  const emitted: unknown[] = [];
  const machine = searchBoxMachine.provide({
    actors: {
      lookup: fromPromise(({ input }: { input: SubscriberTarget }) => {
        asked.push(input);
        return answer(input);
      }),
    },
  });
  const actor = createActor(machine, { input: mode ? { mode } : {} });
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  const type = (value: string) => actor.send({ type: 'input.change', value });
  return { actor, asked, emitted, type };
}

describe('search box, choose mode (spec 5)', () => {
  it('follows the conventions', () => {
    expect(lintMachine(searchBoxMachine)).toEqual([]);
  });

  it('starts in choose mode with nothing shown', () => {
    const { actor } = box(async () => foundBan);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.mode).toBe('choose');
  });

  it.each([
    ['11 digits', INPUTS.elevenDigits],
    ['8 digits', '12345678'],
    ['empty', ''],
    ['letters only', 'abc'],
  ])('shows MANYINVALID inline for %s and looks nothing up', (_, value) => {
    const { actor, asked, type } = box(async () => foundBan);
    type(value);
    actor.send({ type: 'search.submit' });
    expect(actor.getSnapshot().value).toBe('invalid');
    expect(selectSearchInputError(actor.getSnapshot())).toBe('MANYINVALID');
    expect(asked).toEqual([]);
  });

  it('clears the inline error as soon as the input changes', () => {
    const { actor, type } = box(async () => foundBan);
    type(INPUTS.elevenDigits);
    actor.send({ type: 'search.submit' });
    type('1002');
    expect(actor.getSnapshot().value).toBe('idle');
    expect(selectSearchInputError(actor.getSnapshot())).toBeNull();
  });

  it('looks a 9-digit input up as a BAN and offers it for choosing', async () => {
    const { actor, asked, type } = box(async () => foundBan);
    type(' 100 234 561 ');
    actor.send({ type: 'search.submit' });
    expect(actor.getSnapshot().value).toBe('lookingUp');
    await flush();
    expect(asked).toEqual([{ kind: 'ban', value: '100234561' }]);
    expect(actor.getSnapshot().value).toBe('found');
    expect(selectFoundSubscriber(actor.getSnapshot())).toEqual(foundBan);
  });

  it('looks 89[01] + 7 digits up as a number', async () => {
    const { actor, asked, type } = box(async () => foundSn);
    type('8 901 234 567');
    actor.send({ type: 'search.submit' });
    await flush();
    expect(asked).toEqual([{ kind: 'sn', value: '8901234567' }]);
  });

  it('hands the chosen subscriber to the impersonation actor of its system and empties the box', async () => {
    const system = createTestSystem();
    const impersonation = system.listen(SYSTEM_IDS.impersonation);
    const actor = system.spawn(
      searchBoxMachine.provide({ actors: { lookup: fromPromise(async () => foundBan) } }),
    );
    actor.send({ type: 'input.change', value: INPUTS.ban });
    actor.send({ type: 'search.submit' });
    await flush();
    actor.send({ type: 'result.choose' });
    expect(impersonation).toEqual([
      { type: 'impersonation.choose', target: { kind: 'ban', value: '100234561' } },
    ]);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.input).toBe('');
    system.stop();
  });

  it('on its own (no impersonation actor in its system) choosing only empties the box', async () => {
    const { actor, emitted, type } = box(async () => foundBan);
    type(INPUTS.ban);
    actor.send({ type: 'search.submit' });
    await flush();
    actor.send({ type: 'result.choose' });
    expect(emitted).toEqual([]);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it("shows the 'Ошибка!' dialog with E018 when the lookup fails, and closes it", async () => {
    const { actor, type } = box(async () => Promise.reject(notFound));
    type('999999999');
    actor.send({ type: 'search.submit' });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(selectSearchFailure(actor.getSnapshot())).toBe('E018');
    actor.send({ type: 'error.dismiss' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(selectSearchFailure(actor.getSnapshot())).toBeNull();
  });

  it('reads the format the portal itself shows (+998 90 123 45 67) as the number 8901234567', async () => {
    const { actor, asked, type } = box(async () => foundSn);
    type('+998 (90) 123-45-67');
    actor.send({ type: 'search.submit' });
    await flush();
    expect(asked).toEqual([{ kind: 'sn', value: '8901234567' }]);
    expect(actor.getSnapshot().value).toBe('found');
  });

  it('offers the number lookup when a 9-digit BAN that looks like a number is not found', async () => {
    const { actor, asked, type } = box(async (t) => (t.kind === 'ban' ? Promise.reject(notFound) : foundSn));
    type('901234567');
    actor.send({ type: 'search.submit' });
    await flush();
    expect(actor.getSnapshot().value).toBe('offeringNumber');
    expect(selectSearchFailure(actor.getSnapshot())).toBe('E018');
    expect(selectNumberOffer(actor.getSnapshot())).toBe('8901234567');
    actor.send({ type: 'search.asNumber' });
    await flush();
    expect(asked).toEqual([
      { kind: 'ban', value: '901234567' },
      { kind: 'sn', value: '8901234567' },
    ]);
    expect(selectFoundSubscriber(actor.getSnapshot())).toEqual(foundSn);
  });

  it('offers no number lookup for a BAN that cannot be a number, or for a failure other than not-found', async () => {
    const plain = box(async () => Promise.reject(notFound));
    plain.type('100234561');
    plain.actor.send({ type: 'search.submit' });
    await flush();
    expect(plain.actor.getSnapshot().value).toBe('failed');
    expect(selectNumberOffer(plain.actor.getSnapshot())).toBeNull();

    const down = box(async () => Promise.reject(new Error('network down')));
    down.type('901234567');
    down.actor.send({ type: 'search.submit' });
    await flush();
    expect(down.actor.getSnapshot().value).toBe('failed');
    expect(selectNumberOffer(down.actor.getSnapshot())).toBeNull();
  });

  it('a new search from a result looks up again; dismissing closes the result', async () => {
    const { actor, asked, type } = box(async (t) => (t.kind === 'sn' ? foundSn : foundBan));
    type(INPUTS.ban);
    actor.send({ type: 'search.submit' });
    await flush();
    actor.send({ type: 'search.submit' });
    await flush();
    expect(asked).toHaveLength(2);
    actor.send({ type: 'result.dismiss' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(selectFoundSubscriber(actor.getSnapshot())).toBeNull();
  });

  it('typing during a lookup drops it', async () => {
    let resolve: (f: FoundSubscriber) => void = () => {};
    const { actor, type } = box(() => new Promise((r) => (resolve = r)));
    type(INPUTS.ban);
    actor.send({ type: 'search.submit' });
    type('1');
    resolve(foundBan);
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.found).toBeNull();
  });
});

describe('search box, editing mode', () => {
  it('shows SHORT3 for fewer than 3 characters', () => {
    const { actor, type } = box(async () => foundBan, 'editing');
    type(' ab ');
    actor.send({ type: 'search.submit' });
    expect(selectSearchInputError(actor.getSnapshot())).toBe('SHORT3');
  });

  it('asks for the user search with the trimmed query and looks nothing up', () => {
    const { actor, asked, emitted, type } = box(async () => foundBan, 'editing');
    type('  ova ');
    actor.send({ type: 'search.submit' });
    expect(emitted).toEqual([{ type: 'users.search', q: 'ova' }]);
    expect(asked).toEqual([]);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('switching the mode re-reads the same input by the other rule', () => {
    const { actor, type } = box(async () => foundBan);
    type('ova');
    actor.send({ type: 'search.submit' });
    expect(selectSearchInputError(actor.getSnapshot())).toBe('MANYINVALID');
    actor.send({ type: 'mode.select', mode: 'editing' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'search.submit' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(selectSearchInputError(actor.getSnapshot())).toBeNull();
  });
});

/** What the search box renders in a state (decisions AR18): the connect function as a table. */
describe('search-box connect', () => {
  const at = (
    value: Parameters<typeof snapshotAt<typeof searchBoxMachine>>[1],
    context: Parameters<typeof snapshotAt<typeof searchBoxMachine>>[2] = {},
  ) => snapshotAt(searchBoxMachine, value, context);

  it.each([
    [
      'at rest in the choose mode',
      at('idle'),
      {
        statePath: 'idle',
        mode: 'choose',
        input: '',
        inputError: null,
        found: null,
        failure: null,
        busy: false,
        numberOffer: null,
      },
    ],
    [
      'an input error is shown inline',
      at('invalid', { input: INPUTS.elevenDigits, inputError: 'MANYINVALID' }),
      { statePath: 'invalid', input: '12345678901', inputError: 'MANYINVALID', busy: false },
    ],
    [
      'looking up: busy, no result yet',
      at('lookingUp', { input: INPUTS.ban, target: { kind: 'ban', value: '100234561' } }),
      { statePath: 'lookingUp', busy: true, found: null, failure: null },
    ],
    [
      'found: the subscriber offered',
      at('found', { input: INPUTS.sn, found: foundSn }),
      { statePath: 'found', found: foundSn, busy: false, inputError: null },
    ],
    [
      'a failed lookup: its code in the dialog, no number offered',
      at('failed', { errorCode: 'E018', target: { kind: 'ban', value: '100234561' } }),
      { failure: 'E018', numberOffer: null },
    ],
    [
      'a BAN that looks like a number: the number offered',
      at('offeringNumber', { errorCode: 'E018', target: { kind: 'ban', value: INPUTS.banLookalike } }),
      { statePath: 'offeringNumber', failure: 'E018', numberOffer: '8901234567' },
    ],
    ['the users mode', at('idle', { mode: 'editing', input: 'ova' }), { mode: 'editing', input: 'ova' }],
  ] as const)('box: %s', (_, snapshot, expected) => {
    expect(connectSearchBox(snapshot)).toMatchObject(expected);
  });
});
