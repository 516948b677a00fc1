import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { DEFAULT_SERVICES_PARAMS } from '@/domain/addons.rules';
import type { FetchAllNumbersInput, FetchEmployeesInput, NumberOptions } from '@/machines/addons.machine';
import { addonsMachine } from '@/machines/addons.machine';
import {
  connectCatalogue,
  connectCheckoutChoice,
  connectEmployees,
  connectOptions,
  connectServicesPage,
  selectAddonsState,
  selectCheckoutReady,
  selectChosenPackage,
  selectEmployeesError,
  selectGroupPackages,
  selectSelected,
} from '@/machines/addons.selectors';
import { snapshotAt } from '../support/connect-table';
import { lintMachine } from '../support/model-universe';
import {
  alisher,
  barno,
  catalogue,
  disconnectList,
  employeesPage,
  net20,
  noSession,
  options,
  promo2,
  searched,
  servicesInput,
  withPackage,
} from './addons.payloads';

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

function answering(opts: { failList?: boolean } = {}) {
  const calls = { list: [] as FetchEmployeesInput[], all: [] as FetchAllNumbersInput[] };
  const machine = addonsMachine.provide({
    actors: {
      fetchCatalogue: fromPromise(async () => catalogue),
      fetchEmployees: fromPromise(async ({ input }: { input: FetchEmployeesInput }) => {
        calls.list.push(input);
        if (opts.failList) throw noSession;
        return employeesPage;
      }),
      fetchAllNumbers: fromPromise(
        async ({ input }: { input: FetchAllNumbersInput }): Promise<readonly string[]> => {
          calls.all.push(input);
          return [alisher, barno];
        },
      ),
      fetchOptions: fromPromise(async (): Promise<NumberOptions> => ({ sn: barno, packages: [] })),
    },
  });
  return { machine, calls };
}

describe('services page chart', () => {
  it('passes the chart lint (ids, descriptions, meta on every state)', () => {
    expect(lintMachine(addonsMachine)).toEqual([]);
  });

  it('loads the catalogue and the URL’s list; the package alone loads nothing; the group’s packages are shown', async () => {
    const { machine, calls } = answering();
    const actor = createActor(machine, { input: servicesInput }).start();
    await flush();
    expect(selectAddonsState(actor.getSnapshot())).toBe('employees.ready options.closed');
    expect(selectGroupPackages(actor.getSnapshot()).map((p) => p.soc)).toEqual(['IP_M20']);
    actor.send({ type: 'params.changed', params: withPackage });
    await flush();
    expect(calls.list).toHaveLength(1);
    expect(selectChosenPackage(actor.getSnapshot())?.soc).toBe('IP_M20');
  });

  it('keeps the selection while searching, starts again on another list; select all takes every number of the filter', async () => {
    const { machine, calls } = answering();
    const actor = createActor(machine, { input: servicesInput }).start();
    await flush();
    actor.send({ type: 'selection.toggle', sns: [alisher], on: true });
    actor.send({ type: 'selection.toggle', sns: [alisher, barno], on: true });
    expect(selectSelected(actor.getSnapshot())).toEqual([alisher, barno]);
    actor.send({ type: 'selection.toggle', sns: [alisher], on: false });
    expect(selectSelected(actor.getSnapshot())).toEqual([barno]);
    actor.send({ type: 'params.changed', params: searched });
    await flush();
    expect(calls.list.at(-1)?.params.q).toBe('90');
    expect(selectSelected(actor.getSnapshot())).toEqual([barno]);
    expect(selectCheckoutReady(actor.getSnapshot())).toEqual({ numbers: true, withPackage: false });
    actor.send({ type: 'params.changed', params: disconnectList });
    await flush();
    expect(selectSelected(actor.getSnapshot())).toEqual([]);
    actor.send({ type: 'selection.all' });
    await flush();
    expect(calls.all[0]?.params).toEqual(disconnectList);
    expect(selectSelected(actor.getSnapshot())).toEqual([alisher, barno]);
    expect(selectCheckoutReady(actor.getSnapshot())).toEqual({ numbers: true, withPackage: true });
  });

  it('shows a failed list with its code and reloads when a checkout changed lines', async () => {
    const { machine, calls } = answering({ failList: true });
    const actor = createActor(machine, { input: { params: DEFAULT_SERVICES_PARAMS } }).start();
    await flush();
    expect(selectEmployeesError(actor.getSnapshot())).toBe('E009');
    actor.send({ type: 'services.changed' });
    expect(calls.list).toHaveLength(2);
  });
});

