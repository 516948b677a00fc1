import { assign, setup } from 'xstate';
import {
  type AddonsParams,
  type EmployeeListKind,
  keepsSelection,
  sameEmployeeList,
  toggleSelection,
} from '@/domain/addons.rules';
import { failTo, outputTo, retryOn } from './call-fragment';
import { errorCodeOf, unprovided } from './error-code';
import * as list from './list-fragment';
import type { StateMeta } from './state-meta';

/**
 * The services page (spec 1 "Order services, internet packages and roaming"; spec 7 `internet-package/…`;
 * docs/decisions.md "Services" SV1-SV6): the package catalogue of the company's price plans, the employees with what
 * they have connected (searched and paged on the server from the URL), the numbers chosen for a checkout (select many,
 * a page, or all of the filter), and the options of one number.
 *
 * Two parallel regions, so the list stays on screen while one number's options load: `employees` (the catalogue first,
 * then the list) and `options`. Browsing and selecting happen here; what is done to the chosen numbers is the services
 * checkout chart (src/machines/addons-checkout.machine.ts), which tells this chart when lines changed
 * (`services.changed`, through the actor system).
 */

/** A package as the page shows it: volume in MB (null unlimited), price in sums per period of `period` days. */
export interface ServicePackage {
  readonly soc: string;
  readonly name: string;
  readonly group: string;
  readonly price: number;
  readonly volumeMb: number | null;
  readonly periodDays: number;
  readonly isFree: boolean;
}

/** The catalogue: the packages of the company's price plans and the promotional free package (if any). */
export interface AddonsCatalogue {
  readonly packages: readonly ServicePackage[];
  readonly promo: ServicePackage | null;
}

/** A row of the employees list. */
export interface EmployeeRow {
  readonly sn: string;
  readonly name: string | null;
  readonly pricePlan: string | null;
  /** packages of the listed group the number has now */
  readonly packages: readonly { readonly soc: string; readonly name: string }[];
  readonly roaming: boolean;
}

export interface EmployeesPageResult {
  readonly rows: readonly EmployeeRow[];
  readonly total: number;
  readonly totalPages: number;
}

/** One number's options: the packages its price plan may take, and which it has. */
export interface NumberOptions {
  readonly sn: string;
  readonly packages: readonly (ServicePackage & { readonly connected: boolean })[];
}

export interface FetchEmployeesInput {
  readonly params: AddonsParams;
}
export interface FetchAllNumbersInput {
  readonly params: AddonsParams;
}
export interface FetchOptionsInput {
  readonly sn: string;
  readonly pricePlan: string;
}

export interface AddonsInput {
  readonly params: AddonsParams;
}

export interface AddonsContext {
  readonly params: AddonsParams;
  readonly catalogue: AddonsCatalogue | null;
  readonly catalogueError: string | null;
  readonly shown: (EmployeesPageResult & { readonly params: AddonsParams }) | null;
  readonly listError: string | null;
  /** the chosen numbers, in the order chosen */
  readonly selected: readonly string[];
  readonly selectionError: string | null;
  /** the number whose options are open */
  readonly optionsFor: { readonly sn: string; readonly pricePlan: string } | null;
  readonly options: NumberOptions | null;
  readonly optionsError: string | null;
}

/**
 * Events of the services chart.
 * - `params.changed`: fact from the router: the URL asks for this list, group, package, search and page.
 * - `catalogue.retry`, `employees.retry`: user intents after a failure.
 * - `services.changed`: fact from the services checkout (actor system): lines changed, reload the list.
 * - `selection.toggle`: user intent to add (`on`) or remove numbers (one row, or the rows of the page).
 * - `selection.clear`: user intent to start the selection again.
 * - `selection.all`: user intent to choose every number of the filter (again after a failure); `selection.dismiss`
 *   closes that failure.
 * - `options.open`: user intent to see one number's options; `options.close`; `options.retry` after a failure.
 */
export type AddonsEvent =
  | { type: 'params.changed'; params: AddonsParams }
  | { type: 'catalogue.retry' }
  | { type: 'employees.retry' }
  | { type: 'services.changed' }
  | { type: 'selection.toggle'; sns: readonly string[]; on: boolean }
  | { type: 'selection.clear' }
  | { type: 'selection.all' }
  | { type: 'selection.dismiss' }
  | { type: 'options.open'; sn: string; pricePlan: string }
  | { type: 'options.close' }
  | { type: 'options.retry' };

/** Tags: `busy` the catalogue or the list loading, `selecting` all numbers of the filter being fetched,
 *  `optionsBusy`. */
export type AddonsTag = 'busy' | 'selecting' | 'optionsBusy';

export type { EmployeeListKind };

