/**
 * Services: internet packages and roaming for a company's employees, and the services checkout (spec 1 "Order
 * services, internet packages and roaming", spec 3 "Internet package: name, soc; employees; balance", spec 7
 * `internet-package/…`, spec 8 E031/E123/E124/E125, spec 2 and 6 the October sale widget; docs/decisions.md
 * "Services", SV1…). Pure rules shared by the charts, the views and the reference server.
 */
import { SERVICE_DOCUMENT_TYPES } from './constants';
import type { UserFacts } from './roles.rules';
import { routeAccess } from './routes.rules';

/** Package groups (`ipGroup`), in display order (SV2: the spec names none; defined with the seed). */
export const IP_GROUPS = ['monthly', 'daily', 'night', 'social'] as const;
export type IpGroup = (typeof IP_GROUPS)[number];
/** The group of the promotional free packages (`employeesPromotionIp`, `setupFree`; SV5). */
export const PROMO_GROUP = 'promo';

/** Whether a string is a package group of the catalogue. */
export function isIpGroup(value: string | null | undefined): value is IpGroup {
  return (IP_GROUPS as readonly string[]).includes(value ?? '');
}

/** The soc of the roaming service switched on and off by `setup-roaming` / `delete-roaming` (SV6). */
export const ROAMING_SOC = 'ROAM';

/** The package the October sale widget promotes (spec 2 "Seasonal internet-package sale widget (October)"; SV9). */
export const SALE_PACKAGE = { group: 'monthly', soc: 'IP_M20' } as const satisfies {
  group: IpGroup;
  soc: string;
};

/** Employees per page of the services list (SV3: thousands of numbers are searched and paged on the server). */
export const EMPLOYEES_PAGE_SIZE = 20;
/** At most this many numbers in one checkout ("select all filtered" included; SV3). */
export const MAX_SELECTION = 5000;
/** Numbers sent per apply call: the progress moves by the outcomes each reply confirms (SV7). */
export const APPLY_CHUNK = 25;
/** At most this many internet packages on one line at once; one more answers E123 (SV4). */
export const LINE_PACKAGE_LIMIT = 3;

/** What a checkout does to the chosen numbers (SV6). */
export type ServiceAction =
  | 'connect'
  | 'connectFree'
  | 'disconnect'
  | 'cancelAgreement'
  | 'roamingOn'
  | 'roamingOff';
export const SERVICE_ACTIONS: readonly ServiceAction[] = [
  'connect',
  'connectFree',
  'disconnect',
  'cancelAgreement',
  'roamingOn',
  'roamingOff',
];
export function isServiceAction(value: string | null | undefined): value is ServiceAction {
  return (SERVICE_ACTIONS as readonly string[]).includes(value ?? '');
}

/** Only a paid connection is checked against the balance first (spec: "the balance check (checkBalance; has-deposit)"). */
export function needsBalanceCheck(action: ServiceAction): boolean {
  return action === 'connect';
}

/**
 * The actions a number may already have done (E124: the package, the free package, roaming on): their checkout asks
 * the server which chosen numbers have it, leaves those out of the order and the total, and names them (SV12).
 */
export function canAlreadyHave(action: ServiceAction): boolean {
  return action === 'connect' || action === 'connectFree' || action === 'roamingOn';
}

/** The document type each action issues (spec 3 "8 and 10-17 services"; SV8). */
export const SERVICE_DOCUMENT_TYPE: Readonly<Record<ServiceAction, (typeof SERVICE_DOCUMENT_TYPES)[number]>> =
  {
    connect: SERVICE_DOCUMENT_TYPES[0],
    disconnect: SERVICE_DOCUMENT_TYPES[1],
    cancelAgreement: SERVICE_DOCUMENT_TYPES[2],
    connectFree: SERVICE_DOCUMENT_TYPES[3],
    roamingOn: SERVICE_DOCUMENT_TYPES[4],
    roamingOff: SERVICE_DOCUMENT_TYPES[5],
  };

