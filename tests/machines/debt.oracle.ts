/**
 * Expected behaviour of the debt-control chart, written from the spec and docs/decisions.md ("Debt control", DC1-DC8),
 * not from the machine: per region, state × event × guard outcome → target, context change, actor input. Plain
 * data; tests/machines/debt.oracle.test.ts checks every generated path and every edge of the explored graph
 * against it.
 *
 * Vocabulary:
 * - `from`: a leaf of `region`, or '*' for every leaf; `to`: a leaf, or 'same' (the region does not move).
 * - `when`: the guard outcome the row is about, computed by the test from the previous context and the event:
 *   'newParams' / 'sameParams' (the URL asks for other / the same filter, sort and page), 'sent' / 'unsent' (the
 *   loaded notice has / has no sender).
 * - `context`: fields of the context after the step. Values: literals, or `$event.<field>`, `$output`, `$errorCode`
 *   (the catalogue code of the actor's error), `$ctx.<field>` (unchanged from before), `$shown` (the page with the
 *   params it was loaded for), `$shownWithNotice` (the page with the notice's account row replaced).
 * - `input`: the actor started by the step and the input it must get; `$ctx.<field>` reads the context after it.
 * - A (region, state, event) with no row leaves that region and the context as they are. Other regions never move.
 */

export type Region = 'list' | 'notice' | 'export';
export type GuardCase = 'newParams' | 'sameParams' | 'sent' | 'unsent';

export interface OracleRow {
  readonly region: Region;
  readonly from: string;
  readonly event: string;
  readonly when?: GuardCase;
  readonly to: string;
  readonly context?: Readonly<Record<string, unknown>>;
  readonly input?: { readonly actor: string; readonly value: Readonly<Record<string, unknown>> };
  /** The spec line or decision the row comes from. */
  readonly cite: string;
}

const fetchDebts = { actor: 'fetchDebts', value: { params: '$ctx.params', fresh: '$ctx.fresh' } };
const fetchNotice = { actor: 'fetchNotice', value: { ban: '$ctx.ban' } };
const markNoticeSent = { actor: 'markNoticeSent', value: { ban: '$ctx.ban' } };
const downloadNotice = { actor: 'downloadNotice', value: { ban: '$ctx.ban' } };
const exportDebts = { actor: 'exportDebts', value: { params: '$ctx.params', format: '$event.format' } };

/** States of the notice region in which a notice call is running (opening or closing another is ignored). */
export const NOTICE_BUSY = ['marking', 'downloading'] as const;
const NOTICE_IDLE = [
  'closed',
  'loading',
  'loadFailed',
  'unsent',
  'markFailed',
  'sent',
  'downloadFailed',
] as const;

