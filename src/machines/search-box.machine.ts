import { assign, emit, setup } from 'xstate';
import { numberLookalike, parseSearch, type SearchMode } from '@/domain/search.rules';
import { SYSTEM_IDS, tellSystem } from './actor-system';
import { failTo, outputTo } from './call-fragment';
import { errorCodeOf, unprovided } from './error-code';
import type { StateMeta } from './state-meta';

/** What the 'choose' search looks up: a number (sn) or a BAN, as digits (spec 5). */
export interface SubscriberTarget {
  readonly kind: 'sn' | 'ban';
  readonly value: string;
}

/** The subscriber a lookup found (spec 7 `client/sn/{n}`, `client/ban/{n}` → the profile), as the box shows it. */
export interface FoundSubscriber {
  /** What was looked up; the same target is handed to impersonation when the user chooses it. */
  readonly target: SubscriberTarget;
  readonly ban: string | null;
  readonly sn: string | null;
  /** company name of the account, when the server sends one */
  readonly name: string | null;
}

/** The input errors of spec 5, as catalogue codes. */
export type SearchInputError = 'MANYINVALID' | 'SHORT3';

export interface SearchBoxContext {
  readonly mode: SearchMode;
  readonly input: string;
  readonly inputError: SearchInputError | null;
  /** the target of the running or last lookup */
  readonly target: SubscriberTarget | null;
  readonly found: FoundSubscriber | null;
  /** code of a failed lookup (E018, E016, network …), shown in the 'Ошибка!' dialog */
  readonly errorCode: string | null;
}

/**
 * Events of the header search box.
 * - `input.change`: user intent, the text in the box changed (clears an inline error and any result).
 * - `mode.select`: user intent, 'choose' (subscriber by number or BAN) or 'editing' (users).
 * - `search.submit`: user intent, run the search (Enter or the 'Найти' button).
 * - `result.choose`: user intent, view the found subscriber as that client (spec 4 "search, choose and back").
 * - `result.dismiss`: user intent, close the result without choosing.
 * - `error.dismiss`: user intent, close the 'Ошибка!' dialog of a failed lookup.
 * - `search.asNumber`: user intent, a BAN lookup of digits that could be a number failed; look the number up instead.
 */
export type SearchBoxEvent =
  | { type: 'input.change'; value: string }
  | { type: 'mode.select'; mode: SearchMode }
  | { type: 'search.submit' }
  | { type: 'result.choose' }
  | { type: 'result.dismiss' }
  | { type: 'error.dismiss' }
  | { type: 'search.asNumber' };

/**
 * What the box asks of the router (src/app/workflow-glue.tsx listens with `actor.on`):
 * - `users.search`: open the administration user search with this query ('editing' mode).
 * A chosen subscriber goes to the impersonation chart through the actor system (`impersonation.choose`).
 */
export type SearchBoxEmitted = { type: 'users.search'; q: string };

/** Input of the box: the mode it starts in (default 'choose'). */
export interface SearchBoxInput {
  readonly mode?: SearchMode;
}

/**
 * The header search box (spec 2 "Search box has two modes", spec 5 "Search"). The input is read by the domain rule
 * `parseSearch`: MANYINVALID / SHORT3 are shown inline; a valid 'choose' input is looked up and the found subscriber
 * offered for choosing; a valid 'editing' input opens the user search. A failed lookup shows the 'Ошибка!' dialog.
 */
