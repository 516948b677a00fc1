import type { ChartOracle, Ctx } from '../../support/oracle';
import { codeOf, done, failed } from './oracle-helpers';

/**
 * Expected behaviour of the services page: spec 1 "Order services, internet packages and roaming", spec 3 "Internet
 * package: name, soc; employees", spec 7 (for-con-pp, services?ipGroup, employees?ipGroup, employees/deactivate,
 * employeesPromotionIp, getPackages?sn,pricePlan), spec 8 (a failed call shows an error; E009 ends the session through
 * the API client), and decisions SV2-SV6 (the list in the URL, searched and paged on the server; select many, a page,
 * all of the filter; the selection kept while searching and paging, new for another list or group). Written from those
 * lines, not from the chart.
 */

/** SV3: the same list kind, group, search and page mean the same list (the package alone changes nothing to load). */
const sameList = (a: Ctx, b: Ctx) =>
  a.list === b.list && a.group === b.group && a.q === b.q && a.page === b.page;
/** SV3: the selection survives search and paging, not a change of list kind or group. */
const sameScope = (a: Ctx, b: Ctx) => a.list === b.list && a.group === b.group;
/** SV3: adding numbers keeps the order chosen and never lists one twice; removing drops them. */
function toggled(selected: readonly string[], sns: readonly string[], on: boolean): string[] {
  if (!on) return selected.filter((s) => !sns.includes(s));
  return [...selected, ...sns.filter((s, i) => !selected.includes(s) && sns.indexOf(s) === i)];
}

