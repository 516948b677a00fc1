import { errorCodeOf } from './error-code';
import type { StateMeta } from './state-meta';

/**
 * The list fragment: the pieces every list chart (debt, orders, numbers, AT 39 registrations, add-ons, employees,
 * pre-orders) writes the same way, written once (docs/decisions.md AR20). A chart imports it whole (`import * as
 * list`), names the actions in its own `setup({ actions })` and builds its states from the config helpers, so its
 * diagram, its action names and its events stay what they were; only the copies are gone.
 *
 * - `loadPage` / `loadPageOrEmpty`: the invoke of a `loading` state: the page goes into context through the chart's
 *   page action, a failure's catalogue code through its error action; the second gives an empty page its own state;
 * - `followParams`: a new filter, sort or page from the URL loads again, the same one changes nothing;
 * - `pageStates`: the page region's `loading`, `ready` and `failed` (retried by `list.retry`);
 * - `exportStarted`, `EXPORT_CLEARED`, `exportFailed` / `exportRegion`: the parallel region that exports the filtered
 *   list as CSV or XLSX; `exportingOf` / `exportErrorOf`: what the list's selectors read of that region.
 */

/** The file formats a list exports to. */
export type ListExportFormat = 'csv' | 'xlsx';

/** What a list chart's context keeps of its export. */
export interface ExportSlice {
  /** the format being (or last) exported */
  readonly exportFormat: ListExportFormat | null;
  /** catalogue code of the last failed export */
  readonly exportError: string | null;
}

/** A list chart's snapshot as the export region's selectors read it. */
export interface ExportSnapshot {
  hasTag(tag: 'exporting'): boolean;
  matches(value: { export: 'failed' }): boolean;
  readonly context: ExportSlice;
}

/** The format being exported while the export region runs (its `exporting` tag), else null. */
export const exportingOf = (s: ExportSnapshot): ListExportFormat | null =>
  s.hasTag('exporting') ? s.context.exportFormat : null;

/** The failed export's code while the region shows the failure, else null. */
export const exportErrorOf = (s: ExportSnapshot): string | null =>
  s.matches({ export: 'failed' }) ? s.context.exportError : null;

type Args<TContext> = { readonly context: TContext };

/** A page action's parameter: the actor's output. */
const pageOf = <T>({ event }: { event: { output: T } }) => ({ page: event.output });
/** An error action's parameter: the rejection, which the action turns into its catalogue code. */
const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

const paramsOf = <T>({ event }: { event: { params: T } }) => ({ params: event.params });

/**
 * The `params.changed` transitions of a list whose URL names its filter, sort and page: new parameters (the chart's
 * guard `isNewParams`) are kept (`assignParams`) and `loading` is entered again, which restarts its fetch; the same
 * parameters change nothing (`unchanged`: its `description` says so in the diagram, written at the call site so the
 * build strips it). Targeting the child from the region, not re-entering the region, so a running export in a
 * sibling region is not cancelled.
 */
export const followParams = (unchanged: { readonly description?: string }) =>
  [
    {
      guard: { type: 'isNewParams', params: paramsOf },
      target: '.loading',
      actions: { type: 'assignParams', params: paramsOf },
    },
    { ...unchanged },
  ] as const;

/** The catalogue code of a failed load into context through the chart's error action, and on to `failed`. */
const failTo = <const TError extends string>(error: TError) =>
  ({ target: 'failed', actions: { type: error, params: errorOf } }) as const;

/**
 * The invoke of a list's `loading` state; `src` is also the invoke's id. The actor's output is the `page` parameter
 * of the chart's `page` action and the state moves to `ready` (the chart's name for it in `ready`); a rejection is
 * the `error` parameter of its `error` action and the state moves to `failed`.
 */
export function loadPage<
  const TSrc extends string,
  TContext,
  TInput,
  const TPage extends string,
  const TError extends string,
>(
  src: TSrc,
  input: (args: Args<TContext>) => TInput,
  actions: { readonly page: TPage; readonly error: TError },
  ready = 'ready',
) {
  const onDone = { target: ready, actions: { type: actions.page, params: pageOf } } as const;
  return { id: src, src, input, onDone, onError: failTo(actions.error) } as const;
}

/**
 * `loadPage` for a list whose empty page has a state of its own: the page goes to `ready` when the chart's guard
 * `whenRows` (given the page) holds, to `empty` otherwise, through the same page action.
 */
