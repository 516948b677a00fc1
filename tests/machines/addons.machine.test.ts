import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { DEFAULT_SERVICES_PARAMS } from '@/domain/addons.rules';
import type { FetchAllNumbersInput, FetchEmployeesInput, NumberOptions } from '@/machines/addons.machine';
import { addonsMachine } from '@/machines/addons.machine';
import {
  selectAddonsState,
  selectCheckoutReady,
  selectChosenPackage,
  selectEmployeesError,
  selectGroupPackages,
  selectSelected,
} from '@/machines/addons.selectors';
import { lintMachine } from '../support/model-universe';
import {
  alisher,
  barno,
  catalogue,
  disconnectList,
  employeesPage,
  noSession,
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
