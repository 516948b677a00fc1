import { createContext, type ReactNode, use, useCallback, useContext, useEffect, useState } from 'react';
import type { ActorOptions, ActorSystem, AnyActorLogic } from 'xstate';
import type { GoldenOffer } from '@/domain/golden.rules';
import type { NewClientMachine } from '@/machines/new-client.machine';
import type { NewNumbersMachine } from '@/machines/new-numbers.machine';
import type { NotificationsMachine } from '@/machines/notifications.machine';
import type { SessionMachine } from '@/machines/session.machine';
import type { GeneratedPageLogic } from './page-logic.generated';

/**
 * Options of the actor system's root: `clock` for delayed transitions (timers, countdowns), the real one unless a test
 * gives xstate's `SimulatedClock` (a view walk moves time on by the delay instead of waiting for it) or the prerender
 * one that never fires; `inspect`, an inspector from the system's start (tests record what the views send with it,
 * tests/support/view-sends.ts; `connect` comes too late for what a page sends as it mounts).
 */
export type SystemOptions = Pick<ActorOptions<AnyActorLogic>, 'clock' | 'inspect'>;

/** The workflows every route needs from the start (the login route included): mounted by `AppProviders`. */
export interface StartLogic {
  readonly session: SessionMachine;
  readonly notifications: NotificationsMachine;
  /**
   * Connects what is outside every chart to the running actor system (the API client's E009 to the session); returns
   * the disconnect. Called once when the system starts.
   */
  // biome-ignore lint/suspicious/noExplicitAny: the system's actors are of every workflow's type
  readonly connect?: (system: ActorSystem<any>) => () => void;
  /** The actor system's root options (`SystemOptions`). */
  readonly actor?: SystemOptions;
}

/**
 * The workflows only signed-in pages use: in production loaded as their own chunk when a page first asks. One field
 * per workflow, written from the areas' manifests (src/app/<area>.workflow.ts, `npm run workflows`, decisions AR19).
 */
export interface PageLogic extends GeneratedPageLogic {
  /** the golden-number choice kept for a user in this tab (docs/decisions.md GN14), none when there is none */
  readonly readGoldenChoice: (key: string) => readonly GoldenOffer[];
}

/**
 * The workflows of the public pages (new-client, new-numbers): each loaded as its own chunk when its page first asks,
 * never together with the signed-in page workflows nor with each other (the pages' script budget,
 * tests/e2e/budget.e2e.ts).
 */
export interface PublicLogic {
  readonly newClient: NewClientMachine;
  readonly newNumbers: NewNumbersMachine;
}

/** One loader per public page's workflow. */
export type PublicLogicLoaders = { readonly [K in keyof PublicLogic]: () => Promise<PublicLogic[K]> };

/**
 * Every workflow's chart, provided with its actors: real ones from `createAppLogic` (src/app/app-logic.ts), fakes in
 * tests (tests/support/render-workflow.tsx). One field per workflow; a new workflow adds its field to `PageLogic` (or
 * `StartLogic` if the login route needs it) and to `createAppLogic` (docs/new-workflow.md).
 */
export interface WorkflowLogic extends StartLogic, PageLogic {}

/**
 * What `createAppLogic` returns: the start workflows, and the page workflows behind one loader, so that their charts,
 * actors and wire mappers are not in the scripts of the login route (docs/benchmarks.md).
 */
export interface AppLogic extends StartLogic {
  readonly loadPageLogic: () => Promise<PageLogic>;
  /** The public pages' workflows, each loaded apart from the page workflows and from the other (PublicLogic). */
  readonly loadPublicLogic?: PublicLogicLoaders;
}

/**
 * What the public root (src/app/public-app.tsx, docs/decisions.md NC15) provides: the public pages' loaders only. A
 * signed-in page's workflow asked for under it is an error: that root never renders such a page.
 */
export interface PublicRootLogic {
  readonly loadPublicLogic: PublicLogicLoaders;
  /** The actor system's root options, as `StartLogic`'s (the build's prerender gives a clock that never fires). */
  readonly actor?: SystemOptions;
}

/**
 * Either all of it at once (tests, with the public pages' logic), the production shape with a loader, or the public
 * root's public pages only.
 */
export type ProvidedLogic = AppProvidedLogic | PublicRootLogic;
/** What the app's providers mount (src/app/app-providers.tsx): the app-wide workflows and the rest. */
export type AppProvidedLogic = WorkflowLogic | (WorkflowLogic & PublicLogic) | AppLogic;

/**
 * The whole logic as a promise that React's `use` reads: settled at once when the value is all there (tests), else
 * made on the first ask and marked settled when the page logic arrives, so that later reads do not suspend.
 */
type LogicPromise = Promise<WorkflowLogic>;

interface LogicSource {
  ready: boolean;
  load: () => LogicPromise;
  /** the whole logic once it is in, else null (never loads) */
  peek: () => WorkflowLogic | null;
}

const sources = new WeakMap<ProvidedLogic, LogicSource>();

/** A promise React's `use` reads without suspending. */
function settled<T>(value: T): Promise<T> {
  return markSettled(Promise.resolve(value), value);
}

/** Marks an asked promise as settled with `value`, so that React's `use` reads it without suspending. The same
 *  object, not a settled copy: a view React replays after it suspended must be handed the promise it suspended on
 *  (docs/decisions.md LB17). */
function markSettled<T>(promise: Promise<T>, value: T): Promise<T> {
  return Object.assign(promise, { status: 'fulfilled' as const, value });
}

