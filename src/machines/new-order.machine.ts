import { assign, setup } from 'xstate';
import {
  canAddRow,
  canRemoveRow,
  EMPTY_ROW,
  type OrderFieldProblem,
  type OrderRowDraft,
  type OrderRowWire,
  orderProblems,
  rowToWire,
  withoutRow,
  withRow,
} from '@/domain/orders.rules';
import { failTo, outputTo, retryOn } from './call-fragment';
import { errorCodeOf, unprovided } from './error-code';
import type { StateMeta } from './state-meta';

/**
 * The new-number order (spec 2 `/purchase/order`; spec 3 "New-number order row: kolvo (count), category, tariff,
 * services, nominal"; spec 5 "Order repeater cannot go below one row; deletion requires confirmation"; spec 7
 * `orders/address`, `orders/inn`, `orders/balance`, `POST orders/`; spec 8 E031; docs/decisions.md GN7, GN8, GN12).
 * Two parallel regions: `company` loads the catalogue the rows choose from, the delivery address, the company's tax
 * id and its balance together (one error, one retry: four independent regions made 3^4 load combinations per form
 * state, too many for the model walk); the form holds the rows (add, change, remove after a
 * confirmation, never below one), validates them in the domain, submits and shows the created order or the failure.
 * What is typed is kept as a draft (no secrets: rows and address only) and read back when the page opens again.
 */

/** An item of the catalogue: id, name, price in sums (null when the catalogue gives none). */
export interface CatalogueItem {
  readonly id: string;
  readonly name: string;
  readonly price: number | null;
}

/** What a row chooses from (GN12): the number categories (golden categories, priced), price plans, services. */
export interface NewOrderCatalogue {
  readonly categories: readonly CatalogueItem[];
  readonly pricePlans: readonly CatalogueItem[];
  readonly services: readonly CatalogueItem[];
}

/** The company data loaded beside the form: the catalogue, the address on file, the tax id, the balance. */
export interface NewOrderCompany {
  readonly catalogue: NewOrderCatalogue;
  readonly address: string | null;
  readonly inn: string | null;
  readonly balance: number | null;
}

/** A draft read back: the rows and the address typed before. */
export interface NewOrderDraft {
  readonly rows: readonly OrderRowDraft[];
  readonly address: string;
}

/** The created order as the result shows it. */
export interface CreatedOrder {
  readonly id: string;
}

export interface NewOrderInput {
  /** where the typed rows are kept (src/services/drafts `draftKey`); null = not kept */
  readonly draftKey: string | null;
}

export interface CreateOrderInput {
  readonly rows: readonly OrderRowWire[];
  readonly address: string;
}

export interface NewOrderContext {
  readonly draftKey: string | null;
  readonly rows: readonly OrderRowDraft[];
  readonly address: string;
  readonly catalogue: NewOrderCatalogue | null;
  readonly inn: string | null;
  readonly balance: number | null;
  /** the error of the company data load (the first of its four calls to fail) */
  readonly companyError: string | null;
  /** the row the delete dialog asks about */
  readonly removeIndex: number | null;
  /**
   * every wrong field of every row when the last submit was refused (PRM3, PRM4: counts and nominals in bounds, ids
   * the loaded catalogue offers); a field's problem goes once the user changes that field
   */
  readonly problems: readonly OrderFieldProblem[];
  readonly order: CreatedOrder | null;
  readonly error: string | null;
}

/** A field of a row the user types into or picks. */
export type RowField = 'kolvo' | 'category' | 'tariff' | 'nominal';

/**
 * Events of the new-number order.
 * - `company.retry`: user intent after the company data (catalogue, address, tax id, balance) failed to load.
 * - `row.add`: user adds an empty row (up to the contract's limit).
 * - `row.change`: user types into or picks a field of row `index`; `row.service` ticks a service of it on or off.
 * - `address.change`: user types the delivery address.
 * - `row.remove`: user asks to delete row `index` (only when more than one row is left): the dialog asks first.
 * - `remove.confirm` / `remove.cancel`: user answers the delete dialog.
 * - `order.submit`: user sends the order (validated first).
 * - `order.retry`: user sends it again after it failed; `order.edit` goes back to the form.
 * - `order.new`: user starts another order after one was created.
 */
export type NewOrderEvent =
  | { type: 'company.retry' }
  | { type: 'row.add' }
  | { type: 'row.change'; index: number; field: RowField; value: string }
  | { type: 'row.service'; index: number; service: string; on: boolean }
  | { type: 'address.change'; value: string }
  | { type: 'row.remove'; index: number }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' }
  | { type: 'order.submit' }
  | { type: 'order.retry' }
  | { type: 'order.edit' }
  | { type: 'order.new' };

/** Tags: `busy` the order is being sent. */
export type NewOrderTag = 'busy';

const FIRST_ROWS: readonly OrderRowDraft[] = [EMPTY_ROW];

/** The problems without the one of a row's field (the user changed that field). */
const withoutProblem = (problems: readonly OrderFieldProblem[], index: number, field: string) =>
  problems.filter((p) => p.index !== index || p.field !== field);

