import { NUMBER_STATUS, NUMBER_TABS, type NumberTab, numberInTab } from '../../src/domain/constants';
import { ensure, type Handlers } from '../handler';
import type { Viewer } from '../viewer';

/** Status codes listed under each tab, from the domain rule (A/O active, S blocked, T pending, all). */
const TAB_CODES: Record<NumberTab, readonly string[] | null> = Object.fromEntries(
  NUMBER_TABS.map((tab) => [
    tab,
    tab === 'all' ? null : Object.keys(NUMBER_STATUS).filter((code) => numberInTab(tab, code)),
  ]),
) as Record<NumberTab, readonly string[] | null>;

/**
 * Whose numbers a viewer may list: the BAN profile in view (a curator's or key owner's own BAN, or the BAN an
 * administrator is impersonating — "limited to the chosen BAN"); staff not impersonating, any BAN if they may
 * search. A single number's profile (subscriber) lists no company numbers.
 */
export function mayListNumbers(v: Viewer, ban: string): boolean {
  if (v.profile) return v.profile.sn == null && v.profile.ban === ban;
  return v.config.search;
}

export const numbersHandlers: Handlers = {
  'profile.numbers': ({ input, session, svc }) => {
    const { ban, status, page, size, q } = input.query;
    ensure(mayListNumbers(session.viewer, ban), 'E005');
    ensure(svc.profiles.exists(ban), 'E052');
    const digits = q?.replace(/\D/g, '') || null;
    const { total, content } = svc.numbers.list(ban, TAB_CODES[status ?? 'all'], digits, page, size);
    // U19: every tab's count with the same filter, so the tabs say how many they list
    const counts = Object.fromEntries(
      NUMBER_TABS.map((tab) => [
        tab,
        tab === (status ?? 'all') ? total : svc.numbers.list(ban, TAB_CODES[tab], digits, 0, 0).total,
      ]),
    ) as Record<NumberTab, number>;
    return { content, totalElements: total, totalPages: Math.ceil(total / size), page, size, counts };
  },
};
