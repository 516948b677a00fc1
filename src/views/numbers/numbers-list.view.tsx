import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import {
  type FormEvent,
  memo,
  type RefObject,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { type ToggleAction, toggleActionFor } from '@/domain/block.rules';
import { NUMBER_TABS, type NumberTab } from '@/domain/constants';
import { formatCount } from '@/domain/count-format.rules';
import { phoneWord } from '@/domain/phone.rules';
import type { BlockRestoreRequest } from '@/machines/block-restore.machine';
import { selectIsDialogOpen } from '@/machines/block-restore.selectors';
import {
  type ExportFormat,
  type NumberItem,
  type NumbersMachine,
  type NumbersParams,
  sameParams,
} from '@/machines/numbers.machine';
import { connectNumbersList } from '@/machines/numbers.selectors';
import { BlockRestoreDialog } from '@/views/block-restore/block-restore-dialog.view';
import { whenPaintedAndIdle } from '@/views/common/after-paint';
import { ErrorRetry } from '@/views/common/error-retry.view';
import { ExportStatus, RefreshExportActions } from '@/views/common/export-status.view';
import { Pagination } from '@/views/common/pagination.view';
import { TabList, tabPanelProps } from '@/views/common/tabs.view';
import { useWorkflow } from '@/views/common/use-workflow';
import { useWorkflowActor } from '@/views/common/workflow-actor';
import { useWorkflowLogic } from '@/views/common/workflow-logic.context';
import { statusLabelKey } from '@/views/widgets/status.labels';
import { NumbersContext } from './numbers.context';
import { filterDigits, filterRejects, numbersSearch, parseNumbersSearch } from './numbers.url';
import './numbers.css';

/**
 * The list and its address (N2, N8). A change of the address (a reload, Back, a typed address) is the router's fact
 * for the machine. The address follows what the list draws: when the drawn tab, page or filter change (a click's page
 * is there, or late) and the address says otherwise, it is written once that frame is painted, as a new history entry
 * (Back works). An address this hook wrote is no news for the machine, which may have been asked for more since (a
 * click on the next page before the write); a write still waiting when the address changes otherwise is dropped.
 */
function useAddress(actor: ActorRefFrom<NumbersMachine>, drawn: NumbersParams): NumbersParams {
  const [url, go] = useNumbersUrl();
  const drawnKey = paramsKey(drawn);
  const urlKey = paramsKey(url);
  const written = useRef<string | null>(null);
  const seen = useRef({ drawnKey, urlKey });
  const latest = useRef({ drawn, url, go });
  useLayoutEffect(() => {
    latest.current = { drawn, url, go };
  });
  useEffect(() => {
    if (written.current === urlKey) {
      written.current = null;
      return;
    }
    const { status, page, q } = latest.current.url;
    actor.send({ type: 'params.changed', params: { status, page, q } });
  }, [actor, urlKey]);
  useEffect(() => {
    const drawnChanged = seen.current.drawnKey !== drawnKey;
    const urlChanged = seen.current.urlKey !== urlKey;
    seen.current = { drawnKey, urlKey };
    if (!drawnChanged || urlChanged || drawnKey === urlKey) return;
    return whenPaintedAndIdle(() => {
      written.current = drawnKey;
      latest.current.go(latest.current.drawn);
    });
  }, [drawnKey, urlKey]);
  return url;
}

const paramsKey = (p: NumbersParams) => `${p.status}|${p.page}|${p.q}`;

/** Tab, page and filter as the URL says them, plus a way to change them (pushes a history entry: Back works). */
function useNumbersUrl(): [NumbersParams, (next: NumbersParams) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = parseNumbersSearch(search);
  const go = useCallback(
    (next: NumbersParams) => navigate(`${location}?${numbersSearch(next, search)}`),
    [navigate, location, search],
  );
  return [params, go];
}

/** What the list needs to block and restore its numbers (U10); absent: the list offers no block or restore. */
export interface NumbersBlocking {
  readonly profileType: number;
  readonly companyName: string | null;
  /** The user may plan a block or restore for a later day (`mayManagePlans`, docs/decisions.md SP4). */
  readonly mayPlan?: boolean | undefined;
}

/**
 * The numbers of a BAN by status (spec 2), paged on the server. The URL is the source of truth for a reload, Back or
 * a typed address: this component reads it and tells the machine when it changes. A click tells the machine, and the
 * URL follows the page drawn (docs/decisions.md N8). With `blocking`, each active or
 * blocked row has its block/restore button and a checkbox; the selection is blocked or restored together through
 * the block/restore chart (one signature, one client/batch call; U10).
 */
export function NumbersList({
  ban,
  blocking,
}: {
  ban: string;
  blocking?: NumbersBlocking | null | undefined;
}) {
  const { numbers } = useWorkflowLogic();
  const [params] = useNumbersUrl();
  return (
    <NumbersContext.Provider key={ban} logic={numbers} input={{ ban, params }}>
      <NumbersSection ban={ban} blocking={blocking ?? null} />
    </NumbersContext.Provider>
  );
}

/** The selection of the page on screen: number → the action its status offers. */
type Selection = ReadonlyMap<string, ToggleAction>;

function NumbersSection({ ban, blocking }: { ban: string; blocking: NumbersBlocking | null }) {
  const { t } = useTranslation();
  const actor = NumbersContext.useActorRef();
  const { state, asked, drawn, shown, loading, current, listError, exporting, exportError } = useWorkflow(
    actor,
    connectNumbersList,
  );
  // N8: a click tells the machine only: the list draws what the machine draws (the page on screen until the next one
  // is there or late), and the address follows, so a quick answer is the click's one frame
  const change = useCallback(
    (next: NumbersParams) => actor.send({ type: 'params.changed', params: next }),
    [actor],
  );
  const url = useAddress(actor, drawn);
  const { status, page, q } = drawn;
  // stable for good, reading what the list asks for as last drawn (a click not yet answered included), so the
  // memoised tabs, filter and pagination are drawn again only when what they show changes
  const askedNow = useRef(asked);
  useLayoutEffect(() => {
    askedNow.current = asked;
  });
  const selectTab = useCallback(
    (tab: NumberTab) => change({ status: tab, page: 1, q: askedNow.current.q }),
    [change],
  );
  const filter = useCallback(
    (next: string) => change({ status: askedNow.current.status, page: 1, q: next }),
    [change],
  );
  const toPage = useCallback(
    (next: number) => change({ status: askedNow.current.status, page: next, q: askedNow.current.q }),
    [change],
  );

  const ready = current && shown !== null && sameParams(shown.params, drawn);

  // U15: a page past the last one (a typed or old address, ?page=100000) goes to the last page, replacing the entry
  const [location, navigate] = useLocation();
  const search = useSearch();
  const lastPage = shown && sameParams(shown.params, drawn) ? shown.totalPages : null;
  const addressSaysIt = sameParams(url, drawn);
  useEffect(() => {
    if (lastPage !== null && lastPage >= 1 && page > lastPage) {
      const next = { status, page: lastPage, q };
      actor.send({ type: 'params.changed', params: next });
      // an address naming that page is replaced; a page asked by a click has no entry yet: the last page's follows
      if (addressSaysIt) navigate(`${location}?${numbersSearch(next, search)}`, { replace: true });
    }
  }, [lastPage, page, status, q, actor, navigate, search, location, addressSaysIt]);

  // U10: block/restore of one row or of the selection, through the one block/restore chart
  const { blockRestore } = useWorkflowLogic();
  const blockActor = useWorkflowActor(blockRestore);
  const dialogOpen = useSelector(blockActor, selectIsDialogOpen);
  const [selection, setSelection] = useState<Selection>(new Map());
  const shownKey = shown ? paramsKey(shown.params) : '';
  // a new page, tab or filter starts with nothing selected (no new state, so no render, when nothing was selected)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names the rows on screen
  useEffect(() => setSelection((prev) => (prev.size === 0 ? prev : new Map())), [shownKey]);
  const wasOpen = useRef(false);
  useEffect(() => {
    // the dialog closed after a block or restore: the rows' statuses may have changed
    if (wasOpen.current && !dialogOpen) {
      setSelection(new Map());
      actor.send({ type: 'list.refresh' });
    }
    wasOpen.current = dialogOpen;
  }, [dialogOpen, actor]);
  const companyName = blocking?.companyName;
  const profileType = blocking?.profileType;
  const mayPlan = blocking?.mayPlan === true;
  const canBlock = blocking !== null;
  const press = useCallback(
    (action: ToggleAction, sns: readonly string[]) => {
      if (!canBlock || profileType === undefined || sns.length === 0) return;
      const request: BlockRestoreRequest = {
        action,
        sn: sns.length === 1 ? (sns[0] ?? null) : null,
        ...(sns.length > 1 ? { sns } : {}),
        ban,
        companyName: companyName ?? null,
        profileType,
        impersonating: false,
        mayPlan,
      };
      blockActor.send({ type: 'toggle.press', request });
    },
    [canBlock, ban, companyName, profileType, mayPlan, blockActor],
  );
  const toggleRow = useCallback(
    (sn: string, action: ToggleAction | null) =>
      setSelection((prev) => {
        const next = new Map(prev);
        if (next.has(sn) || action === null) next.delete(sn);
        else next.set(sn, action);
        return next;
      }),
    [],
  );
  const selectPage = useCallback(
    (rows: readonly NumberItem[], on: boolean) =>
      setSelection(() => {
        const next = new Map<string, ToggleAction>();
        if (on)
          for (const r of rows) {
            const a = toggleActionFor(r.status);
            if (a) next.set(r.sn, a);
          }
        return next;
      }),
    [],
  );
  const pressOne = useCallback((action: ToggleAction, sn: string) => press(action, [sn]), [press]);
  // stable while the selection and the dialog stay as they are, so the memoised table is not drawn again by renders
  // that change neither (the prefetch finishing after a tab switch, docs/decisions.md N6)
  const tableBlocking = useMemo<TableBlocking | null>(
    () =>
      canBlock
        ? {
            selection,
            busy: dialogOpen,
            onToggle: toggleRow,
            onSelectPage: selectPage,
            onPress: pressOne,
          }
        : null,
    [canBlock, selection, dialogOpen, toggleRow, selectPage, pressOne],
  );
  const toBlock = [...selection].filter(([, a]) => a === 'block').map(([sn]) => sn);
  const toRestore = [...selection].filter(([, a]) => a === 'restore').map(([sn]) => sn);
  // the selection bar's block and restore buttons differ only in their action, look and words
  const bulkButton = (
    action: ToggleAction,
    sns: readonly string[],
    className: string,
    label: 'ux.list.blockSelected' | 'ux.list.restoreSelected',
  ) =>
    sns.length > 0 ? (
      <button
        type="button"
        className={className}
        data-testid={`numbers-bulk-${action}`}
        aria-haspopup="dialog"
        disabled={dialogOpen}
        onClick={() => press(action, sns)}
      >
        {t(label, { n: sns.length })}
      </button>
    ) : null;

  return (
    <section
      className="numbers"
      id="numbers"
      aria-labelledby="numbers-title"
      data-testid="numbers-list"
      data-state={state}
      data-ready={ready ? 'true' : 'false'}
      data-status={shown?.params.status ?? ''}
    >
      <NumbersHead actor={actor} exporting={exporting} exportError={exportError} />

      <StatusTabs
        selected={asked.status}
        shown={status}
        counts={shown && shown.params.q === q ? (shown.counts ?? null) : null}
        onSelect={selectTab}
      />

      <div className="numbers__panel" {...tabPanelProps(TABS_ID, status)} aria-busy={loading}>
        <FilterForm q={q} onFilter={filter} />
        {listError ? (
          <ErrorRetry
            code={listError}
            title={t('numbers.loadFailed')}
            onRetry={() => actor.send({ type: 'list.retry' })}
            testId="numbers-load-error"
          />
        ) : null}
        {shown ? (
          <>
            <p className="numbers__total" data-testid="numbers-total">
              {t('numbers.total', { count: shown.total })}
            </p>
            {shown.rows.length === 0 ? (
              <p className="numbers__empty" data-testid="numbers-empty">
                {t('numbers.empty')}
              </p>
            ) : (
              <>
                {blocking && selection.size > 0 ? (
                  <div className="numbers__bulk" data-testid="numbers-bulk">
                    <span role="status">{t('ux.list.selected', { n: selection.size })}</span>
                    {bulkButton('block', toBlock, 'btn btn--danger', 'ux.list.blockSelected')}
                    {bulkButton('restore', toRestore, 'btn', 'ux.list.restoreSelected')}
                    <button
                      type="button"
                      className="btn btn--link"
                      data-testid="numbers-bulk-clear"
                      onClick={() => setSelection(new Map())}
                    >
                      {t('ux.list.clearSelection')}
                    </button>
                  </div>
                ) : null}
                {/* the frame's width decides between the table and one card per number (numbers.css): nothing
                    scrolls sideways, so the frame is no tab stop */}
                <div className="numbers__scroll" data-testid="numbers-scroll">
                  <NumbersTable rows={shown.rows} blocking={tableBlocking} />
                </div>
              </>
            )}
            <NumbersPagination
              page={page}
              pages={shown.totalPages}
              onPage={toPage}
              testId="numbers"
              withGoTo
              // a late page: the page count shown is the page before's, so no page is asked from it meanwhile
              disabled={loading}
            />
          </>
        ) : null}
      </div>
      {dialogOpen ? <BlockRestoreDialog actorRef={blockActor} /> : null}
    </section>
  );
}

/** The list's title, its refresh and export buttons and the export's status: memoised, so a new page (a tab switch)
 *  does not translate them again; they change only with the export. */
const NumbersHead = memo(function NumbersHead({
  actor,
  exporting,
  exportError,
}: {
  actor: ActorRefFrom<NumbersMachine>;
  exporting: ExportFormat | null;
  exportError: string | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="numbers__head">
        <h2 id="numbers-title">{t('numbers.title')}</h2>
        <RefreshExportActions
          className="numbers__actions"
          testIdBase="numbers"
          labels={{
            refresh: t('numbers.refresh'),
            csv: t('numbers.export.csv'),
            xlsx: t('numbers.export.xlsx'),
          }}
          exporting={exporting}
          onRefresh={() => actor.send({ type: 'list.refresh' })}
          onExport={(format) => actor.send({ type: 'export.start', format })}
        />
      </div>
      <ExportStatus
        busy={exporting !== null}
        busyText={t('numbers.exporting')}
        error={exportError}
        failedText={t('numbers.exportFailed')}
        onDismiss={() => actor.send({ type: 'export.dismiss' })}
        testId="numbers-export-error"
        classes={EXPORT_CLASSES}
      />
    </>
  );
});

/** The export's status line and error keep the list's own classes (numbers.css places them in the head). */
const EXPORT_CLASSES = { line: 'numbers__notice', error: 'alert-error' } as const;

/** Prefix of the status tabs' and their panel's ids (`numbers-tab-<status>`, `numbers-panel`). */
const TABS_ID = 'numbers';

/** What the table needs for the per-row block/restore and the selection (U10). */
interface TableBlocking {
  readonly selection: Selection;
  readonly busy: boolean;
  readonly onToggle: (sn: string, action: ToggleAction | null) => void;
  readonly onSelectPage: (rows: readonly NumberItem[], on: boolean) => void;
  readonly onPress: (action: ToggleAction, sn: string) => void;
}

/** The shared pagination, memoised: drawn again only when the page, the page count or the URL change. */
const NumbersPagination = memo(Pagination);

interface StatusTabsProps {
  /** The tab the list asks for (a click's, before its page is there): the shared tab list's `selected`. */
  readonly selected: NumberTab;
  /** The tab drawn (marked): the shared tab list's `shown`. */
  readonly shown: NumberTab;
  /** U19: how many numbers each tab lists ('Активные · 9 603'), when known */
  readonly counts: Readonly<Record<NumberTab, number>> | null;
  readonly onSelect: (tab: NumberTab) => void;
}

/** The tabs show the same: the next page of the same filter brings a new counts object, most often the same numbers. */
function sameTabs(a: StatusTabsProps, b: StatusTabsProps): boolean {
  const same =
    a.counts === b.counts ||
    (a.counts !== null &&
      b.counts !== null &&
      NUMBER_TABS.every((tab) => a.counts?.[tab] === b.counts?.[tab]));
  return same && a.selected === b.selected && a.shown === b.shown && a.onSelect === b.onSelect;
}

/** The four status tabs (the shared WAI-ARIA tabs: arrow keys, Home and End move between them). */
const StatusTabs = memo(function StatusTabs({ selected, shown, counts, onSelect }: StatusTabsProps) {
  const { t } = useTranslation();
  return (
    <TabList
      label={t('numbers.tabs.label')}
      items={NUMBER_TABS.map((tab) => ({
        key: tab,
        label: counts
          ? `${t(`numbers.tabs.${tab}`)} · ${formatCount(counts[tab])}`
          : t(`numbers.tabs.${tab}`),
      }))}
      selected={selected}
      shown={shown}
      onSelect={onSelect}
      idBase={TABS_ID}
      tabTestId="numbers-tab"
    />
  );
}, sameTabs);

/**
 * Digits filter; submitting asks for it (page 1), and the URL follows (N8). The field follows what is drawn (Back
 * restores it). What it
 * accepts is said under it; letters or other signs are refused with a field message naming them, and what was typed
 * stays (U15).
 */
const FilterForm = memo(function FilterForm({ q, onFilter }: { q: string; onFilter: (q: string) => void }) {
  const { t } = useTranslation();
  const [rejected, setRejected] = useState<string[]>([]);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const raw = new FormData(e.currentTarget).get('q');
    const value = typeof raw === 'string' ? raw : '';
    const bad = filterRejects(value);
    setRejected(bad);
    if (bad.length === 0) onFilter(filterDigits(value));
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: the <search> element is unknown to jsdom and older browsers; role=search is the same landmark everywhere
    <div role="search">
      <form className="numbers__filter" onSubmit={onSubmit} data-testid="numbers-filter">
        <label htmlFor="numbers-q">{t('numbers.filter')}</label>
        <input
          key={q}
          id="numbers-q"
          name="q"
          type="search"
          inputMode="numeric"
          autoComplete="off"
          maxLength={40}
          placeholder={t('numbers.filterPlaceholder')}
          defaultValue={q}
          aria-invalid={rejected.length > 0 ? true : undefined}
          aria-describedby={rejected.length > 0 ? 'numbers-q-hint numbers-q-error' : 'numbers-q-hint'}
        />
        <button type="submit" className="btn">
          {t('numbers.applyFilter')}
        </button>
        {q !== '' ? (
          <button type="button" className="btn btn--link" onClick={() => onFilter('')}>
            {t('app.reset')}
          </button>
        ) : null}
        <p className="numbers__filter-hint" id="numbers-q-hint" data-testid="numbers-filter-hint">
          {t('ux.filter.hint')}
        </p>
        {rejected.length > 0 ? (
          <p
            className="field__error numbers__filter-hint"
            id="numbers-q-error"
            role="alert"
            data-testid="numbers-filter-error"
          >
            {t('ux.filter.invalid', { chars: rejected.join(' ') })}
          </p>
        ) : null}
      </form>
    </div>
  );
});