export const debtOracle: readonly OracleRow[] = [
  // ── list: the overdue accounts the URL asks for ─────────────────────────────────────────────────────────
  {
    region: 'list',
    from: 'loading',
    event: 'xstate.done.actor.fetchDebts',
    to: 'ready',
    context: { shown: '$shown', listError: null, fresh: false },
    cite: 'DC2 (list of overdue accounts: BAN, company, debt, days overdue, last payment)',
  },
  {
    region: 'list',
    from: 'loading',
    event: 'xstate.error.actor.fetchDebts',
    to: 'failed',
    context: { listError: '$errorCode', shown: '$ctx.shown' },
    cite: 'spec 8 "a status other than OKOK shows an error"; DC6 (every failure kept as a code, retry)',
  },
  {
    region: 'list',
    from: 'failed',
    event: 'list.retry',
    to: 'loading',
    context: { listError: null },
    input: fetchDebts,
    cite: 'DC6 (retry after a failed load)',
  },
  {
    region: 'list',
    from: '*',
    event: 'params.changed',
    when: 'newParams',
    to: 'loading',
    context: { params: '$event.params', fresh: false },
    input: fetchDebts,
    cite: 'DC3 (filter, sort and page live in the URL; a change loads that page)',
  },
  {
    region: 'list',
    from: '*',
    event: 'params.changed',
    when: 'sameParams',
    to: 'same',
    context: { params: '$ctx.params' },
    cite: 'DC3 (the URL asking again for what is shown loads nothing)',
  },
  {
    region: 'list',
    from: '*',
    event: 'list.refresh',
    to: 'loading',
    context: { fresh: true },
    input: fetchDebts,
    cite: 'DC3 (reload from the server)',
  },

  // ── notice: one account's notice in Russian and Uzbek ───────────────────────────────────────────────────
  ...NOTICE_IDLE.map(
    (from): OracleRow => ({
      region: 'notice',
      from,
      event: 'notice.open',
      to: 'loading',
      context: { ban: '$event.ban', notice: null, noticeError: null },
      input: fetchNotice,
      cite: 'issue: "a notice per account (text in Russian and Uzbek)"; DC4',
    }),
  ),
  ...NOTICE_IDLE.map(
    (from): OracleRow => ({
      region: 'notice',
      from,
      event: 'notice.close',
      to: 'closed',
      context: { ban: null, notice: null, noticeError: null },
      cite: 'DC4 (the panel closes)',
    }),
  ),
  ...NOTICE_BUSY.flatMap((from): OracleRow[] =>
    ['notice.open', 'notice.close'].map((event) => ({
      region: 'notice',
      from,
      event,
      to: 'same',
      context: { ban: '$ctx.ban', notice: '$ctx.notice' },
      cite: 'DC5 (a notice call that changes or fetches a file is not abandoned half-way)',
    })),
  ),
  {
    region: 'notice',
    from: 'loading',
    event: 'xstate.done.actor.fetchNotice',
    when: 'unsent',
    to: 'unsent',
    context: { notice: '$output', noticeError: null, shown: '$shownWithNotice' },
    cite: 'DC4 (a notice not yet sent is a draft dated today that may be marked as sent)',
  },
  {
    region: 'notice',
    from: 'loading',
    event: 'xstate.done.actor.fetchNotice',
    when: 'sent',
    to: 'sent',
    context: { notice: '$output', noticeError: null, shown: '$shownWithNotice' },
    cite: 'DC5 (a sent notice shows who and when, and downloads as a PDF)',
  },
  {
    region: 'notice',
    from: 'loading',
    event: 'xstate.error.actor.fetchNotice',
    to: 'loadFailed',
    context: { noticeError: '$errorCode' },
    cite: 'DC6',
  },
  {
    region: 'notice',
    from: 'loadFailed',
    event: 'notice.retry',
    to: 'loading',
    context: { noticeError: null },
    input: fetchNotice,
    cite: 'DC6',
  },
  {
    region: 'notice',
    from: 'unsent',
    event: 'notice.markSent',
    to: 'marking',
    input: markNoticeSent,
    cite: 'issue: "a notice per account … that the operator can mark as sent"',
  },
  {
    region: 'notice',
    from: 'marking',
    event: 'xstate.done.actor.markNoticeSent',
    to: 'sent',
    context: { notice: '$output', noticeError: null, shown: '$shownWithNotice' },
    cite: 'issue: "mark as sent produces a dated notice"; DC5 (the list row shows it at once)',
  },
  {
    region: 'notice',
    from: 'marking',
    event: 'xstate.error.actor.markNoticeSent',
    to: 'markFailed',
    context: { noticeError: '$errorCode', notice: '$ctx.notice' },
    cite: 'DC6 (the draft stays; try again)',
  },
  {
    region: 'notice',
    from: 'markFailed',
    event: 'notice.markSent',
    to: 'marking',
    context: { noticeError: null },
    input: markNoticeSent,
    cite: 'DC6',
  },
  {
    region: 'notice',
    from: 'sent',
    event: 'notice.download',
    to: 'downloading',
    input: downloadNotice,
    cite: 'issue: "a dated notice in Russian and Uzbek that downloads as a PDF"',
  },
  {
    region: 'notice',
    from: 'downloading',
    event: 'xstate.done.actor.downloadNotice',
    to: 'sent',
    cite: 'DC5',
  },
  {
    region: 'notice',
    from: 'downloading',
    event: 'xstate.error.actor.downloadNotice',
    to: 'downloadFailed',
    context: { noticeError: '$errorCode' },
    cite: 'DC6; spec 8 (E009 resets the session through the API client)',
  },
  {
    region: 'notice',
    from: 'downloadFailed',
    event: 'notice.download',
    to: 'downloading',
    context: { noticeError: null },
    input: downloadNotice,
    cite: 'DC6',
  },

  // ── export of the filtered list ─────────────────────────────────────────────────────────────────────────
  ...(['idle', 'failed'] as const).map(
    (from): OracleRow => ({
      region: 'export',
      from,
      event: 'export.start',
      to: 'exporting',
      context: { exportFormat: '$event.format', exportError: null },
      input: exportDebts,
      cite: 'issue: "sortable and filterable, with CSV/XLSX export"; DC7 (all pages of the filter)',
    }),
  ),
  {
    region: 'export',
    from: 'exporting',
    event: 'xstate.done.actor.exportDebts',
    to: 'idle',
    context: { exportFormat: null, exportError: null },
    cite: 'DC7',
  },
  {
    region: 'export',
    from: 'exporting',
    event: 'xstate.error.actor.exportDebts',
    to: 'failed',
    context: { exportError: '$errorCode' },
    cite: 'DC6, DC7',
  },
  {
    region: 'export',
    from: 'failed',
    event: 'export.dismiss',
    to: 'idle',
    context: { exportFormat: null, exportError: null },
    cite: 'DC6 (the error can be closed)',
  },
];
