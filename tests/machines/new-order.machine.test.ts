import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CreateOrderInput, NewOrderCompany, NewOrderDraft } from '@/machines/new-order.machine';
import { newOrderMachine } from '@/machines/new-order.machine';
import {
  selectCreatedOrder,
  selectNewOrderState,
  selectProblems,
  selectRemoveDialog,
  selectRows,
  selectSubmitError,
  selectTotal,
} from '@/machines/new-order.selectors';
import { lintMachine } from '../support/model-universe';
import {
  bronzeRow,
  company,
  newOrderInput,
  noBalance,
  offline,
  platinumRow,
  twoRowDraft,
} from './new-order.payloads';

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Fakes recording what they were asked; `create` answers in turn (an Error is thrown). */
function setUp(opts: { draft?: NewOrderDraft | null; create?: unknown[]; company?: unknown[] } = {}) {
  const calls = {
    create: [] as CreateOrderInput[],
    saved: [] as unknown[],
    cleared: [] as unknown[],
    company: 0,
  };
  const created = [...(opts.create ?? [])];
  const companies = [...(opts.company ?? [])];
  const machine = newOrderMachine.provide({
    actors: {
      fetchCompany: fromPromise(async (): Promise<NewOrderCompany> => {
        calls.company++;
        const next = companies.shift();
        if (next instanceof Error) throw next;
        return company;
      }),
      restoreDraft: fromPromise(async (): Promise<NewOrderDraft | null> => opts.draft ?? null),
      createOrder: fromPromise(async ({ input }: { input: CreateOrderInput }) => {
        calls.create.push(input);
        const next = created.shift();
        if (next instanceof Error) throw next;
        return { id: '57' };
      }),
    },
    actions: {
      saveDraft: (_, params) => {
        calls.saved.push(params);
      },
      clearDraft: (_, params) => {
        calls.cleared.push(params);
      },
    },
  });
  const actor = createActor(machine, { input: newOrderInput });
  actor.start();
  return { actor, calls };
}

