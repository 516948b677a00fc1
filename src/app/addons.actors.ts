import { fromPromise } from 'xstate';
import { type BalanceFacts, EMPLOYEES_PAGE_SIZE, ROAMING_SOC } from '@/domain/addons.rules';
import { currentLang } from '@/i18n/i18n';
import {
  type AddonsCatalogue,
  addonsMachine,
  type EmployeeRow,
  type EmployeesPageResult,
  type FetchAllNumbersInput,
  type FetchEmployeesInput,
  type FetchOptionsInput,
  type NumberOptions,
  type ServicePackage,
} from '@/machines/addons.machine';
import {
  type ApplyChunkInput,
  type ApplyChunkResult,
  addonsCheckoutMachine,
  type CheckoutOrder,
  type OrderQuote,
} from '@/machines/addons-checkout.machine';
import { ApiFailure } from '@/services/api/api-error';
import type {
  EmployeesPage,
  InternetPackage,
  PackageActionResult,
} from '@/services/contract/addons.contract';
import type { ApiLoader, AppApi } from './api';

/**
 * Real actors of the services page and the services checkout on the app's one API client (E009 from any call reaches
 * the session through that client). `createAppLogic` builds them once; tests provide fakes to the same machines.
 */

const toPackage = (p: InternetPackage): ServicePackage => ({
  soc: p.soc,
  name: p.name,
  group: p.group ?? '',
  price: p.price ?? 0,
  volumeMb: typeof p.volume === 'number' ? p.volume : p.volume == null ? null : Number(p.volume),
  periodDays: p.period ?? 30,
  isFree: p.isFree === true,
});

const toPage = (reply: EmployeesPage): EmployeesPageResult => ({
  rows: reply.content.map(
    (e): EmployeeRow => ({
      sn: e.sn,
      name: e.name ?? null,
      pricePlan: e.pricePlan ?? null,
      packages: (e.packages ?? []).map((p) => ({ soc: p.soc, name: p.name })),
      roaming: e.roaming === true,
    }),
  ),
  total: reply.totalElements,
  totalPages: reply.totalPages,
});

const lang = currentLang;

export function createAddonsLogic(api: ApiLoader) {
  const services = addonsMachine.provide({
    actors: {
      fetchCatalogue: fromPromise<AddonsCatalogue, void>(async () => {
        const client = await api();
        const [packages, promo] = await Promise.all([
          client.call('internet.forConPp', {}),
          client.call('internet.services', { query: { ipGroup: 'promo' } }),
        ]);
        return { packages: packages.map(toPackage), promo: promo[0] ? toPackage(promo[0]) : null };
      }),
      fetchEmployees: fromPromise<EmployeesPageResult, FetchEmployeesInput>(async ({ input }) => {
        const client = await api();
        const { list, group, q, page } = input.params;
        const query = { ...(q === '' ? {} : { q }), page: page - 1, size: EMPLOYEES_PAGE_SIZE };
        if (list === 'promo')
          return toPage(
            await client.call('internet.employeesPromotion', { query: { isFree: true, ...query } }),
          );
        const name = list === 'disconnect' ? 'internet.employeesDeactivate' : 'internet.employees';
        return toPage(await client.call(name, { query: { ipGroup: group, ...query } }));
      }),
      fetchAllNumbers: fromPromise<readonly string[], FetchAllNumbersInput>(async ({ input }) => {
        const { list, group, q } = input.params;
        const reply = await (await api()).call('internet.employeeNumbers', {
          query: { ipGroup: group, list, ...(q === '' ? {} : { q }) },
        });
        return reply.sns;
      }),
      fetchOptions: fromPromise<NumberOptions, FetchOptionsInput>(async ({ input }) => {
        const reply = await (await api()).call('internet.packages', {
          query: { sn: input.sn, pricePlan: input.pricePlan },
        });
        return {
          sn: input.sn,
          packages: reply.map((p) => ({ ...toPackage(p), connected: p.connected === true })),
        };
      }),
    },
  });

  const applyChunk = async (input: ApplyChunkInput): Promise<ApplyChunkResult> => {
    const client = await api();
    const base = { sns: [...input.sns], payerBan: input.payerBan, lang: lang() };
    const soc = input.pkg?.soc ?? '';
    let reply: PackageActionResult;
    switch (input.action) {
      case 'connect':
        reply = await client.call('internet.setup', { body: { ...base, soc } });
        break;
      case 'connectFree':
        reply = await client.call('internet.setupFree', { query: { isFree: true }, body: { ...base, soc } });
        break;
      case 'disconnect':
        reply = await client.call('internet.delete', { body: { ...base, soc } });
        break;
      case 'cancelAgreement':
        reply = await client.call('internet.deleteAgreement', { body: base });
        break;
      case 'roamingOn':
        reply = await client.call('internet.setupRoaming', { body: { ...base, soc: ROAMING_SOC } });
        break;
      case 'roamingOff':
        reply = await client.call('internet.deleteRoaming', { body: { ...base, soc: ROAMING_SOC } });
        break;
    }
    const outcomes = reply.outcomes ?? [
      // a reply with the two lists only: accepted, or failed without a code
      ...(reply.acceptedNumbers ?? []).map((sn) => ({ sn, code: 'accepted' })),
      ...(reply.failedNumbers ?? []).map((sn) => ({ sn, code: 'E001' })),
    ];
    // every number sent must have its outcome: a reply that leaves one out breaks the contract (E001), and the run
    // stops with the outcomes confirmed so far (SV7)
    const answered = new Set(outcomes.map((o) => o.sn));
    if (input.sns.some((sn) => !answered.has(sn)))
      throw new ApiFailure({ kind: 'contract', direction: 'reply', issues: 'an outcome per number sent' });
    return { outcomes: outcomes.map((o) => ({ sn: o.sn, code: o.code })), balance: reply.balance ?? null };
  };

  const servicesCheckout = addonsCheckoutMachine.provide({
    actors: {
      quoteOrder: fromPromise<OrderQuote, CheckoutOrder>(async ({ input }) => {
        const client = await api();
        const action = input.action;
        if (action !== 'connect' && action !== 'connectFree' && action !== 'roamingOn')
          return { already: [], sns: input.sns, total: 0 };
        const soc = action === 'roamingOn' ? ROAMING_SOC : (input.pkg?.soc ?? '');
        const body = { action, soc, sns: [...input.sns], payerBan: input.payerBan };
        const reply = await client.call('internet.quote', { body });
        return { already: reply.already, sns: reply.sns, total: reply.total };
      }),
      checkBalance: fromPromise<BalanceFacts, void>(async () => {
        const client = await api();
        const [deposit, balance] = await Promise.all([
          client.call('internet.hasDeposit', {}),
          client.call('internet.checkBalance', {}),
        ]);
        return { hasDeposit: deposit.hasDeposit, balance: balance.balance ?? 0 };
      }),
      applyChunk: fromPromise<ApplyChunkResult, ApplyChunkInput>(({ input }) => applyChunk(input)),
    },
  });
  return { services, servicesCheckout };
}

/** The page workflows this area provides (its manifest ./addons.workflow.ts; composed in ./page-logic.generated.ts). */
export function pageLogic(api: AppApi) {
  const { services, servicesCheckout } = createAddonsLogic(api.load);
  return { services, servicesCheckout };
}
