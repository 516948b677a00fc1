import type { ChartOracle, Ctx, Ev } from '../../support/oracle';
import { codeOf, done, failed } from './oracle-helpers';

/**
 * Expected behaviour of the new-number order, written from spec 2 (`/purchase/order`), spec 3 ("New-number order
 * row: kolvo (count), category, tariff, services, nominal"), spec 5 ("Order repeater cannot go below one row;
 * deletion requires confirmation"), spec 7 (`orders/address`, `orders/inn`, `orders/balance`, `POST orders/`), spec 8
 * (a failed call shows an error with a retry; E031; a broken reply) and decisions GN8, GN12 (rows of at most 100, the
 * draft kept on every change and dropped once the order is created, the address on file unless one was typed),
 * PRM3 and PRM4 (every wrong field of every row named; counts 1-1 000, nominal a whole sum up to 1 000 000, ids the
 * loaded catalogue offers).
 */

const EMPTY = { kolvo: '1', category: '', tariff: '', services: [], nominal: '' };

/**
 * GN12, PRM3, PRM4 in the spec's terms: every wrong field of every row, in the form's order — a count from 1 to
 * 1 000, a category and a tariff chosen and offered by the loaded catalogue, no service it does not offer, the
 * nominal empty or a whole sum up to 1 000 000. Without a catalogue only what needs none is checked.
 */
function problemsOf(c: Ctx): { index: number; field: string }[] {
  const ids = (list: { id: string }[] | undefined) => new Set((list ?? []).map((x) => x.id));
  const cat = c.catalogue;
  const out: { index: number; field: string }[] = [];
  (c.rows as Ctx[]).forEach((r, index) => {
    const k = String(r.kolvo).trim();
    if (!/^\d+$/.test(k) || Number(k) < 1 || Number(k) > 1_000) out.push({ index, field: 'kolvo' });
    if (r.category === '' || (cat && !ids(cat.categories).has(r.category)))
      out.push({ index, field: 'category' });
    if (r.tariff === '' || (cat && !ids(cat.pricePlans).has(r.tariff))) out.push({ index, field: 'tariff' });
    if (cat && (r.services as string[]).some((s) => !ids(cat.services).has(s)))
      out.push({ index, field: 'services' });
    const n = String(r.nominal).trim();
    if (n !== '' && (!/^\d+$/.test(n) || Number(n) > 1_000_000)) out.push({ index, field: 'nominal' });
  });
  return out;
}

/** A field's problem goes once the user changes that field (PRM3). */
const without = (c: Ctx, index: number, field: string) =>
  (c.problems as { index: number; field: string }[]).filter((p) => p.index !== index || p.field !== field);

/** Spec 7 POST orders/: counts and nominals as numbers, an empty nominal left out. */
const wire = (rows: Ctx[]) =>
  rows.map((r) => ({
    kolvo: Number(String(r.kolvo).trim()),
    category: r.category,
    tariff: r.tariff,
    services: r.services,
    ...(String(r.nominal).trim() === '' ? {} : { nominal: Number(String(r.nominal).trim()) }),
  }));

const changed = (c: Ctx, ev: Ev) =>
  c.rows.map((r: Ctx, i: number) => (i === ev.index ? { ...r, [ev.field]: ev.value } : r));
const serviced = (c: Ctx, ev: Ev) =>
  c.rows.map((r: Ctx, i: number) =>
    i === ev.index
      ? {
          ...r,
          services: ev.on
            ? [...r.services.filter((s: string) => s !== ev.service), ev.service]
            : r.services.filter((s: string) => s !== ev.service),
        }
      : r,
  );

/** GN12: every change is kept as a draft (the rows and the address, nothing else). */
const keep = (c: Ctx, rows: Ctx[], address: string) => [
  { type: 'saveDraft', params: { key: c.draftKey, rows, address } },
];

/**
 * The company data: the catalogue (GN12), `orders/address`, `orders/inn` and `orders/balance` (spec 7) load together
 * beside the form; a failed call shows one error with one retry that loads them all again (spec 8, GN12).
 */
const COMPANY = [
  {
    from: 'open.company.loading',
    event: done('fetchCompany'),
    to: 'open.company.ready',
    ctx: (c: Ctx, ev: Ev) => ({
      catalogue: ev.output.catalogue,
      // GN12 the address on file unless one was typed or restored
      address: c.address === '' ? (ev.output.address ?? '') : c.address,
      inn: ev.output.inn,
      balance: ev.output.balance,
      companyError: null,
    }),
    spec: 'spec 7 orders/address, orders/inn, orders/balance and the GN12 catalogue: shown beside the form',
  },
  {
    from: 'open.company.loading',
    event: failed('fetchCompany'),
    to: 'open.company.failed',
    ctx: (_: Ctx, ev: Ev) => ({ companyError: codeOf(ev) }),
    spec: 'spec 8 a failed call shows an error, with a retry',
  },
  {
    from: 'open.company.failed',
    event: 'company.retry',
    to: 'open.company.loading',
    spec: 'spec 8 retry the call (GN12: one retry loads the company data again)',
  },
];

/** The page opens once the draft is read: the company data loads beside the form (spec 7 calls). */
const OPEN = ['open.company.loading', 'open.form.editing'];