export const servicesOracle: ChartOracle = {
  id: 'services',
  initial: { to: ['employees.loadingCatalogue', 'options.closed'] },
  // SV3: the list, group, search and page the URL holds; no catalogue, page, selection or options yet
  context: (input) => ({
    params: (input as { params: Ctx }).params,
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
  invokes: {
    // spec 7 for-con-pp (and the promotion group's package), first: the list shows the group's packages (SV3)
    'employees.loadingCatalogue': { fetchCatalogue: () => undefined },
    // spec 7 employees?ipGroup / employees/deactivate / employeesPromotionIp, with the URL's search and page (SV3)
    'employees.loading': { fetchEmployees: (c) => ({ params: c.params }) },
    // SV3 every number of the filter
    'employees.selectingAll': { fetchAllNumbers: (c) => ({ params: c.params }) },
    // spec 7 getPackages?sn,pricePlan
    'options.loading': {
      fetchOptions: (c) => ({ sn: c.optionsFor.sn, pricePlan: c.optionsFor.pricePlan }),
    },
  },
  rows: [
    // ── the catalogue, before the list ─────────────────────────────────────────────────────────────────
    {
      from: 'employees.loadingCatalogue',
      event: done('fetchCatalogue'),
      to: 'employees.loading',
      ctx: (_, ev) => ({ catalogue: ev.output, catalogueError: null }),
      spec: 'spec 3 Internet package: name, soc; SV2 volume, price, period by group; then the list',
    },
    {
      from: 'employees.loadingCatalogue',
      event: failed('fetchCatalogue'),
      to: 'employees.catalogueFailed',
      ctx: (_, ev) => ({ catalogueError: codeOf(ev) }),
      spec: 'spec 8 a failed call shows an error, with a retry (SV6)',
    },
    {
      from: 'employees.catalogueFailed',
      event: 'catalogue.retry',
      to: 'employees.loadingCatalogue',
      ctx: () => ({ catalogueError: null }),
      spec: 'SV6 retry the catalogue',
    },
    {
      from: ['employees.loadingCatalogue', 'employees.catalogueFailed'],
      event: 'params.changed',
      to: '.',
      ctx: (c, ev) => ({ params: ev.params, selected: sameScope(c.params, ev.params) ? c.selected : [] }),
      spec: 'SV3 the URL is kept; the list loads for it once the catalogue is there',
    },

    // ── the employees list ──────────────────────────────────────────────────────────────────────────────
    {
      from: 'employees.*',
      event: 'params.changed',
      when: (c, ev) => !sameList(c.params, ev.params),
      to: 'employees.loading',
      reenter: true,
      ctx: (c, ev) => ({ params: ev.params, selected: sameScope(c.params, ev.params) ? c.selected : [] }),
      spec: 'SV3 list, group, search and page live in the URL; another list loads, its selection starts again',
    },
    {
      from: 'employees.*',
      event: 'params.changed',
      to: '.',
      ctx: (c, ev) => ({ params: ev.params, selected: c.selected, shown: c.shown }),
      spec: 'SV3 the same list with another package chosen: nothing to load, the selection stays',
    },
    {
      from: [
        'employees.loading',
        'employees.ready',
        'employees.selectingAll',
        'employees.selectAllFailed',
        'employees.failed',
      ],
      event: 'services.changed',
      to: 'employees.loading',
      reenter: true,
      ctx: (c) => ({ selected: c.selected, params: c.params }),
      spec: 'SV6 lines changed in a checkout: the list shows them (told through the actor system)',
    },
    {
      from: 'employees.*',
      event: 'selection.toggle',
      to: '.',
      ctx: (c, ev) => ({ selected: toggled(c.selected, ev.sns, ev.on) }),
      spec: 'SV3 select many: a number or the page’s numbers, on or off',
    },
    {
      from: 'employees.*',
      event: 'selection.clear',
      to: '.',
      ctx: () => ({ selected: [] }),
      spec: 'SV3 clear the selection',
    },
    {
      from: 'employees.loading',
      event: done('fetchEmployees'),
      to: 'employees.ready',
      ctx: (c, ev) => ({ shown: { params: c.params, ...ev.output }, listError: null }),
      spec: 'spec 3 employees with what each has connected; SV3 one page and the count of the filter',
    },
    {
      from: 'employees.loading',
      event: failed('fetchEmployees'),
      to: 'employees.failed',
      ctx: (c, ev) => ({ listError: codeOf(ev), shown: c.shown }),
      spec: 'spec 8 a failed call shows an error; the page on screen stays (SV6)',
    },
    {
      from: 'employees.failed',
      event: 'employees.retry',
      to: 'employees.loading',
      ctx: () => ({ listError: null }),
      spec: 'SV6 retry the list',
    },
    {
      from: 'employees.ready',
      event: 'selection.all',
      to: 'employees.selectingAll',
      spec: 'SV3 select all filtered',
    },
    {
      from: 'employees.selectingAll',
      event: done('fetchAllNumbers'),
      to: 'employees.ready',
      ctx: (_, ev) => ({ selected: toggled([], ev.output, true), selectionError: null }),
      spec: 'SV3 every number of the filter is chosen',
    },
    {
      from: 'employees.selectingAll',
      event: failed('fetchAllNumbers'),
      to: 'employees.selectAllFailed',
      ctx: (c, ev) => ({ selectionError: codeOf(ev), selected: c.selected }),
      spec: 'spec 8 the failure is shown; the selection made so far stays (SV3)',
    },
    {
      from: 'employees.selectAllFailed',
      event: 'selection.all',
      to: 'employees.selectingAll',
      ctx: () => ({ selectionError: null }),
      spec: 'SV3 try selecting all again',
    },
    {
      from: 'employees.selectAllFailed',
      event: 'selection.dismiss',
      to: 'employees.ready',
      ctx: () => ({ selectionError: null }),
      spec: 'SV3 close the failure',
    },

    // ── one number's options ────────────────────────────────────────────────────────────────────────────
    {
      from: 'options.*',
      event: 'options.open',
      to: 'options.loading',
      reenter: true,
      ctx: (_, ev) => ({
        optionsFor: { sn: ev.sn, pricePlan: ev.pricePlan },
        options: null,
        optionsError: null,
      }),
      spec: 'spec 7 getPackages?sn,pricePlan: a package’s options for one number',
    },
    {
      from: 'options.*',
      event: 'options.close',
      to: 'options.closed',
      ctx: () => ({ optionsFor: null, options: null, optionsError: null }),
      spec: 'SV4 the options panel closes',
    },
    {
      from: 'options.loading',
      event: done('fetchOptions'),
      to: 'options.shown',
      ctx: (_, ev) => ({ options: ev.output, optionsError: null }),
      spec: 'SV4 the packages the number’s price plan may take, the connected ones marked',
    },
    {
      from: 'options.loading',
      event: failed('fetchOptions'),
      to: 'options.failed',
      ctx: (_, ev) => ({ optionsError: codeOf(ev) }),
      spec: 'spec 8 E125 number of another BAN, or any failure, shown with a retry',
    },
    {
      from: 'options.failed',
      event: 'options.retry',
      to: 'options.loading',
      ctx: () => ({ optionsError: null }),
      spec: 'SV4 retry the options',
    },
  ],
};