/** Outcome of one number, as the server confirmed it ('accepted' or a catalogue code), or not sent because the user
 *  stopped the run ('cancelled'). */
export type NumberOutcomeCode = string;
export const ACCEPTED = 'accepted';
export const NOT_SENT = 'cancelled';

export interface NumberOutcome {
  readonly sn: string;
  readonly code: NumberOutcomeCode;
}

/** Total price of a package for `count` numbers (a free package is 0). */
export function checkoutTotal(price: number, count: number): number {
  return Math.round(price * 100 * count) / 100;
}

/** The balance facts a checkout is decided on. */
export interface BalanceFacts {
  /** the company pays packages from a deposit (`has-deposit`) */
  readonly hasDeposit: boolean;
  /** what is left on it (`checkBalance`) */
  readonly balance: number;
}

/**
 * How many numbers the balance pays for, in list order (the server debits number by number: SV7). Without a deposit
 * the packages go on the invoice and nothing is checked (SV7): all of them.
 */
export function affordableCount(b: BalanceFacts, price: number, count: number): number {
  if (!b.hasDeposit || price <= 0) return count;
  return Math.max(0, Math.min(count, Math.floor((b.balance + 1e-9) / price)));
}

/** The balance covers every chosen number. */
export function canAfford(b: BalanceFacts, price: number, count: number): boolean {
  return affordableCount(b, price, count) >= count;
}

/** A failed number worth trying again (E124 means it already has it; nothing to retry). */
export function isRetryable(code: NumberOutcomeCode): boolean {
  return code !== ACCEPTED && code !== 'E124';
}

/** Numbers of a result that "retry the failed ones" sends again, in list order. */
export function retryNumbers(outcomes: readonly NumberOutcome[]): string[] {
  return outcomes.filter((o) => isRetryable(o.code)).map((o) => o.sn);
}

/** The next slice of numbers to send: the ones without a confirmed outcome yet, at most APPLY_CHUNK. */
export function nextChunk(sns: readonly string[], done: number, size = APPLY_CHUNK): string[] {
  return sns.slice(done, done + size);
}

/** Counts of a result: accepted, and failed by code (for the summary line). */
export function outcomeSummary(outcomes: readonly NumberOutcome[]): {
  accepted: number;
  failed: number;
  byCode: Record<string, number>;
} {
  const byCode: Record<string, number> = {};
  let accepted = 0;
  for (const o of outcomes) {
    if (o.code === ACCEPTED) accepted++;
    else byCode[o.code] = (byCode[o.code] ?? 0) + 1;
  }
  return { accepted, failed: outcomes.length - accepted, byCode };
}

/**
 * Who may open the services area (spec 6; SV1): the same answer as the route guard, so the reference server refuses
 * every services call to whoever the menu and the route refuse (curators by type, key owners, subscribers without a
 * budget and not of type 5/15/40, nobody with a BAN selected).
 */
export function mayUseAddons(facts: UserFacts): boolean {
  return routeAccess('/services', facts) === 'allow';
}

/** Where the Documents list shows the services documents (the services tab of `/onlinee-sales`). */
export const SERVICE_DOCUMENTS_HREF = '/onlinee-sales?tab=services';

/**
 * Where a checkout's result sends the user for the service document (docs/decisions.md SV11): the Documents list's
 * services tab when the route guard lets the user open it, otherwise null (the result says who can obtain it).
 */
export function serviceDocumentsHref(facts: UserFacts | null): string | null {
  return facts !== null && routeAccess(SERVICE_DOCUMENTS_HREF, facts) === 'allow'
    ? SERVICE_DOCUMENTS_HREF
    : null;
}

/** The company a services call acts on and, for a subscriber, the one number it may act on (SV1). */
export interface AddonsScope {
  readonly ban: string;
  /** a subscriber acts on their own number only; null: every number of the BAN */
  readonly onlySn: string | null;
}