export function loadPageOrEmpty<
  const TSrc extends string,
  TContext,
  TInput,
  const TPage extends string,
  const TError extends string,
  const TGuard extends string,
>(
  src: TSrc,
  input: (args: Args<TContext>) => TInput,
  actions: { readonly page: TPage; readonly error: TError; readonly whenRows: TGuard },
  ready = 'ready',
) {
  const page = { type: actions.page, params: pageOf } as const;
  const onDone = [
    { guard: { type: actions.whenRows, params: pageOf }, target: ready, actions: page },
    { target: 'empty', actions: page },
  ] as const;
  return { id: src, src, input, onDone, onError: failTo(actions.error) } as const;
}

/**
 * What the export region's three actions assign. A chart names them in its `setup({ actions })`, each a one-line
 * `assign` of these (xstate types an action by the chart's own context and events, so the `assign` stays there):
 * `assignExportFormat` → `exportStarted(format)`, `clearExport` → `EXPORT_CLEARED`, `assignExportError` →
 * `exportFailed(error)`.
 */
export const exportStarted = (format: ListExportFormat) => ({ exportFormat: format, exportError: null });
export const EXPORT_CLEARED = { exportFormat: null, exportError: null } as const;
export const exportFailed = (error: unknown) => ({ exportError: errorCodeOf(error) });

/**
 * The words of a state in the exported diagram, written at the call site as the chart writes any state's, so the
 * build's prose strip (scripts/lib/strip-descriptions.cjs) takes them out of the bundle there: what stays is `meta`'s
 * `testId`, where the chart's tests find the state's element.
 */
export interface StateWords {
  readonly description?: string;
  readonly meta?: StateMeta;
}

/** The words of a page region's three states; `ready` is the chart's whole state (its words, and any events or
 *  states it has). */
export interface PageStatesWords<TReady> {
  readonly loading: StateWords;
  readonly ready: TReady;
  readonly failed: StateWords;
}

/**
 * The states of a list's page region: `loading` (tag `busy`) runs the chart's `loadPage` invoke, then `ready`, the
 * chart's own; `failed` (tag `error`) shows the error, and `list.retry` loads again through the chart's clear action.
 */
export function pageStates<TLoad, const TReady extends object, const TClear extends string>(
  load: TLoad,
  words: PageStatesWords<TReady>,
  clear: TClear,
) {
  return {
    loading: { ...words.loading, tags: ['busy'], invoke: load },
    ready: words.ready,
    failed: { ...words.failed, tags: ['error'], on: { 'list.retry': { target: 'loading', actions: clear } } },
  } as const;
}

/** The export region's words: the region's and each state's; `guard`, a guard the first export waits for (e.g.
 *  something loaded) and what the diagram says of the export refused while it is false. */
export interface ExportRegionWords<TGuard extends string = never> {
  readonly region: StateWords;
  readonly idle: StateWords;
  readonly exporting: StateWords;
  readonly failed: StateWords;
  readonly guard?: { readonly type: TGuard; readonly otherwise: { readonly description?: string } };
}

const startExport = {
  target: 'exporting',
  actions: {
    type: 'assignExportFormat',
    params: ({ event }: { event: { format: ListExportFormat } }) => ({ format: event.format }),
  },
} as const;

/**
 * The parallel region `export`: `idle` → `exporting` (the chart's `src` actor, its id too) → back to `idle`, or
 * `failed`, from which the user exports again or dismisses the error. Tag `exporting` while the file is built.
 */
export function exportRegion<
  const TSrc extends string,
  TContext,
  TInput,
  const TGuard extends string = never,
>(src: TSrc, input: (args: Args<TContext>) => TInput, words: ExportRegionWords<TGuard>) {
  return {
    ...words.region,
    initial: 'idle',
    states: {
      idle: {
        ...words.idle,
        on: {
          'export.start': words.guard
            ? [{ ...startExport, guard: words.guard.type }, { ...words.guard.otherwise }]
            : startExport,
        },
      },
      exporting: {
        ...words.exporting,
        tags: ['exporting'],
        invoke: {
          id: src,
          src,
          input,
          onDone: { target: 'idle', actions: 'clearExport' },
          onError: { target: 'failed', actions: { type: 'assignExportError', params: errorOf } },
        },
      },
      failed: {
        ...words.failed,
        on: {
          'export.start': startExport,
          'export.dismiss': { target: 'idle', actions: 'clearExport' },
        },
      },
    },
  } as const;
}
