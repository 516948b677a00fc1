import type { SnapshotFrom } from 'xstate';
import type { AddonsParams } from '@/domain/addons.rules';
import type { AddonsContext, AddonsMachine, NumberOptions, ServicePackage } from './addons.machine';
import { canRetry, errorWithRetry } from './error-code';
import { statePathOf } from './state-path';

/** A snapshot of the services page machine. */
export type AddonsSnapshot = SnapshotFrom<AddonsMachine>;

/** Dotted leaf paths of the two regions (the page's `data-state`). */
export const selectAddonsState = (s: AddonsSnapshot): string => statePathOf(s.value);
export const selectAddonsParams = (s: AddonsSnapshot): AddonsParams => s.context.params;

/** The catalogue's packages of the URL's group (the promotion's package on the promotion list). */
export const selectGroupPackages = (s: AddonsSnapshot): readonly ServicePackage[] => {
  const c = s.context.catalogue;
  if (!c) return [];
  if (s.context.params.list === 'promo') return c.promo ? [c.promo] : [];
  return c.packages.filter((p) => p.group === s.context.params.group);
};
/** The package the URL chooses, when the catalogue has it (the promotion list: its free package). */
export const selectChosenPackage = (s: AddonsSnapshot): ServicePackage | null => {
  const c = s.context.catalogue;
  if (!c) return null;
  if (s.context.params.list === 'promo') return c.promo;
  return c.packages.find((p) => p.soc === s.context.params.soc) ?? null;
};
export const selectCatalogueLoading = (s: AddonsSnapshot): boolean =>
  s.matches({ employees: 'loadingCatalogue' });
export const selectCatalogueError = (s: AddonsSnapshot): string | null =>
  s.matches({ employees: 'catalogueFailed' }) ? s.context.catalogueError : null;

export const selectEmployeesShown = (s: AddonsSnapshot): AddonsContext['shown'] => s.context.shown;
export const selectEmployeesLoading = (s: AddonsSnapshot): boolean => s.hasTag('busy');
/** The page on screen is the one the URL asks for. */
export const selectEmployeesCurrent = (s: AddonsSnapshot): boolean =>
  !s.hasTag('busy') &&
  !s.matches({ employees: 'failed' }) &&
  !s.matches({ employees: 'catalogueFailed' }) &&
  s.context.shown !== null;
export const selectEmployeesError = (s: AddonsSnapshot): string | null =>
  s.matches({ employees: 'failed' }) ? s.context.listError : null;

export const selectSelected = (s: AddonsSnapshot): readonly string[] => s.context.selected;
export const selectSelectingAll = (s: AddonsSnapshot): boolean => s.hasTag('selecting');
export const selectSelectionError = (s: AddonsSnapshot): string | null =>
  s.matches({ employees: 'selectAllFailed' }) ? s.context.selectionError : null;
/** "Select all filtered" is offered once a page is on screen and while nothing else runs. */
export const selectCanSelectAll = (s: AddonsSnapshot): boolean =>
  s.matches({ employees: 'ready' }) && (s.context.shown?.total ?? 0) > 0;

/** What the checkout buttons may start: a package is needed to connect or disconnect one. */
export const selectCheckoutReady = (s: AddonsSnapshot): { numbers: boolean; withPackage: boolean } => ({
  numbers: s.context.selected.length > 0,
  withPackage: s.context.selected.length > 0 && selectChosenPackage(s) !== null,
});

export type OptionsPhase = AddonsSnapshot['value']['options'];
export const selectOptionsPhase = (s: AddonsSnapshot): OptionsPhase => s.value.options;
export const selectOptionsFor = (s: AddonsSnapshot): AddonsContext['optionsFor'] => s.context.optionsFor;
export const selectOptions = (s: AddonsSnapshot): NumberOptions | null => s.context.options;
export const selectOptionsError = (s: AddonsSnapshot): string | null =>
  s.matches({ options: 'failed' }) ? s.context.optionsError : null;

export { canRetry } from './error-code';

/** What the services page's frame renders (the list tabs, the action buttons; decisions AR18): read by `useWorkflow`
 *  in one selector. */
export const connectServicesPage = (s: AddonsSnapshot) => ({
  state: selectAddonsState(s),
  shown: selectEmployeesShown(s),
  current: selectEmployeesCurrent(s),
  selected: selectSelected(s),
  ready: selectCheckoutReady(s),
  chosen: selectChosenPackage(s),
});

/** What the package catalogue renders. */
export const connectCatalogue = (s: AddonsSnapshot) => ({
  packages: selectGroupPackages(s),
  chosen: selectChosenPackage(s),
  loading: selectCatalogueLoading(s),
  ...errorWithRetry(selectCatalogueError(s)),
});

/** What the employees list renders: its page, the selection and its failure. */
export const connectEmployees = (s: AddonsSnapshot) => {
  const selectionError = selectSelectionError(s);
  return {
    shown: selectEmployeesShown(s),
    loading: selectEmployeesLoading(s),
    ...errorWithRetry(selectEmployeesError(s)),
    selected: selectSelected(s),
    selectingAll: selectSelectingAll(s),
    selectionError,
    selectionRetry: canRetry(selectionError),
    canSelectAll: selectCanSelectAll(s),
    catalogueError: selectCatalogueError(s),
  };
};

/** What one number's options panel renders. */
export const connectOptions = (s: AddonsSnapshot) => ({
  phase: selectOptionsPhase(s),
  forNumber: selectOptionsFor(s),
  options: selectOptions(s),
  ...errorWithRetry(selectOptionsError(s)),
});

/** What the checkout takes from the page when it opens: the numbers and the package chosen. */
export const connectCheckoutChoice = (s: AddonsSnapshot) => ({
  selected: selectSelected(s),
  chosen: selectChosenPackage(s),
});