function sourceOf(value: ProvidedLogic): LogicSource {
  const known = sources.get(value);
  if (known) return known;
  let source: LogicSource;
  if ('loadPageLogic' in value) {
    const { loadPageLogic, ...start } = value;
    let pending: LogicPromise | null = null;
    let loaded: WorkflowLogic | null = null;
    source = {
      ready: false,
      peek: () => loaded,
      load: () => {
        pending ??= loadPageLogic().then(
          (pages) => {
            const logic = { ...start, ...pages };
            if (pending) markSettled(pending, logic);
            loaded = logic;
            source.ready = true;
            return logic;
          },
          (error: unknown) => {
            // a failed chunk is tried again by the next render that asks (e.g. after the network is back)
            pending = null;
            throw error;
          },
        );
        return pending;
      },
    };
  } else if (!('session' in value)) {
    const refused = Promise.reject(new Error('the public root provides no signed-in workflow'));
    refused.catch(() => {});
    source = { ready: true, load: () => refused, peek: () => null };
  } else {
    const all = settled(value);
    source = { ready: true, load: () => all, peek: () => value };
  }
  sources.set(value, source);
  return source;
}

const WorkflowLogicContext = createContext<LogicSource | null>(null);

/** A public page's logic, loaded once on its first ask (or settled at once in tests). */
type PublicSource = <K extends keyof PublicLogic>(name: K) => Promise<PublicLogic[K]>;
const publicSources = new WeakMap<ProvidedLogic, PublicSource>();

function publicSourceOf(value: ProvidedLogic): PublicSource {
  const known = publicSources.get(value);
  if (known) return known;
  let load: PublicSource;
  if ('loadPublicLogic' in value) {
    const pending = new Map<keyof PublicLogic, Promise<unknown>>();
    load = <K extends keyof PublicLogic>(name: K): Promise<PublicLogic[K]> => {
      let promise = pending.get(name) as Promise<PublicLogic[K]> | undefined;
      if (promise === undefined) {
        const loader = value.loadPublicLogic?.[name] as (() => Promise<PublicLogic[K]>) | undefined;
        const asked: Promise<PublicLogic[K]> = (
          loader ?? (() => Promise.reject(new Error('no public logic')))
        )().then(
          (logic) => {
            markSettled(asked, logic);
            return logic;
          },
          (error: unknown) => {
            pending.delete(name);
            throw error;
          },
        );
        promise = asked;
        pending.set(name, promise);
      }
      return promise;
    };
  } else if ('newClient' in value) {
    const all = value as PublicLogic;
    // one promise per name: a view React replays after a sibling suspended must be handed the same one again
    const given = new Map<keyof PublicLogic, Promise<unknown>>();
    load = <K extends keyof PublicLogic>(name: K): Promise<PublicLogic[K]> => {
      let promise = given.get(name) as Promise<PublicLogic[K]> | undefined;
      if (promise === undefined) {
        promise = settled(all[name]);
        given.set(name, promise);
      }
      return promise;
    };
  } else {
    load = () => Promise.reject(new Error('no public logic given to the providers'));
  }
  publicSources.set(value, load);
  return load;
}

const PublicLogicContext = createContext<PublicSource | null>(null);

/** Mounted once by `AppProviders` (src/app/app-providers.tsx); tests mount the same providers. */
export function WorkflowLogicProvider({ value, children }: { value: ProvidedLogic; children: ReactNode }) {
  return (
    <WorkflowLogicContext.Provider value={sourceOf(value)}>
      <PublicLogicContext.Provider value={publicSourceOf(value)}>{children}</PublicLogicContext.Provider>
    </WorkflowLogicContext.Provider>
  );
}

/**
 * A public page's provided logic (`newClient`, `newNumbers`). Suspends while its chunk is on its way; loads neither
 * the signed-in page workflows nor the other public page's.
 */
export function usePublicLogic<K extends keyof PublicLogic>(name: K): PublicLogic[K] {
  const load = useContext(PublicLogicContext);
  if (!load) throw new Error('no workflow logic: mount the view inside AppProviders');
  return use(load(name));
}

/**
 * The provided logic of every workflow. Rendered without `AppProviders`, a view fails loudly. While the page
 * workflows' chunk is on its way the view suspends (pages render inside a Suspense boundary with the loading overlay).
 */
export function useWorkflowLogic(): WorkflowLogic {
  const source = useContext(WorkflowLogicContext);
  if (!source) throw new Error('no workflow logic: mount the view inside AppProviders');
  // `use` on every render, never skipped once loaded: React replays a suspended view and counts on the same calls
  return use(source.load());
}

/**
 * The provided logic of every workflow once it is in, else null; never suspends. While `want` holds, it loads it (once)
 * and renders again when it arrives; a failed chunk is tried again when `want` turns on anew. For what the app starts
 * on its own rather than a page (the impersonation chart, ImpersonationHost).
 */
export function useLoadedWorkflowLogic(want: boolean): WorkflowLogic | null {
  const source = useContext(WorkflowLogicContext);
  if (!source) throw new Error('no workflow logic: mount the view inside AppProviders');
  const [logic, setLogic] = useState<WorkflowLogic | null>(source.peek);
  useEffect(() => {
    if (!want || logic !== null) return;
    let live = true;
    source.load().then(
      (loaded) => {
        if (live) setLogic(loaded);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [want, logic, source]);
  return logic;
}

/**
 * Starts loading the page workflows' logic (once; nothing if already there), so that a page's own chunk and that
 * logic download side by side instead of one after the other.
 */
export function usePreloadPageLogic(): () => void {
  const source = useContext(WorkflowLogicContext);
  return useCallback(() => {
    if (source && !source.ready) source.load().catch(() => {});
  }, [source]);
}