export const searchBoxMachine = setup({
  types: {
    context: {} as SearchBoxContext,
    events: {} as SearchBoxEvent,
    emitted: {} as SearchBoxEmitted,
    input: {} as SearchBoxInput | undefined,
    meta: {} as StateMeta,
  },
  actors: {
    /** GET client/sn/{n} or client/ban/{n}: the subscriber's profile, or a rejection with its catalogue code. */
    lookup: unprovided<FoundSubscriber, SubscriberTarget>('lookup'),
  },
  guards: {
    isInputInvalid: ({ context }) => !parseSearch(context.mode, context.input).ok,
    isChooseMode: ({ context }) => context.mode === 'choose',
    /** A BAN lookup answered 'not found' (E018) on digits that could be a number without its leading 8. */
    isNotFoundNumberLookalike: ({ context, event }) =>
      'error' in event &&
      errorCodeOf(event.error) === 'E018' &&
      context.target?.kind === 'ban' &&
      numberLookalike(context.target.value) !== null,
  },
  actions: {
    assignInput: assign((_, params: { value: string }) => ({
      input: params.value,
      inputError: null,
      found: null,
    })),
    assignMode: assign((_, params: { mode: SearchMode }) => ({
      mode: params.mode,
      inputError: null,
      found: null,
    })),
    assignInputError: assign(({ context }) => {
      const parsed = parseSearch(context.mode, context.input);
      return { inputError: parsed.ok ? null : parsed.error, found: null };
    }),
    assignTarget: assign(({ context }) => {
      const parsed = parseSearch(context.mode, context.input);
      const target: SubscriberTarget | null =
        parsed.ok && parsed.kind !== 'query' ? { kind: parsed.kind, value: parsed.value } : null;
      return { target, found: null, errorCode: null };
    }),
    assignNumberTarget: assign(({ context }) => {
      const sn = context.target?.kind === 'ban' ? numberLookalike(context.target.value) : null;
      return {
        target: sn ? { kind: 'sn' as const, value: sn } : context.target,
        found: null,
        errorCode: null,
      };
    }),
    assignFound: assign((_, params: { found: FoundSubscriber }) => ({ found: params.found })),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCodeOf(params.error) })),
    clearResult: assign({ found: null, errorCode: null }),
    clearInput: assign({ input: '', target: null }),
    /** Start viewing the chosen subscriber as the client: the impersonation chart takes over. */
    chooseSubscriber: tellSystem<SearchBoxContext>(SYSTEM_IDS.impersonation, (context) => ({
      type: 'impersonation.choose',
      target: context.found?.target ?? context.target ?? { kind: 'ban' as const, value: '' },
    })),
    emitUserSearch: emit(({ context }) => ({ type: 'users.search' as const, q: context.input.trim() })),
  },
}).createMachine({
  id: 'searchBox',
  description:
    "Header search box: 'choose' finds a subscriber by number or BAN to view as the client, 'editing' searches users.",
  context: ({ input }) => ({
    mode: input?.mode ?? 'choose',
    input: '',
    inputError: null,
    target: null,
    found: null,
    errorCode: null,
  }),
  initial: 'idle',
  on: {
    'input.change': {
      target: '.idle',
      actions: { type: 'assignInput', params: ({ event }) => ({ value: event.value }) },
    },
    'mode.select': {
      target: '.idle',
      actions: { type: 'assignMode', params: ({ event }) => ({ mode: event.mode }) },
    },
  },
  states: {
    idle: {
      description: 'The box waits for input; no error, no result.',
      meta: { view: 'search form with mode switch, input and Найти button', testId: 'search-box' },
      on: {
        'search.submit': [
          { guard: 'isInputInvalid', target: 'invalid', actions: 'assignInputError' },
          { guard: 'isChooseMode', target: 'lookingUp', actions: 'assignTarget' },
          { actions: 'emitUserSearch' },
        ],
      },
    },
    invalid: {
      description:
        'The input breaks the rule of the mode: MANYINVALID (choose) or SHORT3 (editing), shown inline until the ' +
        'input or the mode changes.',
      meta: { view: 'inline error under the input (MANYINVALID or SHORT3)', testId: 'search-error' },
      tags: ['error'],
    },
    lookingUp: {
      description: 'Looks the subscriber up by number or BAN (GET client/sn/{n} or client/ban/{n}).',
      meta: { view: 'Найти button busy', testId: 'search-busy' },
      tags: ['busy'],
      invoke: {
        id: 'lookup',
        src: 'lookup',
        input: ({ context }) => context.target ?? { kind: 'ban', value: '' },
        onDone: outputTo('found', 'assignFound', 'found'),
        onError: [{ guard: 'isNotFoundNumberLookalike', ...failTo('offeringNumber') }, failTo('failed')],
      },
    },
    found: {
      description: 'The subscriber was found; the user may choose it to view the account as that client.',
      meta: { view: 'search result with the Выбрать button', testId: 'search-result' },
      on: {
        'search.submit': { target: 'lookingUp', actions: 'assignTarget' },
        'result.choose': { target: 'idle', actions: ['chooseSubscriber', 'clearResult', 'clearInput'] },
        'result.dismiss': { target: 'idle', actions: 'clearResult' },
      },
    },
    failed: {
      description:
        "The lookup failed (E018 account not found after search, …): the 'Ошибка!' dialog shows the text.",
      meta: { view: "'Ошибка!' dialog with the error text", testId: 'search-failed' },
      tags: ['error'],
      on: {
        'error.dismiss': { target: 'idle', actions: 'clearResult' },
      },
    },
    offeringNumber: {
      description:
        'A BAN lookup of 9 digits that could be a number without its leading 8 (901234567) found no account (E018): ' +
        "the 'Ошибка!' dialog says so and offers to look the number 8901234567 up instead.",
      meta: {
        view: "'Ошибка!' dialog with the E018 text and the 'search as a number' button",
        testId: 'search-as-number',
      },
      tags: ['error'],
      on: {
        'search.asNumber': { target: 'lookingUp', actions: 'assignNumberTarget' },
        'error.dismiss': { target: 'idle', actions: 'clearResult' },
      },
    },
  },
});

export type SearchBoxMachine = typeof searchBoxMachine;