/** A table row is at least this tall (one line of text and its padding): until the rows on screen have been measured,
 *  the frame that shows a new page draws as many rows as the window can show at this height. */
const ROW_MIN_PX = 36;

/** Heights of the rows last drawn: the shortest (how many rows a window can show at most) and the average (the room
 *  the rows still to come are given); and where the rows start, from the top of the document (what is above them takes
 *  that much of the window). */
interface RowHeights {
  readonly min: number;
  readonly average: number;
  readonly top: number;
}

/** Measures the drawn rows of `body`; called once they are painted, so reading their boxes forces no layout. */
function measureRows(body: HTMLTableSectionElement | null): RowHeights | null {
  // rows kept hidden while a page is staged measure 0: only the rows on screen count
  const heights = [...(body?.querySelectorAll('[data-testid="numbers-row"]') ?? [])]
    .map((row) => row.getBoundingClientRect().height)
    .filter((height) => height > 0);
  const min = Math.min(...heights);
  if (!body || heights.length === 0 || !(min > 0)) return null;
  return {
    min,
    average: heights.reduce((a, b) => a + b, 0) / heights.length,
    top: body.getBoundingClientRect().top + window.scrollY,
  };
}

/**
 * The rows to draw now. A new page draws as many rows as the window can show below their top in the frame that shows
 * it, and the rest of the page in a transition once that frame is painted: the whole page in one frame was 100 rows of
 * React work and their layout before anything showed (docs/benchmarks.md, tab switch). Until then `rest` rows are
 * still to come, and `restPx` is the room they are given, so the page keeps its height and scroll position meanwhile.
 *
 * Meanwhile the rows of the page before stay in their places after the drawn ones, unchanged (so React does not draw
 * them again) and hidden from `cut` on (CSS: the row at `cut` and its next siblings): removing them in the frame that
 * shows the new page and creating them again once it is painted was most of that frame's commit.
 */