export const newOrderOracle: ChartOracle = {
  id: 'newOrder',
  initial: { to: 'restoring' },
  // spec 3 / spec 5: an order starts with one empty row (count 1); GN12: its draft key comes from the page; the company
  // data, the draft and any problem or order are not known yet
  context: (input) => ({
    draftKey: (input as Ctx).draftKey,
    rows: [EMPTY],
    address: '',
    catalogue: null,
    inn: null,
    balance: null,
    companyError: null,
    removeIndex: null,
    problems: [],
    order: null,
    error: null,
  }),
  invokes: {
    'open.company.loading': { fetchCompany: () => undefined },
    restoring: { restoreDraft: (c) => ({ key: c.draftKey }) },
    'open.form.submitting': { createOrder: (c) => ({ rows: wire(c.rows), address: c.address.trim() }) },
  },
  rows: [
    ...COMPANY,
    {
      from: 'restoring',
      event: done('restoreDraft'),
      to: OPEN,
      ctx: (c, ev) =>
        ev.output
          ? { rows: ev.output.rows, address: ev.output.address === '' ? c.address : ev.output.address }
          : { rows: c.rows, address: c.address },
      spec: 'GN12 a half-filled order survives a reload; the address on file is loaded after it (a typed one wins)',
    },
    {
      from: 'restoring',
      event: failed('restoreDraft'),
      to: OPEN,
      spec: 'GN12 losing a draft never breaks the form',
    },
    {
      from: 'open.form.editing',
      event: 'row.add',
      when: (c) => c.rows.length < 100,
      to: '.',
      ctx: (c) => ({ rows: [...c.rows, EMPTY] }),
      effects: (c) => keep(c, [...c.rows, EMPTY], c.address),
      spec: 'spec 3 a repeater of rows; GN12 at most 100 rows (the contract)',
    },
    {
      from: 'open.form.editing',
      event: 'row.change',
      to: '.',
      ctx: (c, ev) => ({ rows: changed(c, ev), problems: without(c, ev.index, ev.field) }),
      effects: (c, ev) => keep(c, changed(c, ev), c.address),
      spec: 'spec 3 kolvo, category, tariff, nominal as typed; GN12 kept as a draft',
    },
    {
      from: 'open.form.editing',
      event: 'row.service',
      to: '.',
      ctx: (c, ev) => ({ rows: serviced(c, ev), problems: without(c, ev.index, 'services') }),
      effects: (c, ev) => keep(c, serviced(c, ev), c.address),
      spec: 'spec 3 services of a row; GN12 kept as a draft',
    },
    {
      from: 'open.form.editing',
      event: 'address.change',
      to: '.',
      ctx: (_, ev) => ({ address: ev.value }),
      effects: (c, ev) => keep(c, c.rows, ev.value),
      spec: 'spec 7 orders/address is the delivery address, which the user may change; GN12 kept as a draft',
    },
    {
      from: 'open.form.editing',
      event: 'row.remove',
      when: (c) => c.rows.length > 1,
      to: 'open.form.confirmingRemove',
      ctx: (_, ev) => ({ removeIndex: ev.index }),
      spec: 'spec 5 deletion requires confirmation (never below one row)',
    },
    {
      from: 'open.form.confirmingRemove',
      event: 'remove.confirm',
      to: 'open.form.editing',
      ctx: (c) => ({
        rows: c.rows.filter((_: Ctx, i: number) => i !== c.removeIndex),
        removeIndex: null,
        problems: [],
      }),
      effects: (c) =>
        keep(
          c,
          c.rows.filter((_: Ctx, i: number) => i !== c.removeIndex),
          c.address,
        ),
      spec: 'spec 5 the confirmed row is deleted',
    },
    {
      from: 'open.form.confirmingRemove',
      event: 'remove.cancel',
      to: 'open.form.editing',
      ctx: (c) => ({ rows: c.rows, removeIndex: null }),
      spec: 'spec 5 a deletion not confirmed deletes nothing (U13 Cancel)',
    },
    {
      from: 'open.form.editing',
      event: 'order.submit',
      when: (c) => problemsOf(c).length > 0,
      to: '.',
      ctx: (c) => ({ problems: problemsOf(c) }),
      spec: 'spec 5 / GN12 / PRM3 every wrong field of every row is named; nothing is sent',
    },
    {
      from: 'open.form.editing',
      event: 'order.submit',
      to: 'open.form.submitting',
      ctx: () => ({ problems: [], error: null }),
      spec: 'spec 7 POST orders/ with the rows and the address',
    },
    {
      from: 'open.form.submitting',
      event: done('createOrder'),
      to: 'open.form.done',
      ctx: (_, ev) => ({ order: ev.output, error: null }),
      effects: (c) => [{ type: 'clearDraft', params: { key: c.draftKey } }],
      spec: 'GN8 the order is created; GN12 its draft is dropped',
    },
    {
      from: 'open.form.submitting',
      event: failed('createOrder'),
      to: 'open.form.failed',
      ctx: (c, ev) => ({ error: codeOf(ev), rows: c.rows }),
      spec: 'spec 8 E031 insufficient balance, a broken reply (E001 text): the error, the form kept',
    },
    {
      from: 'open.form.failed',
      event: 'order.retry',
      to: 'open.form.submitting',
      ctx: () => ({ error: null }),
      spec: 'spec 8 send again',
    },
    {
      from: 'open.form.failed',
      event: 'order.edit',
      to: 'open.form.editing',
      ctx: (c) => ({ error: null, rows: c.rows }),
      spec: 'spec 8 back to the form to change it',
    },
    {
      from: 'open.form.done',
      event: 'order.new',
      to: 'open.form.editing',
      ctx: () => ({ rows: [EMPTY], order: null, error: null, problems: [] }),
      spec: 'spec 3 a new order starts with one row',
    },
  ],
};