export const addonsMachine = setup({
  types: {
    context: {} as AddonsContext,
    events: {} as AddonsEvent,
    input: {} as AddonsInput,
    meta: {} as StateMeta,
    tags: {} as AddonsTag,
  },
  actors: {
    /** GET internet-package/internet-package-services/for-con-pp and services?ipGroup=promo. */
    fetchCatalogue: unprovided<AddonsCatalogue, void>('fetchCatalogue'),
    /** GET employees, employees/deactivate or employeesPromotionIp: one page of the URL's list. */
    fetchEmployees: unprovided<EmployeesPageResult, FetchEmployeesInput>('fetchEmployees'),
    /** GET employees/numbers: every number of the filter (select all filtered). */
    fetchAllNumbers: unprovided<readonly string[], FetchAllNumbersInput>('fetchAllNumbers'),
    /** GET getPackages?sn,pricePlan. */
    fetchOptions: unprovided<NumberOptions, FetchOptionsInput>('fetchOptions'),
  },
  guards: {
    isNewList: ({ context }, params: { params: AddonsParams }) =>
      !sameEmployeeList(context.params, params.params),
  },
  actions: {
    assignParams: assign(({ context }, params: { params: AddonsParams }) => ({
      params: params.params,
      selected: keepsSelection(context.params, params.params) ? context.selected : [],
    })),
    assignCatalogue: assign((_, params: { catalogue: AddonsCatalogue }) => ({
      catalogue: params.catalogue,
      catalogueError: null,
    })),
    assignCatalogueError: assign((_, params: { error: unknown }) => ({
      catalogueError: errorCodeOf(params.error),
    })),
    clearCatalogueError: assign({ catalogueError: null }),
    assignShown: assign(({ context }, params: { page: EmployeesPageResult }) => ({
      shown: { params: context.params, ...params.page },
      listError: null,
    })),
    assignListError: assign((_, params: { error: unknown }) => ({ listError: errorCodeOf(params.error) })),
    clearListError: assign({ listError: null }),
    toggleSelected: assign(({ context }, params: { sns: readonly string[]; on: boolean }) => ({
      selected: toggleSelection(context.selected, params.sns, params.on),
    })),
    clearSelected: assign({ selected: [] }),
    assignAllSelected: assign((_, params: { sns: readonly string[] }) => ({
      selected: toggleSelection([], params.sns, true),
      selectionError: null,
    })),
    assignSelectionError: assign((_, params: { error: unknown }) => ({
      selectionError: errorCodeOf(params.error),
    })),
    clearSelectionError: assign({ selectionError: null }),
    assignOptionsFor: assign((_, params: { sn: string; pricePlan: string }) => ({
      optionsFor: { sn: params.sn, pricePlan: params.pricePlan },
      options: null,
      optionsError: null,
    })),
    assignOptions: assign((_, params: { options: NumberOptions }) => ({
      options: params.options,
      optionsError: null,
    })),
    assignOptionsError: assign((_, params: { error: unknown }) => ({
      optionsError: errorCodeOf(params.error),
    })),
    clearOptions: assign({ optionsFor: null, options: null, optionsError: null }),
    clearOptionsError: assign({ optionsError: null }),
  },
}).createMachine({
  id: 'services',
  description:
    'Services page: the package catalogue, the employees with their packages and roaming (URL list, group, search, ' +
    'page), the chosen numbers (many, a page, all of the filter), and one number’s options.',
  type: 'parallel',
  context: ({ input }) => ({
    params: input.params,
    catalogue: null,
    catalogueError: null,
    shown: null,
    listError: null,
    selected: [],
    selectionError: null,
    optionsFor: null,
    options: null,
    optionsError: null,
  }),
  states: {
    employees: {
      description: 'The employees of the URL’s list, group, search and page, and the numbers chosen.',
      meta: { view: 'search, table of numbers with checkboxes, pagination, selection bar' },
      initial: 'loadingCatalogue',
      on: {
        'params.changed': [
          {
            guard: { type: 'isNewList', params: ({ event }) => ({ params: event.params }) },
            target: '.loading',
            actions: { type: 'assignParams', params: ({ event }) => ({ params: event.params }) },
          },
          {
            description: 'same list: only the chosen package changed, nothing to load',
            actions: { type: 'assignParams', params: ({ event }) => ({ params: event.params }) },
          },
        ],
        'services.changed': { target: '.loading', description: 'lines changed in a checkout: reload' },
        'selection.toggle': {
          actions: {
            type: 'toggleSelected',
            params: ({ event }) => ({ sns: event.sns, on: event.on }),
          },
        },
        'selection.clear': { actions: 'clearSelected' },
      },
      states: {
        loadingCatalogue: {
          description:
            'Loads the catalogue first (for-con-pp and the promotion group): the list needs its packages.',
          meta: { view: 'package cards and list busy', testId: 'services-catalogue-loading' },
          tags: ['busy'],
          on: {
            'params.changed': {
              description: 'the URL changed before the catalogue arrived: the list will load with it',
              actions: { type: 'assignParams', params: ({ event }) => ({ params: event.params }) },
            },
            'services.changed': { description: 'nothing on screen to reload yet' },
          },
          invoke: {
            id: 'fetchCatalogue',
            src: 'fetchCatalogue',
            onDone: outputTo('loading', 'assignCatalogue', 'catalogue'),
            onError: failTo('catalogueFailed', 'assignCatalogueError'),
          },
        },
        catalogueFailed: {
          description: 'The catalogue could not be loaded; the error is shown with a retry button.',
          meta: { view: 'error with a retry button', testId: 'services-catalogue-error' },
          on: {
            'catalogue.retry': { target: 'loadingCatalogue', actions: 'clearCatalogueError' },
            'params.changed': {
              description: 'the URL changed while the catalogue failed: the list will load with it',
              actions: { type: 'assignParams', params: ({ event }) => ({ params: event.params }) },
            },
            'services.changed': { description: 'nothing on screen to reload yet' },
          },
        },
        loading: {
          description:
            'Loads the page of the list (server-side search and paging); the previous page stays, busy.',
          meta: { view: 'the table busy (aria-busy)', testId: 'services-employees' },
          tags: ['busy'],
          invoke: list.loadPage(
            'fetchEmployees',
            ({ context }: { context: AddonsContext }) => ({ params: context.params }),
            { page: 'assignShown', error: 'assignListError' },
          ),
        },
        ready: {
          description: 'The page is on screen with the count of the filter; numbers may be chosen.',
          meta: { view: 'rows with checkboxes, total, pagination', testId: 'services-employees' },
          on: { 'selection.all': 'selectingAll' },
        },
        selectingAll: {
          description: 'Fetches every number of the filter to choose them all.',
          meta: { view: '"select all" busy', testId: 'services-select-all' },
          tags: ['selecting'],
          invoke: {
            id: 'fetchAllNumbers',
            src: 'fetchAllNumbers',
            input: ({ context }) => ({ params: context.params }),
            onDone: outputTo('ready', 'assignAllSelected', 'sns'),
            onError: failTo('selectAllFailed', 'assignSelectionError'),
          },
        },
        selectAllFailed: {
          description: 'Choosing every number failed; try again or close the message.',
          meta: { view: 'selection error with retry and close', testId: 'services-selection-error' },
          on: {
            'selection.all': { target: 'selectingAll', actions: 'clearSelectionError' },
            'selection.dismiss': { target: 'ready', actions: 'clearSelectionError' },
          },
        },
        failed: {
          description: 'The list could not be loaded; the error is shown with a retry button.',
          meta: { view: 'error with a retry button', testId: 'services-employees-error' },
          on: retryOn('employees.retry', 'loading', {}, 'clearListError'),
        },
      },
    },
    options: {
      description: 'The packages one number’s price plan may take, and which it has (getPackages).',
      meta: { view: 'the options panel of a number' },
      initial: 'closed',
      on: {
        'options.open': {
          target: '.loading',
          actions: {
            type: 'assignOptionsFor',
            params: ({ event }) => ({ sn: event.sn, pricePlan: event.pricePlan }),
          },
        },
        'options.close': { target: '.closed', actions: 'clearOptions' },
      },
      states: {
        closed: {
          description: 'No number’s options are open.',
          meta: { view: 'no options panel' },
        },
        loading: {
          description: 'Loads the number’s options.',
          meta: { view: 'options panel busy', testId: 'services-options' },
          tags: ['optionsBusy'],
          invoke: {
            id: 'fetchOptions',
            src: 'fetchOptions',
            input: ({ context }) => ({
              sn: context.optionsFor?.sn ?? '',
              pricePlan: context.optionsFor?.pricePlan ?? '',
            }),
            onDone: outputTo('shown', 'assignOptions', 'options'),
            onError: failTo('failed', 'assignOptionsError'),
          },
        },
        shown: {
          description: 'The number’s packages, the connected ones marked.',
          meta: { view: 'list of packages with connected marks', testId: 'services-options-list' },
        },
        failed: {
          description: 'The options could not be loaded; retry or close.',
          meta: { view: 'options error with retry and close', testId: 'services-options-error' },
          on: retryOn('options.retry', 'loading', {}, 'clearOptionsError'),
        },
      },
    },
  },
});

/** The services machine's type, for selectors, contexts and tests. */
export type AddonsMachine = typeof addonsMachine;