function useStagedRows(
  rows: readonly NumberItem[],
  body: RefObject<HTMLTableSectionElement | null>,
): { drawn: readonly NumberItem[]; rest: number; restPx: number; cut: number | null } {
  // the rows in the table's places, as last committed
  const placed = useRef<readonly NumberItem[]>([]);
  // which rows are drawn in full: a new page (even one drawn in full before, as a kept page comes back) starts again
  const [page, setPage] = useState({ rows, complete: false });
  if (page.rows !== rows) setPage({ rows, complete: false });
  const heights = useRef<RowHeights | null>(null);
  const viewport = typeof window === 'undefined' ? 0 : window.innerHeight;
  // the part of the window below the rows' top (all of it until they have been measured); at least one row
  const above = heights.current ? Math.max(0, heights.current.top - window.scrollY) : 0;
  const first = Math.max(1, Math.ceil((viewport - above) / (heights.current?.min ?? ROW_MIN_PX)));
  // a keyboard user on a row's checkbox or button keeps it: with the focus in the rows, a new page is drawn at once
  // (the rows are reused by position, so nothing focused is removed)
  const focusInRows =
    typeof document !== 'undefined' && body.current?.contains(document.activeElement) === true;
  const staged = !(page.rows === rows && page.complete) && first > 0 && rows.length > first && !focusInRows;
  useEffect(() => {
    if (!staged) return;
    return whenPaintedAndIdle(() => {
      heights.current = measureRows(body.current) ?? heights.current;
      startTransition(() => setPage((now) => (now.rows === rows ? { rows, complete: true } : now)));
    });
  }, [rows, staged, body]);
  const drawn = staged ? [...rows.slice(0, first), ...placed.current.slice(first, rows.length)] : rows;
  useLayoutEffect(() => {
    placed.current = drawn;
  });
  if (!staged) return { drawn, rest: 0, restPx: 0, cut: null };
  const rest = rows.length - first;
  return {
    drawn,
    rest,
    restPx: rest * (heights.current?.average ?? ROW_MIN_PX),
    cut: drawn.length > first ? first : null,
  };
}