/** What each part of the services page renders in a state (decisions AR18): the connect functions as a table. */
describe('addons connect', () => {
  type Employees =
    | 'loadingCatalogue'
    | 'catalogueFailed'
    | 'loading'
    | 'ready'
    | 'selectingAll'
    | 'selectAllFailed'
    | 'failed';
  const at = (
    employees: Employees,
    optionsPhase: 'closed' | 'loading' | 'shown' | 'failed',
    context: Parameters<typeof snapshotAt<typeof addonsMachine>>[2] = {},
  ) => snapshotAt(addonsMachine, { employees, options: optionsPhase }, context, servicesInput);
  const shown = { ...employeesPage, params: DEFAULT_SERVICES_PARAMS };
  const promoList = { ...DEFAULT_SERVICES_PARAMS, list: 'promo' as const };
  const optionsFor = { sn: barno, pricePlan: 'Biznes Start' };

  it.each([
    [
      'the catalogue loads, nothing yet',
      at('loadingCatalogue', 'closed'),
      {
        state: 'employees.loadingCatalogue options.closed',
        shown: null,
        current: false,
        selected: [],
        ready: { numbers: false, withPackage: false },
        chosen: null,
      },
    ],
    [
      'numbers and a package chosen: every action is ready',
      at('ready', 'closed', { catalogue, shown, selected: [alisher], params: withPackage }),
      {
        state: 'employees.ready options.closed',
        shown,
        current: true,
        ready: { numbers: true, withPackage: true },
        chosen: net20,
      },
    ],
    [
      'another page loads: the shown one is not current; no package, no connect',
      at('loading', 'closed', { catalogue, shown, selected: [barno] }),
      {
        shown,
        current: false,
        selected: [barno],
        ready: { numbers: true, withPackage: false },
        chosen: null,
      },
    ],
    [
      'a failed list is not current',
      at('failed', 'closed', { catalogue, shown, listError: 'network' }),
      { state: 'employees.failed options.closed', current: false },
    ],
  ] as const)('page: %s', (_, snapshot, expected) => {
    expect(connectServicesPage(snapshot)).toMatchObject(expected);
  });

  it.each([
    [
      'loading',
      at('loadingCatalogue', 'closed'),
      { packages: [], chosen: null, loading: true, error: null, retry: false },
    ],
    [
      'a failed catalogue may be retried',
      at('catalogueFailed', 'closed', { catalogueError: 'network' }),
      { loading: false, error: 'network', retry: true },
    ],
    [
      'E009 offers no retry',
      at('catalogueFailed', 'closed', { catalogueError: 'E009' }),
      { error: 'E009', retry: false },
    ],
    [
      'the group’s packages, the chosen one',
      at('ready', 'closed', { catalogue, params: withPackage }),
      { packages: [net20], chosen: net20, loading: false, error: null, retry: false },
    ],
    [
      'the promotion list: its free package, chosen',
      at('ready', 'closed', { catalogue, params: promoList }),
      { packages: [promo2], chosen: promo2 },
    ],
    [
      'an old error is not shown once loaded',
      at('ready', 'closed', { catalogue, catalogueError: 'network' }),
      { error: null, retry: false },
    ],
  ] as const)('catalogue: %s', (_, snapshot, expected) => {
    expect(connectCatalogue(snapshot)).toMatchObject(expected);
  });

  it.each([
    [
      'the first page loads',
      at('loading', 'closed', { catalogue }),
      {
        shown: null,
        loading: true,
        error: null,
        retry: false,
        selectingAll: false,
        selectionError: null,
        selectionRetry: false,
        canSelectAll: false,
        catalogueError: null,
      },
    ],
    [
      'a ready page may be selected whole',
      at('ready', 'closed', { catalogue, shown, selected: [alisher] }),
      { shown, loading: false, selected: [alisher], canSelectAll: true },
    ],
    [
      'a failed list may be retried',
      at('failed', 'closed', { catalogue, shown, listError: 'network' }),
      { shown, error: 'network', retry: true, canSelectAll: false },
    ],
    [
      'E009 offers no retry of the list',
      at('failed', 'closed', { catalogue, listError: 'E009' }),
      { error: 'E009', retry: false },
    ],
    [
      'select all runs',
      at('selectingAll', 'closed', { catalogue, shown }),
      { selectingAll: true, canSelectAll: false, loading: false },
    ],
    [
      'a failed select all may be asked again',
      at('selectAllFailed', 'closed', { catalogue, shown, selectionError: 'network' }),
      { selectionError: 'network', selectionRetry: true, error: null, canSelectAll: false },
    ],
    [
      'E009 offers no second select all',
      at('selectAllFailed', 'closed', { catalogue, shown, selectionError: 'E009' }),
      { selectionError: 'E009', selectionRetry: false },
    ],
    [
      'a failed catalogue: no list, its error known',
      at('catalogueFailed', 'closed', { catalogueError: 'network' }),
      { shown: null, error: null, catalogueError: 'network' },
    ],
  ] as const)('employees: %s', (_, snapshot, expected) => {
    expect(connectEmployees(snapshot)).toMatchObject(expected);
  });

  it.each([
    [
      'closed',
      at('ready', 'closed', { catalogue, shown }),
      { phase: 'closed', forNumber: null, options: null, error: null, retry: false },
    ],
    [
      'loading a number’s options',
      at('ready', 'loading', { catalogue, shown, optionsFor }),
      { phase: 'loading', forNumber: optionsFor, options: null, error: null },
    ],
    [
      'shown',
      at('ready', 'shown', { catalogue, shown, optionsFor, options }),
      { phase: 'shown', forNumber: optionsFor, options, retry: false },
    ],
    [
      'failed options may be retried',
      at('ready', 'failed', { catalogue, shown, optionsFor, optionsError: 'network' }),
      { phase: 'failed', error: 'network', retry: true },
    ],
    [
      'E009 offers no retry',
      at('ready', 'failed', { catalogue, shown, optionsFor, optionsError: 'E009' }),
      { error: 'E009', retry: false },
    ],
  ] as const)('options: %s', (_, snapshot, expected) => {
    expect(connectOptions(snapshot)).toMatchObject(expected);
  });

  it.each([
    ['nothing chosen', at('ready', 'closed', { catalogue, shown }), { selected: [], chosen: null }],
    [
      'numbers and the URL’s package',
      at('ready', 'closed', { catalogue, shown, params: withPackage, selected: [alisher, barno] }),
      { selected: [alisher, barno], chosen: net20 },
    ],
    [
      'the promotion list takes its free package',
      at('ready', 'closed', { catalogue, shown, params: promoList, selected: [barno] }),
      { selected: [barno], chosen: promo2 },
    ],
    [
      'no catalogue yet: the URL’s package is not known',
      at('loadingCatalogue', 'closed', { params: withPackage, selected: [alisher] }),
      { selected: [alisher], chosen: null },
    ],
  ] as const)('checkout choice: %s', (_, snapshot, expected) => {
    expect(connectCheckoutChoice(snapshot)).toMatchObject(expected);
  });
});
