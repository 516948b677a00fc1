import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CreateOrderInput, NewOrderCompany, NewOrderDraft } from '@/machines/new-order.machine';
import { newOrderMachine } from '@/machines/new-order.machine';
import {
  connectCompany,
  connectCreatedOrder,
  connectNewOrderPage,
  connectRemoveDialog,
  connectRow,
  connectRows,
  connectSummary,
  selectCreatedOrder,
  selectNewOrderState,
  selectProblems,
  selectRemoveDialog,
  selectRows,
  selectSubmitError,
  selectTotal,
} from '@/machines/new-order.selectors';
import { snapshotAt } from '../support/connect-table';
import { lintMachine } from '../support/model-universe';
import {
  bronzeRow,
  catalogue,
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

/** What each part of the new-order page renders in a state (decisions AR18): the connect functions as a table. */
describe('new-order connect', () => {
  type Context = Parameters<typeof snapshotAt<typeof newOrderMachine>>[2];
  type Company = 'loading' | 'ready' | 'failed';
  type Form = 'editing' | 'confirmingRemove' | 'submitting' | 'failed' | 'done';
  const open = (company: Company, form: Form, context: Context = {}) =>
    snapshotAt(newOrderMachine, { open: { company, form } }, context, newOrderInput);
  const restoring = snapshotAt(newOrderMachine, 'restoring', {}, newOrderInput);
  const rows = [bronzeRow, platinumRow];
  const problems = [{ index: 0, field: 'kolvo' as const }];

  it.each([
    ['the draft is read', restoring, { state: 'restoring', step: 'restoring' }],
    [
      'the form, the company loading',
      open('loading', 'editing'),
      { state: 'open.company.loading open.form.editing', step: 'editing' },
    ],
    [
      'sent',
      open('ready', 'submitting'),
      { state: 'open.company.ready open.form.submitting', step: 'submitting' },
    ],
    ['refused', open('ready', 'failed'), { step: 'failed' }],
    ['made', open('ready', 'done'), { step: 'done' }],
  ] as const)('page: %s', (_, snapshot, expected) => {
    expect(connectNewOrderPage(snapshot)).toMatchObject(expected);
  });

  it.each([
    [
      'two rows, a refused field',
      open('ready', 'editing', { rows, problems }),
      { rows, problems, canRemove: true, busy: false },
    ],
    ['one row cannot be deleted', open('ready', 'editing', { rows: [bronzeRow] }), { canRemove: false }],
    [
      'while sent: busy, the old problems gone',
      open('ready', 'submitting', { rows, problems }),
      { rows, problems: [], busy: true },
    ],
  ] as const)('rows: %s', (_, snapshot, expected) => {
    expect(connectRows(snapshot)).toMatchObject(expected);
  });

  it.each([
    ['nothing while the draft is read', restoring, { catalogue: null }],
    ['nothing while the company loads', open('loading', 'editing'), { catalogue: null }],
    ['the catalogue', open('ready', 'editing', { catalogue }), { catalogue }],
  ] as const)('row: %s', (_, snapshot, expected) => {
    expect(connectRow(snapshot)).toEqual(expected);
  });

  it.each([
    [
      'the sum of two rows within the balance',
      open('ready', 'editing', { catalogue, rows, balance: 7_830_000 }),
      { total: 1_545_600, overBalance: false, busy: false, error: null, retry: false, step: 'editing' },
    ],
    [
      'over the balance',
      open('ready', 'editing', { catalogue, rows, balance: 1_000_000 }),
      { total: 1_545_600, overBalance: true },
    ],
    ['sent', open('ready', 'submitting', { catalogue, rows: [bronzeRow] }), { total: 282_600, busy: true }],
    [
      'a refused order may be sent again',
      open('ready', 'failed', { error: 'network' }),
      { error: 'network', retry: true, busy: false, step: 'failed' },
    ],
    ['E009 offers no retry', open('ready', 'failed', { error: 'E009' }), { error: 'E009', retry: false }],
    [
      'an old error is not shown',
      open('ready', 'editing', { error: 'network' }),
      { error: null, retry: false },
    ],
  ] as const)('summary: %s', (_, snapshot, expected) => {
    expect(connectSummary(snapshot)).toMatchObject(expected);
  });

  it.each([
    [
      'loading',
      open('loading', 'editing', { address: 'Toshkent, Amir Temur 1' }),
      {
        company: { phase: 'loading', error: null },
        retry: false,
        address: 'Toshkent, Amir Temur 1',
        step: 'editing',
      },
    ],
    [
      'loaded',
      open('ready', 'submitting', { inn: company.inn, balance: company.balance }),
      { company: { phase: 'ready', error: null }, inn: '301234567', balance: 7_830_000, step: 'submitting' },
    ],
    [
      'a failed load may be retried',
      open('failed', 'editing', { companyError: 'network' }),
      { company: { phase: 'failed', error: 'network' }, retry: true, inn: null, balance: null },
    ],
    [
      'E009 offers no retry',
      open('failed', 'editing', { companyError: 'E009' }),
      { company: { phase: 'failed', error: 'E009' }, retry: false },
    ],
  ] as const)('company: %s', (_, snapshot, expected) => {
    expect(connectCompany(snapshot)).toMatchObject(expected);
  });

  it.each([
    ['closed', open('ready', 'editing', { rows, removeIndex: 1 }), { dialog: null }],
    [
      'asks about the second row',
      open('ready', 'confirmingRemove', { rows, removeIndex: 1 }),
      {
        dialog: { index: 1, number: 2 },
      },
    ],
    [
      'asks about the first row',
      open('ready', 'confirmingRemove', { rows, removeIndex: 0 }),
      {
        dialog: { index: 0, number: 1 },
      },
    ],
  ] as const)('remove dialog: %s', (_, snapshot, expected) => {
    expect(connectRemoveDialog(snapshot)).toEqual(expected);
  });

  it.each([
    [
      'none while editing',
      open('ready', 'editing', { order: { id: '57' } }),
      { order: null, cancellable: false },
    ],
    ['none while sent', open('ready', 'submitting'), { order: null, cancellable: false }],
    [
      'the order made, which its company may take back (GN15)',
      open('ready', 'done', { order: { id: '57' } }),
      { order: { id: '57' }, cancellable: true },
    ],
  ] as const)('created order: %s', (_, snapshot, expected) => {
    expect(connectCreatedOrder(snapshot)).toEqual(expected);
  });
});