/**
 * The rows of the page on screen. Memoised on the rows array (it changes only when a new page is shown), so the
 * renders of a tab switch that only mark the tab or the busy state do not rebuild 100 rows. A new page is drawn in
 * two steps (`useStagedRows`); the table is `aria-busy` until its last row is there.
 */
const NumbersTable = memo(function NumbersTable({
  rows,
  blocking,
}: {
  rows: readonly NumberItem[];
  blocking: TableBlocking | null;
}) {
  const { t } = useTranslation();
  const body = useRef<HTMLTableSectionElement>(null);
  const { drawn, rest, restPx, cut } = useStagedRows(rows, body);
  // a page holds a handful of distinct statuses: translate each once, not once per row
  const labels = new Map<string, string>();
  const statusLabel = (code: NumberItem['status']) => {
    let label = labels.get(code);
    if (label === undefined) {
      label = t(statusLabelKey(code));
      labels.set(code, label);
    }
    return label;
  };
  const busy = blocking?.busy;
  const onToggle = blocking?.onToggle;
  const onPress = blocking?.onPress;
  // what every row's block/restore needs, stable while the selection changes: a checkbox redraws its own row only
  const rowBlocking = useMemo<RowBlocking | null>(
    () =>
      busy !== undefined && onToggle && onPress
        ? {
            busy,
            onToggle,
            onPress,
            blockText: t('ux.list.rowBlock'),
            restoreText: t('ux.list.rowRestore'),
            selectLabel: numberLabel(t, 'ux.list.select'),
            blockLabel: numberLabel(t, 'ux.list.rowBlockLabel'),
            restoreLabel: numberLabel(t, 'ux.list.rowRestoreLabel'),
          }
        : null,
    [busy, onToggle, onPress, t],
  );
  return (
    <table
      className={blocking ? 'numbers__table numbers__table--blocking' : 'numbers__table'}
      data-testid="numbers-table"
      aria-busy={rest > 0 ? true : undefined}
      // the rows still to come take their room meanwhile: the page keeps its height and its scroll position
      style={rest > 0 ? { marginBottom: `${Math.round(restPx)}px` } : undefined}
    >
      <thead>
        <tr>
          <th scope="col">
            {blocking ? (
              <input
                type="checkbox"
                className="numbers__check"
                data-testid="numbers-select-page"
                aria-label={t('ux.list.selectPage')}
                checked={
                  blocking.selection.size > 0 &&
                  rows.every((r) => toggleActionFor(r.status) === null || blocking.selection.has(r.sn))
                }
                onChange={(e) => blocking.onSelectPage(rows, e.currentTarget.checked)}
              />
            ) : null}
            {t('numbers.columns.number')}
          </th>
          <th scope="col">{t('numbers.columns.status')}</th>
          <th scope="col">{t('numbers.columns.tariff')}</th>
          <th scope="col">{t('numbers.columns.employee')}</th>
          {blocking ? (
            <th scope="col" className="numbers__action-col">
              {t('ux.list.actions')}
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody ref={body}>
        {drawn.map((row, i) => (
          // Keyed by position: a row holds nothing but text, so a new page reuses the rows on screen and only their
          // texts change, instead of removing and creating them on every tab or page switch.
          <NumberRow
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are stateless text; reusing them by position is the point
            key={i}
            row={row}
            cut={i === cut}
            status={statusLabel(row.status)}
            blocking={rowBlocking}
            selected={blocking?.selection.has(row.sn) ?? false}
          />
        ))}
      </tbody>
    </table>
  );
});

/** What each row needs for its block/restore (U10); the same object for every row while nothing of it changes. */
interface RowBlocking {
  readonly busy: boolean;
  readonly onToggle: (sn: string, action: ToggleAction | null) => void;
  readonly onPress: (action: ToggleAction, sn: string) => void;
  /** The rows' button texts, translated once per table rather than once per row. */
  readonly blockText: string;
  readonly restoreText: string;
  /** The rows' labels that name their number, translated once per table too (`numberLabel`). */
  readonly selectLabel: (number: string) => string;
  readonly blockLabel: (number: string) => string;
  readonly restoreLabel: (number: string) => string;
}

/**
 * A text with the `{{number}}` placeholder, translated once: each row puts its number in. i18next's interpolation
 * per row was a fifth of a tab switch's script at 4× CPU (two labels × the rows drawn).
 */
function numberLabel(
  t: TFunction,
  key: 'ux.list.select' | 'ux.list.rowBlockLabel' | 'ux.list.rowRestoreLabel',
): (number: string) => string {
  const mark = '\u0001';
  const parts = t(key, { number: mark }).split(mark);
  return (number) => parts.join(number);
}

/**
 * One number. Memoised: the rows already on screen are not drawn again when the rest of a page follows, nor when
 * another row's checkbox changes.
 */
const NumberRow = memo(function NumberRow({
  row,
  cut,
  status,
  blocking,
  selected,
}: {
  row: NumberItem;
  /** The first of the rows of the page before, kept hidden (with the rows after it) until the rest of the new page is
   *  drawn (`useStagedRows`). */
  cut: boolean;
  /** The status name, translated. */
  status: string;
  blocking: RowBlocking | null;
  selected: boolean;
}) {
  const number = phoneWord(row.sn);
  const action = blocking ? toggleActionFor(row.status) : null;
  return (
    <tr
      data-testid="numbers-row"
      data-sn={row.sn}
      data-status-code={row.status}
      className={cut ? 'numbers__cut' : undefined}
    >
      <td>
        {blocking ? (
          <input
            type="checkbox"
            className="numbers__check"
            data-testid="numbers-select"
            aria-label={blocking.selectLabel(number)}
            disabled={action === null}
            checked={selected}
            onChange={() => blocking.onToggle(row.sn, action)}
          />
        ) : null}
        {number}
      </td>
      <td>{status}</td>
      <td>{row.pricePlan ?? ''}</td>
      <td>{row.name ?? ''}</td>
      {blocking ? (
        <td>
          {action !== null ? (
            // the block or restore button of an active or a blocked number (spec 4 "Toggle"; U10)
            <button
              type="button"
              className={action === 'block' ? 'btn btn--small btn--danger' : 'btn btn--small'}
              data-testid="numbers-row-action"
              data-action={action}
              aria-haspopup="dialog"
              aria-label={action === 'block' ? blocking.blockLabel(number) : blocking.restoreLabel(number)}
              disabled={blocking.busy}
              onClick={() => blocking.onPress(action, row.sn)}
            >
              {action === 'block' ? blocking.blockText : blocking.restoreText}
            </button>
          ) : null}
        </td>
      ) : null}
    </tr>
  );
});