describe('new-number order chart', () => {
  it('follows the conventions (ids, descriptions, meta, named guards)', () => {
    expect(lintMachine(newOrderMachine)).toEqual([]);
  });

  it('loads catalogue, address, tax id and balance together beside the form and starts with one empty row', async () => {
    const { actor } = setUp();
    await flush();
    const s = actor.getSnapshot();
    expect(selectNewOrderState(s)).toBe('open.company.ready open.form.editing');
    expect(selectRows(s)).toHaveLength(1);
    expect(s.context.address).toBe('Toshkent, Navoiy 12');
  });

  it('reads a kept draft back: its rows and its address win over the address on file', async () => {
    const { actor } = setUp({ draft: twoRowDraft });
    await flush();
    expect(selectRows(actor.getSnapshot())).toEqual(twoRowDraft.rows);
    expect(actor.getSnapshot().context.address).toBe(twoRowDraft.address);
    expect(selectTotal(actor.getSnapshot()).total).toBe(3 * (84_200 + 10_000) + 1_263_000);
  });

  it('refuses an invalid row by name and sends nothing', async () => {
    const { actor, calls } = setUp();
    await flush();
    actor.send({ type: 'order.submit' });
    expect(selectProblems(actor.getSnapshot())).toEqual([
      { index: 0, field: 'category' },
      { index: 0, field: 'tariff' },
    ]);
    expect(calls.create).toEqual([]);
  });

  it('names every wrong field of every row against the loaded catalogue; changing a field clears its message (PRM3, PRM4)', async () => {
    const stale = {
      rows: [
        { kolvo: '1001', category: '999', tariff: '77', services: ['IP_GONE'], nominal: '1000001' },
        { kolvo: '2', category: '192', tariff: '1', services: [], nominal: '1.5' },
      ],
      address: '',
    };
    const { actor, calls } = setUp({ draft: stale });
    await flush();
    actor.send({ type: 'order.submit' });
    expect(selectProblems(actor.getSnapshot())).toEqual([
      { index: 0, field: 'kolvo' },
      { index: 0, field: 'category' },
      { index: 0, field: 'tariff' },
      { index: 0, field: 'services' },
      { index: 0, field: 'nominal' },
      { index: 1, field: 'nominal' },
    ]);
    expect(calls.create).toEqual([]);
    actor.send({ type: 'row.change', index: 0, field: 'kolvo', value: '1000' });
    actor.send({ type: 'row.service', index: 0, service: 'IP_GONE', on: false });
    expect(selectProblems(actor.getSnapshot())).toEqual([
      { index: 0, field: 'category' },
      { index: 0, field: 'tariff' },
      { index: 0, field: 'nominal' },
      { index: 1, field: 'nominal' },
    ]);
    actor.send({ type: 'row.change', index: 0, field: 'category', value: '79' });
    actor.send({ type: 'row.change', index: 0, field: 'tariff', value: '2' });
    actor.send({ type: 'row.change', index: 0, field: 'nominal', value: '1000000' });
    actor.send({ type: 'row.change', index: 1, field: 'nominal', value: '' });
    actor.send({ type: 'order.submit' });
    await flush();
    expect(calls.create[0]?.rows).toEqual([
      { kolvo: 1000, category: '79', tariff: '2', services: [], nominal: 1_000_000 },
      { kolvo: 2, category: '192', tariff: '1', services: [] },
    ]);
  });

  it('keeps every change as a draft; deletes a row only after the dialog is confirmed, never the last one', async () => {
    const { actor, calls } = setUp();
    await flush();
    actor.send({ type: 'row.remove', index: 0 });
    expect(selectRemoveDialog(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'row.add' });
    actor.send({ type: 'row.change', index: 1, field: 'kolvo', value: '4' });
    expect(calls.saved.at(-1)).toEqual({
      key: newOrderInput.draftKey,
      rows: [
        { kolvo: '1', category: '', tariff: '', services: [], nominal: '' },
        { kolvo: '4', category: '', tariff: '', services: [], nominal: '' },
      ],
      address: 'Toshkent, Navoiy 12',
    });
    actor.send({ type: 'row.remove', index: 1 });
    expect(selectRemoveDialog(actor.getSnapshot())).toEqual({ index: 1, number: 2 });
    actor.send({ type: 'remove.cancel' });
    expect(selectRows(actor.getSnapshot())).toHaveLength(2);
    actor.send({ type: 'row.remove', index: 0 });
    actor.send({ type: 'remove.confirm' });
    expect(selectRows(actor.getSnapshot())).toEqual([
      { kolvo: '4', category: '', tariff: '', services: [], nominal: '' },
    ]);
  });

  it('sends valid rows as numbers, shows the created order and drops the draft', async () => {
    const { actor, calls } = setUp({ draft: twoRowDraft });
    await flush();
    actor.send({ type: 'order.submit' });
    await flush();
    expect(calls.create).toEqual([
      {
        rows: [
          { kolvo: 3, category: '192', tariff: '1', services: ['IP_M5'], nominal: 10_000 },
          { kolvo: 1, category: '79', tariff: '2', services: [] },
        ],
        address: twoRowDraft.address,
      },
    ]);
    expect(selectCreatedOrder(actor.getSnapshot())).toEqual({ id: '57' });
    expect(calls.cleared).toEqual([{ key: newOrderInput.draftKey }]);
    actor.send({ type: 'order.new' });
    expect(selectRows(actor.getSnapshot())).toHaveLength(1);
  });

  it('E031 is shown with the form kept; a retry sends again', async () => {
    const { actor, calls } = setUp({
      draft: { rows: [bronzeRow, platinumRow], address: '' },
      create: [noBalance],
    });
    await flush();
    actor.send({ type: 'order.submit' });
    await flush();
    expect(selectSubmitError(actor.getSnapshot())).toBe('E031');
    expect(selectRows(actor.getSnapshot())).toHaveLength(2);
    actor.send({ type: 'order.retry' });
    await flush();
    expect(calls.create).toHaveLength(2);
    expect(selectCreatedOrder(actor.getSnapshot())).toEqual({ id: '57' });
  });

  it('a failed company load shows its error beside the usable form; one retry loads all four again', async () => {
    const { actor, calls } = setUp({ company: [offline] });
    await flush();
    expect(actor.getSnapshot().matches({ open: { company: 'failed', form: 'editing' } })).toBe(true);
    expect(actor.getSnapshot().context.companyError).toBe('network');
    actor.send({ type: 'row.change', index: 0, field: 'kolvo', value: '2' });
    expect(selectRows(actor.getSnapshot())[0]?.kolvo).toBe('2');
    actor.send({ type: 'company.retry' });
    await flush();
    expect(calls.company).toBe(2);
    const s = actor.getSnapshot();
    expect(selectNewOrderState(s)).toBe('open.company.ready open.form.editing');
    expect(s.context.inn).toBe('301234567');
    expect(s.context.balance).toBe(7_830_000);
    expect(s.context.companyError).toBeNull();
  });
});
