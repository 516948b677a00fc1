import type { SnapshotFrom } from 'xstate';
import { numberLookalike } from '@/domain/search.rules';
import type { FoundSubscriber, SearchBoxMachine, SearchInputError } from './search-box.machine';
import { statePathOf } from './state-path';

/** A snapshot of the search box, as `useSelector` hands it to a selector. */
export type SearchBoxSnapshot = SnapshotFrom<SearchBoxMachine>;

/** Dotted state path for `data-state`. */
export const selectSearchStatePath = (s: SearchBoxSnapshot): string => statePathOf(s.value);
export const selectSearchMode = (s: SearchBoxSnapshot) => s.context.mode;
export const selectSearchInput = (s: SearchBoxSnapshot): string => s.context.input;
/** MANYINVALID / SHORT3 while the input error is shown. */
export const selectSearchInputError = (s: SearchBoxSnapshot): SearchInputError | null =>
  s.matches('invalid') ? s.context.inputError : null;
/** The found subscriber while it is offered for choosing. */
export const selectFoundSubscriber = (s: SearchBoxSnapshot): FoundSubscriber | null =>
  s.matches('found') ? s.context.found : null;
/** The code shown in the 'Ошибка!' dialog while it is open. */
export const selectSearchFailure = (s: SearchBoxSnapshot): string | null =>
  s.matches('failed') || s.matches('offeringNumber') ? (s.context.errorCode ?? 'unknown') : null;
/** The lookup runs: the submit button is busy. */
export const selectIsSearching = (s: SearchBoxSnapshot): boolean => s.hasTag('busy');
/**
 * While the 'Ошибка!' dialog of a failed BAN lookup is open: the number (as digits, `8901234567`) the same digits
 * could be, offered as 'search as a number'; otherwise null.
 */
export const selectNumberOffer = (s: SearchBoxSnapshot): string | null =>
  s.matches('offeringNumber') && s.context.target?.kind === 'ban'
    ? numberLookalike(s.context.target.value)
    : null;

/** What the header search box renders (decisions AR18): read by `useWorkflow` in one selector. */
export const connectSearchBox = (s: SearchBoxSnapshot) => ({
  statePath: selectSearchStatePath(s),
  mode: selectSearchMode(s),
  input: selectSearchInput(s),
  inputError: selectSearchInputError(s),
  found: selectFoundSubscriber(s),
  failure: selectSearchFailure(s),
  busy: selectIsSearching(s),
  numberOffer: selectNumberOffer(s),
});
