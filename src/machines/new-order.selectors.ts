import type { SnapshotFrom } from 'xstate';
import { exceedsBalance, type OrderRowDraft, orderTotal } from '@/domain/orders.rules';
import { draftKey } from '@/services/drafts/draft-store';
import { canRetry, errorWithRetry } from './error-code';
import type { NewOrderContext, NewOrderInput, NewOrderMachine } from './new-order.machine';
import { statePathOf } from './state-path';

/** A snapshot of the new-order machine. */
export type NewOrderSnapshot = SnapshotFrom<NewOrderMachine>;

/** Dotted leaf paths of the regions, e.g. `company.ready form.editing`. */
export const selectNewOrderState = (s: NewOrderSnapshot): string => statePathOf(s.value);

/** Which screen the form shows. */
export type NewOrderStep = 'restoring' | 'editing' | 'submitting' | 'failed' | 'done';
export const selectNewOrderStep = (s: NewOrderSnapshot): NewOrderStep => {
  if (s.matches('restoring')) return 'restoring';
  if (s.matches({ open: { form: 'submitting' } })) return 'submitting';
  if (s.matches({ open: { form: 'failed' } })) return 'failed';
  if (s.matches({ open: { form: 'done' } })) return 'done';
  return 'editing';
};

export const selectRows = (s: NewOrderSnapshot): readonly OrderRowDraft[] => s.context.rows;
export const selectAddress = (s: NewOrderSnapshot): string => s.context.address;
export const selectCatalogue = (s: NewOrderSnapshot): NewOrderContext['catalogue'] => s.context.catalogue;
const NO_PROBLEMS: NewOrderContext['problems'] = [];
/** Every wrong field of every row the last refused submit found, while the form is being edited. */
export const selectProblems = (s: NewOrderSnapshot): NewOrderContext['problems'] =>
  s.matches({ open: { form: 'editing' } }) ? s.context.problems : NO_PROBLEMS;
/** A row may be deleted (spec 5: never the last one). */
export const selectCanRemove = (s: NewOrderSnapshot): boolean => s.context.rows.length > 1;

/** The company data load (catalogue, address, tax id, balance together): its phase and its error code. */
export interface CompanyLoad {
  readonly phase: 'loading' | 'ready' | 'failed';
  readonly error: string | null;
}
export const selectCompanyLoad = (s: NewOrderSnapshot): CompanyLoad =>
  s.matches({ open: { company: 'loading' } })
    ? { phase: 'loading', error: null }
    : s.matches({ open: { company: 'failed' } })
      ? { phase: 'failed', error: s.context.companyError }
      : { phase: 'ready', error: null };
export const selectInn = (s: NewOrderSnapshot): string | null => s.context.inn;
export const selectBalance = (s: NewOrderSnapshot): number | null => s.context.balance;

/** The order's sum from the catalogue's category prices (GN12), and whether it is over the balance (E031). */
export const selectTotal = (s: NewOrderSnapshot): { total: number; overBalance: boolean } => {
  const prices = new Map((s.context.catalogue?.categories ?? []).map((c) => [c.id, c.price ?? 0]));
  const total = orderTotal(s.context.rows, (id) => prices.get(id) ?? 0);
  return { total, overBalance: exceedsBalance(total, s.context.balance) };
};

/** The delete dialog: the row it names (1-based) while it is open, else null. */
export const selectRemoveDialog = (s: NewOrderSnapshot): { index: number; number: number } | null =>
  s.matches({ open: { form: 'confirmingRemove' } }) && s.context.removeIndex !== null
    ? { index: s.context.removeIndex, number: s.context.removeIndex + 1 }
    : null;

export const selectSubmitting = (s: NewOrderSnapshot): boolean => s.hasTag('busy');
export const selectSubmitError = (s: NewOrderSnapshot): string | null =>
  s.matches({ open: { form: 'failed' } }) ? s.context.error : null;
export const selectCreatedOrder = (s: NewOrderSnapshot): NewOrderContext['order'] =>
  s.matches({ open: { form: 'done' } }) ? s.context.order : null;

export { canRetry } from './error-code';

/** What the new-order page's frame renders (decisions AR18): read by `useWorkflow` in one selector. */
export const connectNewOrderPage = (s: NewOrderSnapshot) => ({
  state: selectNewOrderState(s),
  step: selectNewOrderStep(s),
});

/** What the list of rows renders. */
export const connectRows = (s: NewOrderSnapshot) => ({
  rows: selectRows(s),
  problems: selectProblems(s),
  canRemove: selectCanRemove(s),
  busy: selectSubmitting(s),
});

/** What one row renders from the chart (the rest comes from the list). */
export const connectRow = (s: NewOrderSnapshot) => ({
  catalogue: selectCatalogue(s),
});

/** What the order's sum, its error and the submit button render. */
export const connectSummary = (s: NewOrderSnapshot) => ({
  ...selectTotal(s),
  busy: selectSubmitting(s),
  ...errorWithRetry(selectSubmitError(s)),
  step: selectNewOrderStep(s),
});

/** What the company data aside renders. */
export const connectCompany = (s: NewOrderSnapshot) => {
  const company = selectCompanyLoad(s);
  return {
    company,
    retry: canRetry(company.error),
    address: selectAddress(s),
    inn: selectInn(s),
    balance: selectBalance(s),
    step: selectNewOrderStep(s),
  };
};

/** What the delete dialog renders. */
export const connectRemoveDialog = (s: NewOrderSnapshot) => ({
  dialog: selectRemoveDialog(s),
});

/** What the created order's screen renders. `cancellable`: the order just made is `created` (GN8) and was placed by
 *  whom may order, so its company may take it back (GN15). */
export const connectCreatedOrder = (s: NewOrderSnapshot) => ({
  order: selectCreatedOrder(s),
  cancellable: selectCreatedOrder(s) !== null,
});

/** The chart's input for a signed-in user: the draft key of this page's form (GN12). */
export function newOrderInputOf(userName: string): NewOrderInput {
  return { draftKey: draftKey({ user: userName, path: '/purchase/order', form: 'newOrder' }) };
}
