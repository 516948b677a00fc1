import type { AnyEventObject } from 'xstate';
import { type AddonsParams, DEFAULT_SERVICES_PARAMS } from '@/domain/addons.rules';
import type {
  AddonsCatalogue,
  AddonsInput,
  EmployeesPageResult,
  NumberOptions,
  ServicePackage,
} from '@/machines/addons.machine';
import { ApiFailure } from '@/services/api/api-error';
import type { EventPayloads } from '../support/model-universe';

/**
 * Realistic events and actor results of the services page chart (model paths, oracle, view walk, unit tests). Guards
 * see both outcomes: the URL asking for the list on screen (only the package changed) and for another list.
 */

export const servicesInput: AddonsInput = { params: DEFAULT_SERVICES_PARAMS };
/** Only the chosen package differs: the same list, nothing to load (isNewList false). */
export const withPackage: AddonsParams = { ...DEFAULT_SERVICES_PARAMS, soc: 'IP_M20' };
/** Another list: loads, and the selection starts again (isNewList true). */
export const disconnectList: AddonsParams = {
  ...DEFAULT_SERVICES_PARAMS,
  list: 'disconnect',
  soc: 'IP_M20',
};
/** The same list searched: loads and keeps the selection. */
export const searched: AddonsParams = { ...DEFAULT_SERVICES_PARAMS, q: '90' };

export const net20: ServicePackage = {
  soc: 'IP_M20',
  name: 'NET 20 GB',
  group: 'monthly',
  price: 45_000,
  volumeMb: 20_480,
  periodDays: 30,
  isFree: false,
};
export const day1: ServicePackage = {
  soc: 'IP_D1',
  name: 'DAY 1 GB',
  group: 'daily',
  price: 3_000,
  volumeMb: 1024,
  periodDays: 1,
  isFree: false,
};
export const promo2: ServicePackage = {
  soc: 'IP_PROMO2',
  name: 'PROMO 2 GB',
  group: 'promo',
  price: 0,
  volumeMb: 2048,
  periodDays: 30,
  isFree: true,
};
export const catalogue: AddonsCatalogue = { packages: [net20, day1], promo: promo2 };

export const alisher = '901000001';
export const barno = '901000002';
export const employeesPage: EmployeesPageResult = {
  rows: [
    { sn: alisher, name: 'Karimov Alisher', pricePlan: 'Biznes Pro', packages: [], roaming: false },
    {
      sn: barno,
      name: 'Yusupova Barno',
      pricePlan: 'Biznes Start',
      packages: [{ soc: 'IP_M20', name: 'NET 20 GB' }],
      roaming: true,
    },
  ],
  total: 2,
  totalPages: 1,
};
export const options: NumberOptions = {
  sn: barno,
  packages: [
    { ...net20, connected: true },
    { ...day1, connected: false },
  ],
};

export const offline = new ApiFailure({ kind: 'network' });
export const noSession = new ApiFailure({ kind: 'server', code: 'E009' });
export const notYours = new ApiFailure({ kind: 'server', code: 'E125' });

const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, error: unknown): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error });

export const servicesPayloads: EventPayloads = {
  'params.changed': [
    { type: 'params.changed', params: withPackage },
    { type: 'params.changed', params: disconnectList },
  ],
  // no guard reads the payload: one toggle (on) keeps the graph small; off is walked by the view tests
  'selection.toggle': [{ type: 'selection.toggle', sns: [alisher], on: true }],
  'options.open': [{ type: 'options.open', sn: barno, pricePlan: 'Biznes Start' }],
  'xstate.done.actor.fetchCatalogue': [done('fetchCatalogue', catalogue)],
  'xstate.error.actor.fetchCatalogue': [fail('fetchCatalogue', offline)],
  'xstate.done.actor.fetchEmployees': [done('fetchEmployees', employeesPage)],
  'xstate.error.actor.fetchEmployees': [fail('fetchEmployees', offline)],
  'xstate.done.actor.fetchAllNumbers': [done('fetchAllNumbers', [alisher, barno])],
  'xstate.error.actor.fetchAllNumbers': [fail('fetchAllNumbers', offline)],
  'xstate.done.actor.fetchOptions': [done('fetchOptions', options)],
  'xstate.error.actor.fetchOptions': [fail('fetchOptions', notYours)],
};

/** The model-test entry of the services page chart (tests/support/model-registry.ts). */
export const servicesModelEntry = {
  id: 'services',
  input: servicesInput,
  payloads: servicesPayloads,
} as const;