const servicesWith = (services: readonly string[], service: string, on: boolean): string[] =>
  on ? [...services.filter((s) => s !== service), service] : services.filter((s) => s !== service);

export const newOrderMachine = setup({
  types: {
    context: {} as NewOrderContext,
    events: {} as NewOrderEvent,
    input: {} as NewOrderInput,
    meta: {} as StateMeta,
    tags: {} as NewOrderTag,
  },
  actors: {
    /**
     * GET golden-number/categories, GET pre-order/services (GN12), GET orders/address, orders/inn and
     * orders/balance, together; the first failure is the error.
     */
    fetchCompany: unprovided<NewOrderCompany, void>('fetchCompany'),
    /** Reads the draft kept under the key (null when there is none or it is not one). */
    restoreDraft: unprovided<NewOrderDraft | null, { key: string | null }>('restoreDraft'),
    /** POST orders/. */
    createOrder: unprovided<CreatedOrder, CreateOrderInput>('createOrder'),
  },
  guards: {
    canAddRow: ({ context }) => canAddRow(context.rows),
    canRemoveRow: ({ context }) => canRemoveRow(context.rows),
    hasRowProblem: ({ context }) => orderProblems(context.rows, context.catalogue).length > 0,
  },
  actions: {
    /** Keeps the rows and the address under the draft key. Filled in at the composition root with the draft store. */
    saveDraft: (_, _params: { key: string | null; rows: readonly OrderRowDraft[]; address: string }) => {},
    /** Drops the draft once the order is created. Filled in at the composition root with the draft store. */
    clearDraft: (_, _params: { key: string | null }) => {},
    assignCompany: assign(({ context }, params: { company: NewOrderCompany }) => ({
      catalogue: params.company.catalogue,
      // what the user typed (or restored) wins over the address on file
      address: context.address === '' ? (params.company.address ?? '') : context.address,
      inn: params.company.inn,
      balance: params.company.balance,
      companyError: null,
    })),
    assignCompanyError: assign((_, params: { error: unknown }) => ({
      companyError: errorCodeOf(params.error),
    })),
    assignDraft: assign(({ context }, params: { draft: NewOrderDraft | null }) =>
      params.draft
        ? {
            rows: params.draft.rows,
            address: params.draft.address === '' ? context.address : params.draft.address,
          }
        : {},
    ),
    addRow: assign(({ context }) => ({ rows: [...context.rows, EMPTY_ROW] })),
    changeRow: assign(({ context }, params: { index: number; field: RowField; value: string }) => ({
      rows: withRow(context.rows, params.index, { [params.field]: params.value }),
      problems: withoutProblem(context.problems, params.index, params.field),
    })),
    toggleService: assign(({ context }, params: { index: number; service: string; on: boolean }) => ({
      rows: withRow(context.rows, params.index, {
        services: servicesWith(context.rows[params.index]?.services ?? [], params.service, params.on),
      }),
      problems: withoutProblem(context.problems, params.index, 'services'),
    })),
    changeAddress: assign((_, params: { value: string }) => ({ address: params.value })),
    askRemove: assign((_, params: { index: number }) => ({ removeIndex: params.index })),
    removeRow: assign(({ context }) => ({
      rows: withoutRow(context.rows, context.removeIndex ?? -1),
      removeIndex: null,
      problems: [],
    })),
    clearRemove: assign({ removeIndex: null }),
    assignProblems: assign(({ context }) => ({ problems: orderProblems(context.rows, context.catalogue) })),
    clearProblems: assign({ problems: [], error: null }),
    assignOrder: assign((_, params: { order: CreatedOrder }) => ({ order: params.order, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error) })),
    clearError: assign({ error: null }),
    resetForm: assign({ rows: FIRST_ROWS, order: null, error: null, problems: [] }),
  },
}).createMachine({
  id: 'newOrder',
  description:
    'New-number order: rows of count, category, tariff, services and nominal (never below one; deleting asks first), ' +
    'the delivery address, tax id and balance, validation, POST orders/ (E031), the created order; a draft survives ' +
    'a reload.',
  initial: 'restoring',
  context: ({ input }) => ({
    draftKey: input.draftKey,
    rows: FIRST_ROWS,
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
  states: {
    restoring: {
      description: 'Reads the draft typed before the page was left or reloaded, if any.',
      meta: { view: 'the form busy', testId: 'new-order-restoring' },
      invoke: {
        id: 'restoreDraft',
        src: 'restoreDraft',
        input: ({ context }) => ({ key: context.draftKey }),
        onDone: outputTo('open', 'assignDraft', 'draft'),
        onError: { target: 'open' },
      },
    },
    open: {
      description: 'The page is open: the company data loads beside the form.',
      meta: { view: 'the order form with the company data beside it' },
      type: 'parallel',
      states: {
        company: {
          description:
            'The company data: the catalogue, delivery address, tax id and balance load together when the page ' +
            'opens; the first failure is shown with one retry that loads them all again (spec 8, GN12).',
          meta: { view: 'the company data beside the form' },
          initial: 'loading',
          states: {
            loading: {
              description: 'Loads the catalogue, the delivery address, the tax id and the balance.',
              meta: { view: 'the company data busy', testId: 'new-order-company-loading' },
              invoke: {
                id: 'fetchCompany',
                src: 'fetchCompany',
                onDone: outputTo('ready', 'assignCompany', 'company'),
                onError: failTo('failed', 'assignCompanyError'),
              },
            },
            ready: {
              description: 'The catalogue, address, tax id and balance are shown.',
              meta: { view: 'the company data' },
            },
            failed: {
              description: 'The company data could not be loaded; the error is shown with one retry button.',
              meta: { view: 'error with a retry button', testId: 'new-order-company-error' },
              on: { 'company.retry': { target: 'loading' } },
            },
          },
        },
        form: {
          description: 'The rows and the address, the submit and its result.',
          meta: { view: 'the order form' },
          initial: 'editing',
          states: {
            editing: {
              description: 'The user fills the rows and the address; every change is kept as a draft.',
              meta: {
                view: 'rows of labelled fields, add and delete buttons, the total, submit',
                testId: 'new-order-rows',
              },
              on: {
                'row.add': [
                  {
                    guard: 'canAddRow',
                    actions: [
                      'addRow',
                      {
                        type: 'saveDraft',
                        params: ({ context }) => ({
                          key: context.draftKey,
                          rows: context.rows,
                          address: context.address,
                        }),
                      },
                    ],
                  },
                  { description: 'the contract’s limit of rows is reached: nothing is added' },
                ],
                'row.change': {
                  actions: [
                    {
                      type: 'changeRow',
                      params: ({ event }) => ({ index: event.index, field: event.field, value: event.value }),
                    },
                    {
                      type: 'saveDraft',
                      params: ({ context }) => ({
                        key: context.draftKey,
                        rows: context.rows,
                        address: context.address,
                      }),
                    },
                  ],
                },
                'row.service': {
                  actions: [
                    {
                      type: 'toggleService',
                      params: ({ event }) => ({ index: event.index, service: event.service, on: event.on }),
                    },
                    {
                      type: 'saveDraft',
                      params: ({ context }) => ({
                        key: context.draftKey,
                        rows: context.rows,
                        address: context.address,
                      }),
                    },
                  ],
                },
                'address.change': {
                  actions: [
                    { type: 'changeAddress', params: ({ event }) => ({ value: event.value }) },
                    {
                      type: 'saveDraft',
                      params: ({ context }) => ({
                        key: context.draftKey,
                        rows: context.rows,
                        address: context.address,
                      }),
                    },
                  ],
                },
                'row.remove': [
                  {
                    guard: 'canRemoveRow',
                    target: 'confirmingRemove',
                    actions: { type: 'askRemove', params: ({ event }) => ({ index: event.index }) },
                  },
                  { description: 'spec 5: the last row cannot be deleted' },
                ],
                'order.submit': [
                  { guard: 'hasRowProblem', actions: 'assignProblems' },
                  { target: 'submitting', actions: 'clearProblems' },
                ],
              },
            },
            confirmingRemove: {
              description:
                'The dialog names the row and asks whether to delete it (spec 5 deletion requires confirmation).',
              meta: { view: 'confirmation dialog: Cancel, Delete', testId: 'new-order-remove-dialog' },
              on: {
                'remove.confirm': {
                  target: 'editing',
                  actions: [
                    'removeRow',
                    {
                      type: 'saveDraft',
                      params: ({ context }) => ({
                        key: context.draftKey,
                        rows: context.rows,
                        address: context.address,
                      }),
                    },
                  ],
                },
                'remove.cancel': { target: 'editing', actions: 'clearRemove' },
              },
            },
            submitting: {
              description: 'Sends the order (POST orders/).',
              meta: { view: 'the form busy, submit disabled', testId: 'new-order-submitting' },
              tags: ['busy'],
              invoke: {
                id: 'createOrder',
                src: 'createOrder',
                input: ({ context }) => ({
                  rows: context.rows.map(rowToWire),
                  address: context.address.trim(),
                }),
                onDone: {
                  target: 'done',
                  actions: [
                    { type: 'assignOrder', params: ({ event }) => ({ order: event.output }) },
                    { type: 'clearDraft', params: ({ context }) => ({ key: context.draftKey }) },
                  ],
                },
                onError: failTo('failed'),
              },
            },
            failed: {
              description:
                'The order was refused (E031 insufficient balance, E005, a broken reply E001…); retry or edit.',
              meta: {
                view: 'error with retry and back-to-form buttons, the form kept',
                testId: 'new-order-error',
              },
              on: retryOn('order.retry', 'submitting', {
                'order.edit': { target: 'editing', actions: 'clearError' },
              }),
            },
            done: {
              description: 'The order was created (status created, GN8): its number is shown.',
              meta: { view: 'the created order’s number and a new-order button', testId: 'new-order-done' },
              on: { 'order.new': { target: 'editing', actions: 'resetForm' } },
            },
          },
        },
      },
    },
  },
});

export type NewOrderMachine = typeof newOrderMachine;
