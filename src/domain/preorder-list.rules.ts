import { visibleNav } from './navigation.rules';
import type { UserFacts } from './roles.rules';

/*
 * The staff side of the pre-orders (NC8, NC12, NC13): who lists them, how they move, the list's pages. Apart from the
 * wizard's rules (src/domain/preorder.rules.ts), so that the public wizard does not carry the roles and navigation
 * rules these need (docs/decisions.md NC15).
 */

/** Who sees the created pre-orders (NC8): the users with the Orders section (spec 6: R008, R000, R009, R018-R023,
 *  R032). */
export function mayListPreorders(facts: UserFacts): boolean {
  return visibleNav(facts).includes('orders');
}

/** Statuses of a pre-order (NC6): created `new`, taken for `review` by staff, then `registered` or `rejected`. */
export type PreorderState = 'new' | 'review' | 'registered' | 'rejected';
/** A status staff move a pre-order to (a pre-order is only ever created `new`). */
export type PreorderMove = Exclude<PreorderState, 'new'>;

/** Where staff may move a pre-order from each status (NC12). */
const PREORDER_NEXT: Readonly<Record<PreorderState, readonly PreorderMove[]>> = {
  new: ['review', 'rejected'],
  review: ['registered', 'rejected'],
  registered: [],
  rejected: [],
};

/** The statuses a pre-order may be moved to next, in order (NC12); none for an unknown or final status. */
export function nextPreorderStatuses(from: string): readonly PreorderMove[] {
  return Object.hasOwn(PREORDER_NEXT, from) ? PREORDER_NEXT[from as PreorderState] : [];
}

/**
 * The phone reservation flag after a move (spec 4 "Phone reservation flag: true on successful reservation, false
 * after successful registration"; NC7, NC12): a registered pre-order — and a rejected one, which keeps nothing —
 * holds no numbers any more; review keeps what it had.
 */
export function reservationAfter(to: PreorderMove, reserved: boolean): boolean {
  return to === 'review' ? reserved : false;
}

/** Pre-orders on a page of the staff list (NC8: newest first). */
export const PREORDER_PAGE_SIZE = 20;

/** The staff list's page from the URL (NC13): a positive integer up to 10 000, otherwise 1. */
export function parsePreorderListPage(get: (name: string) => string | null): number {
  const raw = get('page') ?? '';
  const page = /^\d{1,5}$/.test(raw) ? Number(raw) : 1;
  return page >= 1 && page <= 10_000 ? page : 1;
}

/** Pages of a list of `total` pre-orders (0 for none). */
export function preorderPageCount(total: number): number {
  return Math.ceil(total / PREORDER_PAGE_SIZE);
}
