/**
 * An area's manifest (`src/app/<area>.workflow.ts`): its charts and the page workflows its actors module provides.
 * `npm run workflows` (scripts/workflows.ts) reads every manifest and writes the lists derived from them — the chart
 * registry, the page logic (type and composition), the test logic, the model-test entries and the oracles' index —
 * so that a new chart is declared once, here (docs/new-workflow.md, decisions AR19). A manifest is data (it imports
 * only `defineWorkflow`): reading it loads no chart, and no run-time code imports it.
 */
export interface ChartManifest {
  /**
   * The chart's id, equal to its `machine.id`: it names docs/statecharts/<id>.*, src/machines/titles/<id>.titles.json,
   * the oracle `<id>Oracle` and the model-test entry `<id>ModelEntry`.
   */
  readonly id: string;
  /**
   * The chart's kebab-case file name: src/machines/<file>.machine.ts exports `<file in camelCase>Machine` (and its type
   * in PascalCase), src/machines/<file>.selectors.ts its selectors, tests/machines/oracles/<file>.oracle.ts its oracle.
   */
  readonly file: string;
  /** One sentence for the charts index. */
  readonly description: string;
  /** tests/machines/<payloads>.payloads.ts holds `<id>ModelEntry` (default: `file`). */
  readonly payloads?: string;
  /** A child chart: the id of the chart that invokes it, whose logic provides it (no logic field of its own). */
  readonly parent?: string;
  /** Why the chart has no selectors module or no actors, where it has none. */
  readonly without?: Readonly<Partial<Record<'selectors' | 'actors', string>>>;
  /**
   * Where one of the chart's files is not where the area's names put it (docs/new-workflow.md's kinds): a path, the
   * messages key for `i18n`, or why there is none.
   */
  readonly files?: Readonly<Partial<Record<ListedKind, string | { readonly none: string }>>>;
}

/** The recipe's kinds that follow the area's names unless a chart's `files` says otherwise. */
export type ListedKind =
  | 'rules'
  | 'contract'
  | 'handler'
  | 'store'
  | 'views'
  | 'i18n'
  | 'machineTest'
  | 'viewWalk';

export interface WorkflowManifest {
  /** The area's one name (docs/new-workflow.md "One name per area"); the manifest is src/app/<area>.workflow.ts. */
  readonly area: string;
  /**
   * The layers where the area still goes by another name (docs/new-workflow.md "still named two ways"):
   * src/domain/<rules>.rules.ts, src/services/contract/<contract>.contract.ts, server/handlers/<handler>.handlers.ts,
   * server/store/<store>.store.ts, src/views/<views>/. A layer not given is named after the area.
   */
  readonly layers?: Readonly<Partial<Record<'rules' | 'contract' | 'handler' | 'store' | 'views', string>>>;
  readonly charts: readonly ChartManifest[];
  /**
   * The signed-in pages' workflows this area provides, field of `PageLogic` → the id of the chart it runs. The area's
   * actors module (src/app/<area>.actors.ts) then exports `pageLogic(api, deps)` returning those fields.
   */
  readonly pageLogic?: Readonly<Record<string, string>>;
  /**
   * The message keys only this area's pages read, top-level (`'debt'`) or deeper (`'purchase.categories'`): each goes
   * to the `public` part of the messages when the area has `publicLogic` (a public onboarding page; signed-in pages
   * fetch that part too), else to the `pages` part, so the login page downloads none of them. `npm run workflows`
   * writes src/i18n/public-keys.json and page-keys.json from them (scripts/lib/i18n-parts.cjs reads those; decisions
   * AR21). Keys the login page or the session's layout read are in no manifest: they stay in the `start` part or in
   * more-keys.json.
   */
  readonly messages?: readonly string[];
  /**
   * The signed-in pages this area draws, pattern of `SIGNED_IN_PAGES` (src/domain/page-routes.rules.ts) → the module
   * and export of its view, `'<module>#<Export>'`: a view module (`@/views/debt/debt-control.view#DebtPage`) or an
   * area's route module when several pages share one chunk (`./admin.routes#UserSearchRoute`). `npm run workflows`
   * writes the code-split route table from them (src/app/routes.generated.ts); one module and export named twice is
   * one chunk and one view (the orders list and one order).
   */
  readonly routes?: Readonly<Record<string, `${string}#${string}`>>;
  /**
   * The calls that serve one signed-in page only, call name (src/services/contract/endpoints.ts) → that page's pattern
   * (`SIGNED_IN_PAGES`): the reference server opens such a call exactly to whom the page opens, asking the shell's
   * route policy (`routeAccess`, docs/decisions.md AR8). `npm run workflows` writes them into server/page-of.generated.ts
   * (`PAGE_OF`, read by server/permissions.ts), typed by the endpoint table, so a call that does not exist does not
   * compile; a call two areas name is refused.
   */
  readonly pageCalls?: Readonly<Record<string, string>>;
  /** The workflows the login route needs from the start (`StartLogic`, built in src/app/app-logic.ts by hand). */
  readonly startLogic?: Readonly<Record<string, string>>;
  /** The public pages' workflows (`PublicLogic`, each loaded apart, src/app/public-logic.ts). */
  readonly publicLogic?: Readonly<Record<string, string>>;
}

/** Declares an area's manifest (typed; the value is returned as given). */
export function defineWorkflow<const M extends WorkflowManifest>(manifest: M): M {
  return manifest;
}
