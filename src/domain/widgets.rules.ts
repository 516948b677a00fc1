/**
 * Aside widgets of a content page (spec 2 "Widgets", spec 6 "Widgets").
 */

import { mayOpenActivityLog } from './activity.rules';
import { offers } from './capabilities.rules';
import { numberStatusKind, UNBILLED_ACCOUNT_TYPE } from './constants';
import { tashkentMonth } from './dates.rules';
import { mayReadPlans } from './plans.rules';
import { activeRole, roleGroup, roleSet, type UserFacts, userConfig } from './roles.rules';

/** An aside widget, in display order. */
export type WidgetKey = 'balance' | 'budget' | 'status' | 'employees' | 'sale';

/** Widgets to show, and the optional parts of the balance and status widgets. */
export interface WidgetFlags {
  /** Widgets shown, in the order balance, budget, status, employees, sale. */
  visible: WidgetKey[];
  /** The balance widget offers a top-up. */
  topUp: boolean;
  /** The balance widget shows the unbilled amount. */
  unbilled: boolean;
  /** The status widget shows the block/restore toggle. */
  blockToggle: boolean;
  /** The employees widget may lead to the employee list (the backend offers it, CAP1). */
  employeeList: boolean;
  /** The status widget leads to the company's activity log (`mayOpenActivityLog`, docs/decisions.md AL6). */
  activityLog: boolean;
  /** The status widget leads to the company's planned blocks and restores (`mayReadPlans`, docs/decisions.md SP9). */
  plans: boolean;
}

const NO_TOP_UP = roleSet('R000, R030, R004');

/** October (1..12), in Tashkent whatever the browser's zone (TZ1). */
const SALE_MONTH = 10;

const NONE: WidgetFlags = {
  visible: [],
  topUp: false,
  unbilled: false,
  blockToggle: false,
  employeeList: false,
  activityLog: false,
  plans: false,
};

/**
 * Widgets of a user at `now` (spec 2 / 6):
 * - only when config.widgets (non-administration users) and there is a profile to show;
 * - balance and status always; top-up not for R000, R030, R004; unbilled amount only for account type 16;
 * - block toggle not for type 16, nor for a number known to be terminated or tentative (nothing to toggle);
 * - budget hidden with a BAN selected or a null budget;
 * - employees (dispatcher) hidden for subscribers; otherwise shown when the profile has employee_data (open the
 *   list, when the backend offers it: CAP1) or a BAN is selected (return to the organisation);
 * - sale only in October, by the local month of `now`.
 */
export function widgetFlags(u: UserFacts, now: Date): WidgetFlags {
  const config = userConfig(u);
  const profile = u.profile;
  if (!config.widgets || profile === null) return NONE;
  const role = activeRole(u.roles) ?? '';
  const status = profile.status == null ? null : numberStatusKind(profile.status);
  const visible: WidgetKey[] = ['balance'];
  if (!u.banSelected && profile.budget != null) visible.push('budget');
  visible.push('status');
  const employeeList = offers(u, 'employees');
  if (roleGroup(role) !== 'subscriber' && ((config.dispatcher && employeeList) || u.banSelected))
    visible.push('employees');
  if (tashkentMonth(now) === SALE_MONTH) visible.push('sale');
  return {
    visible,
    topUp: !NO_TOP_UP.has(role),
    unbilled: profile.at === UNBILLED_ACCOUNT_TYPE,
    blockToggle: profile.at !== UNBILLED_ACCOUNT_TYPE && status !== 'terminated' && status !== 'tentative',
    employeeList,
    activityLog: mayOpenActivityLog(u),
    plans: mayReadPlans(u),
  };
}