/** Whether every number of a request is in the caller's scope (numbers of the caller's company only; SV1). */
export function inScope(
  scope: AddonsScope,
  sns: readonly string[],
  banOf: (sn: string) => string | null,
): boolean {
  return sns.every((sn) => (scope.onlySn === null || scope.onlySn === sn) && banOf(sn) === scope.ban);
}

/** Employee list filter: digits search numbers, anything else names (trimmed, at most 50 characters). */
export function normaliseEmployeeQuery(q: string): string {
  return q.trim().slice(0, 50);
}

/** Which employees the page lists: every one (to connect), those with a package of the group (to disconnect), those
 *  offered the promotional free package (SV3, SV5). */
export type EmployeeListKind = 'connect' | 'disconnect' | 'promo';
export const EMPLOYEE_LISTS: readonly EmployeeListKind[] = ['connect', 'disconnect', 'promo'];

/** The services page's place in the URL: list, group, package, search and page (SV3). */
export interface AddonsParams {
  readonly list: EmployeeListKind;
  readonly group: IpGroup;
  readonly soc: string | null;
  readonly q: string;
  readonly page: number;
}
export const DEFAULT_SERVICES_PARAMS: AddonsParams = {
  list: 'connect',
  group: 'monthly',
  soc: null,
  q: '',
  page: 1,
};

/** Reads the page's parameters from the URL's query (anything invalid falls back to its default). */
export function parseAddonsParams(get: (name: string) => string | null): AddonsParams {
  const group = get('group');
  const page = Number(get('page') ?? '1');
  const soc = get('package');
  const list = get('list');
  return {
    list: (EMPLOYEE_LISTS as readonly string[]).includes(list ?? '')
      ? (list as EmployeeListKind)
      : DEFAULT_SERVICES_PARAMS.list,
    group: isIpGroup(group) ? group : DEFAULT_SERVICES_PARAMS.group,
    soc: soc && /^[A-Z0-9_]{1,50}$/.test(soc) ? soc : null,
    q: normaliseEmployeeQuery(get('q') ?? ''),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** Same list (group, search, page): nothing to load again. The package does not change the list. */
export function sameEmployeeList(a: AddonsParams, b: AddonsParams): boolean {
  return a.list === b.list && a.group === b.group && a.q === b.q && a.page === b.page;
}

/** A selection stays while the user searches and pages; another list or group starts a new one (SV3). */
export function keepsSelection(a: AddonsParams, b: AddonsParams): boolean {
  return a.list === b.list && a.group === b.group;
}

/** Adds or removes numbers from a selection (order kept, at most MAX_SELECTION). */
export function toggleSelection(selected: readonly string[], sns: readonly string[], on: boolean): string[] {
  if (!on) {
    const off = new Set(sns);
    return selected.filter((sn) => !off.has(sn));
  }
  const have = new Set(selected);
  return [...selected, ...sns.filter((sn) => !have.has(sn))].slice(0, MAX_SELECTION);
}

/** The checkout's place in the URL (spec 2 "/services/checkout (query page, payerBan)"; SV6): the employees page to
 *  go back to, the payer BAN, and what is done. */
export interface CheckoutParams {
  readonly page: number;
  readonly payerBan: string | null;
  readonly action: ServiceAction;
}
export function parseCheckoutParams(get: (name: string) => string | null): CheckoutParams {
  const page = Number(get('page') ?? '1');
  const payerBan = get('payerBan');
  const action = get('action');
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    payerBan: payerBan && /^\d{1,20}$/.test(payerBan) ? payerBan : null,
    action: isServiceAction(action) ? action : 'connect',
  };
}

/** The sale widget's link (spec 2/6; SV9): the services page on the promoted package. */
export function saleHref(): string {
  return `/services?group=${SALE_PACKAGE.group}&package=${SALE_PACKAGE.soc}`;
}
